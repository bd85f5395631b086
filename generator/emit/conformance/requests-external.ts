import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from '../kit/answer-schema.js';
import type { Json } from '../kit/vector.js';
import { minimalInstance } from './answers.js';

/**
 * Values of an external type (MCP's content blocks) for the request vectors, read from the strict schema's own
 * definitions of it (MCP's, vendored), since the spec's tables say nothing of their insides: a valid value, and slips
 * the schema refuses inside one: a kind MCP does not define, a number past its bounds, a string its pattern refuses.
 */

type Schema = { [key: string]: unknown };
type Obj = { [key: string]: Json };

export interface ExternalSlip {
  kind: 'unknown-kind' | 'out-of-range' | 'pattern-mismatch';
  value: Json;
  why: string;
}

export interface ExternalSamples {
  valid: Json;
  slips: ExternalSlip[];
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  bounded(s: Schema, kind: 'range' | 'pattern', depth = 0): { path: string[]; value: Json } | undefined {
    const r = this.chosen(s);
    for (const [key, raw] of this.properties(r)) {
      const p = this.resolve(raw);
      if (kind === 'range' && typeof p.maximum === 'number') return { path: [key], value: p.maximum + 1 };
      if (kind === 'pattern' && typeof p.pattern === 'string' && !new RegExp(p.pattern, 'u').test('text'))
        return { path: [key], value: 'text' };
      if (depth < 2 && (p.type === 'object' || isSchema(p.properties))) {
        const inner = this.bounded(p, kind, depth + 1);
        if (inner) return { path: [key, ...inner.path], value: inner.value };
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
  const inner = minimalInstance(member, reader.defs);
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
  if (tag)
    slips.push({
      kind: 'unknown-kind',
      value: { ...(valid as Obj), [tag]: 'notAKind' },
      why: `a ${tag} the type does not define`,
    });
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
  return { valid, slips };
}
