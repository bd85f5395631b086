/** JSON with keys in a stable order and a final newline, so output never depends on insertion order. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Sorts object keys recursively; arrays keep their order, since order in an array carries meaning. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
