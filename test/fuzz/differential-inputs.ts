import { randomFrom } from '../helpers/seeded.js';

/**
 * Seeded mutations of the conformance vectors for the differential test (test/fuzz/differential.test.ts): each
 * input is a vector's answer with one or two of the changes issue 27 lists (a field set to null, a wrong type, a
 * missing field, an unknown key, role or content kind, a key written twice, a huge number, odd Unicode), written as
 * JSON text. The same seed gives the same inputs.
 */

/** The part of the generated package's SPEC the mutations read the model's names from. */
export interface SpecNames {
  tree: { root: string; children: string; role: string; attributes: string | null; content: string | null };
  records: Readonly<Record<string, readonly { name: string; required: boolean }[]>>;
  contentKinds: readonly { type: string; properties: Readonly<Record<string, string>> }[];
  reservedAttributes: readonly { name: string }[];
}

/** A number written as it stands in the text, beyond what a JavaScript number can hold. */
class Raw {
  constructor(readonly text: string) {}
}

/** Keys written a second time after an object's own entries, with another value. */
const TWICE = Symbol('twice');

type Json = null | boolean | number | string | Raw | Json[] | JsonObject;
interface JsonObject {
  [key: string]: Json;
  [TWICE]?: [string, Json][];
}

export interface DifferentialInput {
  /** The vector it was made from and what was done to it, for a failure's message. */
  name: string;
  changes: string[];
  text: string;
}

/** Where a mutation can act: an object the checkers walk (not inside one of MCP's nested objects), and what it is. */
interface Place {
  node: JsonObject;
  kind: 'answer' | 'element' | 'attributes' | 'content';
  path: string;
}

const HUGE = ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '1e-400', '-0', '0.1e1', '1E2'];
const ODD = ['', '\u0000', '\ud83d\ude00', 'e\u0301', '\u202ertl', '\ufeff', '\uffff', '\u2028', '\ud800', '\udfff x', 'ǅ', '\u00a0'];
const WRONG: Json[] = [null, true, false, 0, -1, 1.5, 'x', [], {}, [null], { a: 1 }];

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Raw);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : v instanceof Raw ? 'number' : typeof v);

/** Writes a value as JSON text, with the raw numbers as they are and every key written twice after the rest. */
export function write(value: Json): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`);
    for (const [k, v] of value[TWICE] ?? []) entries.push(`${JSON.stringify(k)}:${write(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The objects of an answer a checker walks: the answer, each element, its attributes and its content blocks. */
function places(answer: Json, spec: SpecNames): Place[] {
  if (!isObject(answer)) return [];
  const out: Place[] = [{ node: answer, kind: 'answer', path: '' }];
  const { tree } = spec;
  const walk = (element: Json, path: string, depth: number): void => {
    if (!isObject(element) || depth > 40) return;
    out.push({ node: element, kind: 'element', path });
    const attributes = tree.attributes === null ? undefined : element[tree.attributes];
    if (isObject(attributes)) out.push({ node: attributes, kind: 'attributes', path: `${path}/${tree.attributes}` });
    const content = tree.content === null ? undefined : element[tree.content];
    if (Array.isArray(content)) content.forEach((b, i) => isObject(b) && out.push({ node: b, kind: 'content', path: `${path}/${tree.content}/${i}` }));
    const children = element[tree.children];
    if (Array.isArray(children)) children.forEach((c, i) => walk(c, `${path}/${tree.children}/${i}`, depth + 1));
  };
  walk(answer[tree.root] ?? null, `/${tree.root}`, 0);
  return out;
}

/** The field names a place may hold: the record's fields, the reserved attributes, or the content kind's properties. */
function fieldsOf(place: Place, spec: SpecNames, answerType: string, nodeType: string): string[] {
  if (place.kind === 'answer') return (spec.records[answerType] ?? []).map((f) => f.name);
  if (place.kind === 'element') return (spec.records[nodeType] ?? []).map((f) => f.name);
  if (place.kind === 'attributes') return spec.reservedAttributes.map((a) => a.name);
  const kind = spec.contentKinds.find((k) => k.type === place.node.type);
  return Object.keys(kind?.properties ?? {});
}

/**
 * `count` inputs from `answers` (each vector's name and answer), drawn from `seed`. Every mutation keeps to the
 * objects the checkers walk: inside MCP's nested objects (an `annotations` object's fields) only the JSON Schemas
 * look (spec/README.md, Null), so a change there is no disagreement to find.
 */
export function differentialInputs(answers: readonly { name: string; input: unknown }[], spec: SpecNames, types: { answer: string; node: string }, seed: number, count: number): DifferentialInput[] {
  const random = randomFrom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const inputs: DifferentialInput[] = [];
  for (let n = 0; n < count; n++) {
    const base = pick(answers);
    const answer = structuredClone(base.input) as Json;
    const changes: string[] = [];
    const times = random() < 0.7 ? 1 : 2;
    for (let t = 0; t < times; t++) {
      const all = places(answer, spec);
      if (all.length === 0) break;
      const place = pick(all);
      const keys = Object.keys(place.node);
      const known = fieldsOf(place, spec, types.answer, types.node);
      const key = pick([...keys, ...known]);
      const at = `${place.path}/${key}`;
      switch (pick(['null', 'null', 'wrong-type', 'missing', 'unknown-key', 'unknown-name', 'twice', 'huge', 'unicode', 'unicode-key'] as const)) {
        case 'null':
          place.node[key] = null;
          changes.push(`${at} = null`);
          break;
        case 'wrong-type': {
          const was = jsonType(place.node[key]);
          const value = pick(WRONG.filter((v) => jsonType(v) !== was));
          place.node[key] = structuredClone(value);
          changes.push(`${at} = ${write(value)}`);
          break;
        }
        case 'missing':
          delete place.node[key];
          changes.push(`${at} left out`);
          break;
        case 'unknown-key': {
          const name = pick(['extra', 'x-vendor', 'Id', 'constructor', 'toString', 'ROLE', 'é']);
          place.node[name] = pick(WRONG);
          changes.push(`${place.path}/${name} added`);
          break;
        }
        case 'unknown-name': {
          // A role or content kind this version does not define, or a known one in another letter case.
          const name = pick(['Widget', 'hologram', 'application', 'TEXT', 'text ', 'Button\u0000']);
          const field = place.kind === 'content' ? 'type' : place.kind === 'element' ? spec.tree.role : key;
          place.node[field] = name;
          changes.push(`${place.path}/${field} = ${JSON.stringify(name)}`);
          break;
        }
        case 'twice': {
          if (keys.length === 0) break;
          const again = pick(keys);
          (place.node[TWICE] ??= []).push([again, pick(WRONG)]);
          changes.push(`${place.path}/${again} written twice`);
          break;
        }
        case 'huge': {
          const text = pick(HUGE);
          place.node[key] = new Raw(text);
          changes.push(`${at} = ${text}`);
          break;
        }
        case 'unicode': {
          const odd = pick(ODD);
          const was = place.node[key];
          place.node[key] = typeof was === 'string' ? (random() < 0.5 ? `${was}${odd}` : odd) : odd;
          changes.push(`${at} = ${JSON.stringify(place.node[key])}`);
          break;
        }
        case 'unicode-key': {
          const name = `${key}${pick(ODD)}`;
          place.node[name] = place.node[key] ?? null;
          changes.push(`${place.path}/${JSON.stringify(name)} added`);
          break;
        }
      }
    }
    inputs.push({ name: base.name, changes, text: write(answer) });
  }
  return inputs;
}
