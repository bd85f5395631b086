/**
 * Reading the JSON Schema of an external type (MCP's content blocks), once for every code target: what a `$ref`
 * names, a union of `$ref`s, a `const`, a string `enum`.
 */

export type Schema = Record<string, unknown>;

export const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The definition a `$ref` names (`#/$defs/X` or `#/definitions/X`), or null for a schema that is no `$ref`. */
export function refName(schema: unknown): string | null {
  if (!isSchema(schema) || typeof schema.$ref !== 'string') return null;
  return /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1] ?? null;
}

/** The definitions of an `anyOf` (or `oneOf`) whose members are all `$ref`s, else null. */
export function anyOfRefs(schema: Schema): string[] | null {
  const members = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(members) || members.length === 0) return null;
  const names = members.map(refName);
  return names.every((n): n is string => n !== null) ? names : null;
}

/** The string a schema holds as its `const`, or null. */
export const constOf = (schema: unknown): string | null =>
  isSchema(schema) && typeof schema.const === 'string' ? schema.const : null;

/** The values of a string `enum`, or null. */
export function stringEnum(schema: Schema): string[] | null {
  const values = schema.enum;
  return Array.isArray(values) && values.every((v): v is string => typeof v === 'string') ? values : null;
}
