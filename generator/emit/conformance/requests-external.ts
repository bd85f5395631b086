import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from '../kit/answer-schema.js';
import { contentAlternatives } from '../kit/spec-data.js';
import type { Json } from '../kit/vector.js';
import { minimalInstance, withTwoAlternatives } from './answers.js';

/**
 * Values of an external type (MCP's content blocks) for the request vectors, read from the strict schema's own
 * definitions of it (MCP's, vendored), since the spec's tables say nothing of their insides: a valid value, and slips
 * the schema refuses inside one: a kind MCP does not define or not a string, a number past its bounds, a string its
 * pattern refuses, the keys of two alternatives together; and a valid value at the edges: each bound met exactly and
 * each pattern met by a sample of its format.
 */

type Schema = { [key: string]: unknown };
type Obj = { [key: string]: Json };

export interface ExternalSlip {
  kind:
    | 'unknown-kind'
    | 'kind-not-string'
    | 'out-of-range'
    | 'pattern-mismatch'
    | 'pattern-foreign-digits'
    | 'pattern-trailing-newline'
    | 'several-alternatives';
  value: Json;
  why: string;
}

export interface ExternalSamples {
  valid: Json;
  /** A valid value whose bounded number stands at its maximum and whose patterned string is a sample of its format. */
  edge: Json | undefined;
  slips: ExternalSlip[];
}

/**
 * A value of each JSON Schema format a pattern of MCP's may stand for, chosen to reach far into the pattern: a leap
 * day, a fraction of a second and an offset. Used only where the pattern accepts it.
 */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = { 'date-time': '2024-02-29T23:59:59.5+01:00' };

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A member with a bound or a pattern: the path to it, a value refused there, and one accepted at the edge (if any). */
interface Bounded {
  path: string[];
  value: Json;
  edge: Json | undefined;
  /** The pattern, for a string member. */
  pattern?: string;
}

/**
 * The sample with one ASCII digit turned into an Arabic-Indic one where the pattern's `\d` stands: a string an
 * engine reading `\d` as any script's digit accepts and ECMAScript's refuses. Undefined when no digit is at a `\d`.
 */
function foreignDigit(pattern: string, sample: string): string | undefined {
  const anyScript = new RegExp(pattern.replace(/\\d/g, '\\p{Nd}'), 'u');
  const ascii = new RegExp(pattern, 'u');
  for (let i = 0; i < sample.length; i++) {
    const ch = sample[i] as string;
    if (!/[0-9]/.test(ch)) continue;
    const candidate = `${sample.slice(0, i)}${String.fromCodePoint(0x0660 + Number(ch))}${sample.slice(i + 1)}`;
    if (anyScript.test(candidate) && !ascii.test(candidate)) return candidate;
  }
  return undefined;
}

class Reader {
  constructor(readonly defs: Record<string, Schema>) {}

  resolve(s: Schema): Schema {
    const ref = s.$ref;
    if (typeof ref !== 'string') return s;
    const target = this.defs[ref.replace('#/$defs/', '')];
    return isSchema(target) ? this.resolve(target) : {};
  }

  /** The first alternative of a union, resolved. */
  chosen(s: Schema): Schema {
    const r = this.resolve(s);
    const first = Array.isArray(r.anyOf) ? r.anyOf[0] : Array.isArray(r.oneOf) ? r.oneOf[0] : undefined;
    return isSchema(first) ? this.chosen(first) : r;
  }

  properties(s: Schema): [string, Schema][] {
    return isSchema(s.properties)
      ? Object.entries(s.properties).filter((e): e is [string, Schema] => isSchema(e[1]))
      : [];
  }

  /**
   * The first optional member, at most two objects deep, whose schema bounds a number or patterns a string, with a
   * value it refuses: the path to it and that value.
   */
  bounded(s: Schema, kind: 'range' | 'pattern', depth = 0): Bounded | undefined {
    const r = this.chosen(s);
    for (const [key, raw] of this.properties(r)) {
      const p = this.resolve(raw);
      if (kind === 'range' && typeof p.maximum === 'number')
        return { path: [key], value: p.maximum + 1, edge: p.maximum };
      if (kind === 'pattern' && typeof p.pattern === 'string' && !new RegExp(p.pattern, 'u').test('text')) {
        const sample = typeof p.format === 'string' ? FORMAT_SAMPLES[p.format] : undefined;
        const edge = sample !== undefined && new RegExp(p.pattern, 'u').test(sample) ? sample : undefined;
        return { path: [key], value: 'text', edge, pattern: p.pattern };
      }
      if (depth < 2 && (p.type === 'object' || isSchema(p.properties))) {
        const inner = this.bounded(p, kind, depth + 1);
        if (inner) return { ...inner, path: [key, ...inner.path] };
      }
    }
    return undefined;
  }
}

/** The value with `value` set at `path`, each object on the way built from its schema's required members. */
function setAt(reader: Reader, s: Schema, base: Obj, path: readonly string[], value: Json): Obj {
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...base, [key]: value };
  const member = reader.properties(reader.chosen(s)).find(([k]) => k === key)?.[1] ?? {};
  const inner = isSchema(base[key]) ? base[key] : minimalInstance(member, reader.defs);
  return { ...base, [key]: setAt(reader, member, isSchema(inner) ? (inner as Obj) : {}, rest, value) };
}

/** A valid value of the external type and its slips, or undefined when the schema gives none to build. */
export function externalSamples(model: CanonicalModel, typeName: string): ExternalSamples | undefined {
  const defs = answerSchema(model, 'strict').$defs;
  if (!isSchema(defs) || !isSchema(defs[typeName])) return undefined;
  const reader = new Reader(defs as Record<string, Schema>);
  const schema = defs[typeName] as Schema;
  const valid = minimalInstance(schema, defs as Record<string, Schema>);
  if (!isSchema(valid)) return undefined;
  const slips: ExternalSlip[] = [];
  const alternative = reader.chosen(schema);
  const tag = reader.properties(alternative).find(([, p]) => 'const' in reader.resolve(p))?.[0];
  if (tag) {
    slips.push({
      kind: 'unknown-kind',
      value: { ...(valid as Obj), [tag]: 'notAKind' },
      why: `a ${tag} the type does not define`,
    });
    slips.push({
      kind: 'kind-not-string',
      value: { ...(valid as Obj), [tag]: 1 },
      why: `a ${tag} that is not a string`,
    });
  }
  const range = reader.bounded(schema, 'range');
  if (range)
    slips.push({
      kind: 'out-of-range',
      value: setAt(reader, schema, valid as Obj, range.path, range.value),
      why: `${range.path.join('.')} past its bounds`,
    });
  const pattern = reader.bounded(schema, 'pattern');
  if (pattern)
    slips.push({
      kind: 'pattern-mismatch',
      value: setAt(reader, schema, valid as Obj, pattern.path, pattern.value),
      why: `${pattern.path.join('.')} not of its pattern`,
    });
  // Where engines part from ECMAScript's reading: a digit of another script for `\d`, a line break after `$`.
  if (pattern?.pattern !== undefined && typeof pattern.edge === 'string') {
    const foreign = foreignDigit(pattern.pattern, pattern.edge);
    if (foreign !== undefined)
      slips.push({
        kind: 'pattern-foreign-digits',
        value: setAt(reader, schema, valid as Obj, pattern.path, foreign),
        why: `${pattern.path.join('.')} in digits its pattern's \\d does not take`,
      });
    slips.push({
      kind: 'pattern-trailing-newline',
      value: setAt(reader, schema, valid as Obj, pattern.path, `${pattern.edge}\n`),
      why: `${pattern.path.join('.')} of its pattern but for a line break after it`,
    });
  }
  const several = severalAlternatives(model, typeName, defs as Record<string, Schema>);
  if (several) slips.push(several);
  let edge: Json | undefined;
  for (const b of [range, pattern])
    if (b?.edge !== undefined) edge = setAt(reader, schema, (edge ?? valid) as Obj, b.path, b.edge);
  return { valid, edge, slips };
}

/** The first kind of the type with a member that is one of several shapes, holding the keys of the first two. */
function severalAlternatives(
  model: CanonicalModel,
  typeName: string,
  defs: Record<string, Schema>,
): ExternalSlip | undefined {
  for (const kind of contentAlternatives(model).filter((k) => k.external === typeName)) {
    const [alt] = kind.alternatives;
    const [first, second] = alt?.members ?? [];
    const value = alt && withTwoAlternatives(kind.name, alt, defs);
    if (!alt || !first || !second || !value) continue;
    return { kind: 'several-alternatives', value, why: `a ${alt.property} with both ${first.key} and ${second.key}` };
  }
  return undefined;
}
