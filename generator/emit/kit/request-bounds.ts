import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from './answer-schema.js';
import type { Decl, FieldDecl, RecordDecl, TypeView, UnionDecl } from './decl-types.js';

/**
 * What MCP's own schema refuses inside a content block that a lenient type keeps: a number past its bounds, a
 * string its pattern refuses. Read from the strict schema's definitions of MCP's types (kit/answer-schema.ts, the
 * `$defs` the external types bring), for a binding whose request types decode leniently and then check
 * (kit/request-checks.ts) or carry the bounds on their fields (as pydantic's `Field` arguments). Only `minimum`,
 * `maximum`, `exclusiveMinimum`, `exclusiveMaximum` and `pattern` on a member's own value are read: those are the
 * value constraints MCP's content blocks use.
 */

type Schema = { [key: string]: unknown };

/** A member's constraints as the schema writes them; the pattern is ECMAScript's (see `anchoredPattern`). */
export interface ValueBounds {
  minimum: number | null;
  maximum: number | null;
  exclusiveMinimum: number | null;
  exclusiveMaximum: number | null;
  pattern: string | null;
}

/** A field of an external record that is checked: its own value's bounds, or the records it holds (or both). */
export interface BoundedField {
  field: FieldDecl;
  /** Null when only what the value holds is checked. */
  bounds: ValueBounds | null;
  /** Whether the value holds a record with something checked (the record's own check then runs on it). */
  holds: boolean;
}

export interface ExternalBounds {
  /** Each external record a content block reaches with something checked, in the declarations' order. */
  records: { decl: RecordDecl; fields: BoundedField[] }[];
  /** Whether a value of the type (a list's items, at any depth) holds a record with something checked. */
  holds: (t: TypeView) => boolean;
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

function resolve(defs: Schema, s: Schema, depth = 0): Schema {
  const ref = s.$ref;
  if (typeof ref !== 'string' || depth > 16) return s;
  const target = defs[ref.replace('#/$defs/', '')];
  return isSchema(target) ? resolve(defs, target, depth + 1) : {};
}

/** A property's bounds in the strict schema, or null when it has none. */
function boundsOf(defs: Schema, record: string, key: string): ValueBounds | null {
  const def = defs[record];
  const raw = isSchema(def) && isSchema(def.properties) ? def.properties[key] : undefined;
  if (!isSchema(raw)) return null;
  const p = resolve(defs, raw);
  const bounds: ValueBounds = {
    minimum: num(p.minimum),
    maximum: num(p.maximum),
    exclusiveMinimum: num(p.exclusiveMinimum),
    exclusiveMaximum: num(p.exclusiveMaximum),
    pattern: typeof p.pattern === 'string' ? p.pattern : null,
  };
  return Object.values(bounds).some((v) => v !== null) ? bounds : null;
}

/** The bounds of the external records the union's members reach through records and lists. */
export function externalBounds(model: CanonicalModel, decls: readonly Decl[], content: UnionDecl): ExternalBounds {
  const defs = answerSchema(model, 'strict').$defs;
  const definitions: Schema = isSchema(defs) ? defs : {};
  const external = new Map(
    decls.filter((d): d is RecordDecl => d.kind === 'record' && d.source === null).map((d) => [d.name, d]),
  );
  const found = new Map<string, BoundedField[]>();
  const visiting = new Set<string>();
  const checkedRecord = (name: string): boolean => {
    const decl = external.get(name);
    if (decl === undefined) return false;
    if (found.has(name)) return (found.get(name) ?? []).length > 0;
    if (visiting.has(name)) return false; // a record that holds itself is checked through its own fields
    visiting.add(name);
    const fields = decl.fields.flatMap((field): BoundedField[] => {
      const bounds = field.constant === null ? boundsOf(definitions, decl.key, field.key) : null;
      const holds = holding(field.type, `${decl.key}.${field.key}`);
      return bounds !== null || holds ? [{ field, bounds, holds }] : [];
    });
    visiting.delete(name);
    found.set(name, fields);
    return fields.length > 0;
  };
  // A value told apart by shape (an embedded resource's contents) is not entered: no binding checks inside one yet,
  // so a bound found there stops the generation rather than leave the request laxer than the schema unsaid.
  const holding = (t: TypeView, where: string): boolean => {
    if (t.kind === 'array') return holding(t.items, where);
    if (t.kind === 'ref') return checkedRecord(t.name);
    if (t.kind === 'union' && t.members.some((m) => holding(m, where)))
      throw new Error(`${where}: a bound inside a value told apart by shape, which requests do not check`);
    return false;
  };
  for (const m of content.members) checkedRecord(m.type);
  const records = decls.flatMap((d) => {
    const fields = d.kind === 'record' ? found.get(d.name) : undefined;
    return d.kind === 'record' && fields && fields.length > 0 ? [{ decl: d, fields }] : [];
  });
  const holds = (t: TypeView): boolean =>
    t.kind === 'array' ? holds(t.items) : t.kind === 'ref' && (found.get(t.name)?.length ?? 0) > 0;
  return { records, holds };
}

/**
 * An ECMAScript pattern (as ajv reads it, with `u`) rewritten for an engine whose `$` also matches before a final
 * line break and whose `\d` may take other scripts' digits (ICU's, as NSRegularExpression reads it; Java's): `\d` is
 * `[0-9]` (`0-9` in a class), `\D` `[^0-9]`, and a `$` outside a class the text's very end, `\z`. Anything whose
 * meaning differs between the engines and is not rewritten here (`.`, `\w`, `\s`, `\b`, a `\u` or `\p` escape, a
 * named group or a back-reference) stops the generation, naming it, rather than check a value differently.
 */
export function anchoredPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  const refuse = (what: string) => {
    throw new Error(`pattern ${JSON.stringify(pattern)}: ${what} is not rewritten for the request checks`);
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 'd') out += inClass ? '0-9' : '[0-9]';
      else if (next === 'D' && !inClass) out += '[^0-9]';
      else if (/[\\^$.*+?()[\]{}|/-]/.test(next)) out += `\\${next}`;
      // `\v` is no single character to Java or ICU (a class of vertical spaces), so it is not among these.
      else if ('tnrf'.includes(next) && next !== '') out += `\\${next}`;
      else refuse(`\\${next}`);
    } else if (inClass) {
      if (ch === ']') inClass = false;
      else if (ch === '[') refuse('a [ inside a class');
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') refuse('an empty class');
    } else if (ch === '$') out += '\\z';
    else if (ch === '.') refuse('.');
    else if (ch === '(' && pattern[i + 1] === '?' && !/[:=!]/.test(pattern[i + 2] ?? '')) refuse('(?<');
    else out += ch;
  }
  return out;
}
