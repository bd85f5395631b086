import { randomFrom } from '../helpers/seeded.js';
import { mutateGrammar } from './grammar-mutations.js';

/**
 * Seeded mutations of the conformance vectors for the differential test (test/fuzz/differential.test.ts): each
 * input is a vector's answer with one or two of the changes issue 27 lists (a field set to null, a wrong type, a
 * missing field, an unknown key, role or content kind, a key written twice, a huge number, odd Unicode), written as
 * JSON text; then a share of them (GRAMMAR_SHARE) one change to its bytes or tokens (./grammar-mutations.ts), so the
 * readers meet text that is not JSON too. The same seed gives the same inputs.
 */

/** The share of inputs whose text is then changed at the level of bytes and tokens. */
const GRAMMAR_SHARE = 0.4;

/** The part of the generated package's SPEC the mutations read the model's names from. */
export interface SpecNames {
  tree: { root: string; children: string; role: string; attributes: string | null; content: string | null };
  records: Readonly<Record<string, readonly { name: string; required: boolean }[]>>;
  contentKinds: readonly { type: string; properties: Readonly<Record<string, string>>; nested: readonly { name: string; shape: Shape }[] }[];
  reservedAttributes: readonly { name: string }[];
  shapes: Readonly<Record<string, Shape>>;
}

/** The part of a NestedShape (the spec data's shapes of MCP's nested objects) the mutations read. */
interface Shape {
  readonly type: string;
  readonly ref?: string;
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly items?: Shape;
  readonly properties?: readonly { readonly name: string; readonly shape: Shape }[];
  readonly required?: readonly string[];
  readonly members?: readonly { readonly name: string; readonly key: string }[];
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
  bytes: Uint8Array;
}

/** Where a mutation can act: an object the checkers walk, and what it is; inside MCP's nested objects, see 'nested'. */
interface Place {
  node: JsonObject;
  kind: 'answer' | 'element' | 'attributes' | 'content';
  path: string;
}

const HUGE = ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '1e-400', '-0', '0.1e1', '1E2'];
const ODD = ['', '\u0000', '\ud83d\ude00', 'e\u0301', '\u202ertl', '\ufeff', '\uffff', '\u2028', '\ud800', '\udfff x', 'ǅ', '\u00a0'];
const WRONG: Json[] = [null, true, false, 0, -1, 1.5, 'x', [], {}, [null], { a: 1 }];
/** Numbers at and past a bound, and times that MCP's date-time pattern takes or refuses. */
const NUMBERS = [-1, -0.0001, 0, 0.25, 1, 1.0001, 5, 1e300];
const TIMES = ['2026-12-04T07:00:00Z', '2026-12-04T07:00:00.123+01:00', '2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '2026-12-04', '2026-12-04T07:00:00', '2026-12-04t07:00:00z', '2026-12-04T24:00:00Z', '2026-12-04T07:00:00Z\n', 'yesterday', ''];

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

/** A value for a nested shape, mostly what MCP's schema allows, with the slips a provider makes. */
function nestedValue(shape: Shape, shapes: SpecNames['shapes'], random: () => number, depth = 0): Json {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const own = shape.ref === undefined ? shape : shapes[shape.ref];
  if (own === undefined || depth > 4 || random() < 0.08) return structuredClone(pick(WRONG));
  switch (own.type) {
    case 'string':
      if (own.enum) return random() < 0.75 ? pick(own.enum) : pick(['robot', 'User', '', ' user']);
      if (own.pattern) return pick(TIMES);
      return pick(['x', 'https://example.com/a', 'image/png', '']);
    case 'number':
      return pick(NUMBERS);
    case 'boolean':
      return random() < 0.5;
    case 'array': {
      const n = Math.floor(random() * 3);
      return own.items ? Array.from({ length: n }, () => nestedValue(own.items as Shape, shapes, random, depth + 1)) : [];
    }
    case 'object': {
      if (own.members) {
        const members = own.members.filter(() => random() < 0.5);
        const chosen = members.length === 0 && random() < 0.7 ? [pick(own.members)] : members;
        const out: JsonObject = {};
        for (const m of chosen) Object.assign(out, nestedValue({ type: 'object', ref: m.name }, shapes, random, depth + 1) as JsonObject);
        return out;
      }
      const out: JsonObject = {};
      for (const p of own.properties ?? []) {
        const required = own.required?.includes(p.name) ?? false;
        if (required ? random() < 0.9 : random() < 0.5) out[p.name] = nestedValue(p.shape, shapes, random, depth + 1);
      }
      if (random() < 0.1) out['x-vendor'] = pick(WRONG);
      return out;
    }
    default:
      return pick(WRONG);
  }
}

/**
 * `count` inputs from `answers` (each vector's name and answer), drawn from `seed`: changes to the objects the
 * checkers walk, and (`nested`) a content block's nested MCP object (its annotations, resource or icons) made anew.
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
      switch (pick(['null', 'null', 'wrong-type', 'missing', 'unknown-key', 'unknown-name', 'twice', 'huge', 'unicode', 'unicode-key', 'nested', 'nested'] as const)) {
        case 'nested': {
          // A content block's annotations, resource or icons made anew: in MCP's shape or just off it.
          const kind = place.kind === 'content' ? spec.contentKinds.find((k) => k.type === place.node.type) : undefined;
          if (!kind || kind.nested.length === 0) break;
          const n = pick(kind.nested);
          place.node[n.name] = nestedValue(n.shape, spec.shapes, random);
          changes.push(`${place.path}/${n.name} = ${write(place.node[n.name] as Json)}`);
          break;
        }
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
    const text = write(answer);
    if (random() < GRAMMAR_SHARE) {
      const { bytes, change } = mutateGrammar(text, random);
      inputs.push({ name: base.name, changes: [...changes, change], bytes });
    } else {
      inputs.push({ name: base.name, changes, bytes: Buffer.from(text, 'utf8') });
    }
  }
  return inputs;
}
