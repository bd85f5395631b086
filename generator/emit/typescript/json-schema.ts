/**
 * Writes TypeScript types for the JSON Schema definitions of an external type (MCP's content blocks): objects
 * become interfaces, `anyOf` unions, `const` literal types, `enum` unions of literals, `$ref` the named type.
 */
type Schema = Record<string, unknown>;

const refName = (ref: string) => ref.replace('#/$defs/', '');

export function typeOf(schema: Schema | boolean | undefined, indent = ''): string {
  if (schema === undefined || schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0))
    return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map((s) => typeOf(s, indent)).join(' | ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map((s) => typeOf(s, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf(schema.items as Schema | undefined, indent);
      return item.includes(' ') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

/** A type that also takes `undefined`, for an optional property. */
function optional(type: string): string {
  return type === 'unknown' ? type : `${type} | undefined`;
}

function objectType(schema: Schema, indent: string): string {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(props);
  const extra = schema.additionalProperties;
  if (names.length === 0)
    return extra === false ? 'Record<string, never>' : `Record<string, ${typeOf(extra as Schema | undefined, indent)}>`;
  const inner = `${indent}  `;
  // An optional property takes `undefined` too, as MCP's SDK types say, so its blocks assign to these and back under
  // `exactOptionalPropertyTypes`.
  const lines = names.map(
    (n) =>
      `${inner}${/^[A-Za-z_$][\w$]*$/.test(n) ? n : JSON.stringify(n)}${required.has(n) ? `: ${typeOf(props[n], inner)}` : `?: ${optional(typeOf(props[n], inner))}`};`,
  );
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}
