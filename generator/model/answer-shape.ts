import type { TreeShape, TypeDef, TypeRef } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * The first way `value` is not an answer by the record types, as "path: what", or null: a missing required field,
 * a field its record does not have, a value of the wrong JSON type. `role`, when given, also says whether a role
 * is one the language has. Used while folding (each RFC's examples against the version it makes) and on the
 * finished model (which example is an answer of the current version).
 */
export function answerProblem(
  typeNamed: (name: string) => TypeDef | undefined,
  tree: TreeShape,
  value: unknown,
  role?: (name: string) => boolean,
): string | null {
  const valueProblem = (ref: TypeRef, v: unknown, path: string, depth: number): string | null => {
    if (depth > 1000) return null;
    if (ref.kind === 'primitive')
      return typeof v === ref.name ? null : `${path || '/'}: a ${ref.name} is expected, not ${typeOf(v)}`;
    if (ref.kind === 'array') {
      if (!Array.isArray(v)) return `${path || '/'}: an array is expected, not ${typeOf(v)}`;
      for (const [i, item] of v.entries()) {
        const p = valueProblem(ref.items, item, `${path}/${i}`, depth + 1);
        if (p) return p;
      }
      return null;
    }
    const def = typeNamed(ref.name);
    if (def?.kind === 'enum') {
      const words = def.values.map((x) => x.value);
      return typeof v === 'string' && words.includes(v)
        ? null
        : `${path || '/'}: one of ${words.join(', ')} is expected, not ${typeof v === 'string' ? JSON.stringify(v) : typeOf(v)}`;
    }
    if (def?.kind === 'roles') {
      if (typeof v !== 'string') return `${path || '/'}: a role (a string) is expected, not ${typeOf(v)}`;
      return role && !role(v) ? `${path}: ${v} is no role of the language` : null;
    }
    if (def?.kind === 'attributes')
      return isObject(v) ? null : `${path || '/'}: an object of attributes is expected, not ${typeOf(v)}`;
    if (def?.kind !== 'record') return null;
    if (!isObject(v)) return `${path || '/'}: ${def.name} (an object) is expected, not ${typeOf(v)}`;
    for (const f of def.fields) if (f.required && !(f.name in v)) return `${path || '/'}: ${def.name} has no ${f.name}`;
    for (const [key, item] of Object.entries(v)) {
      const field = def.fields.find((f) => f.name === key);
      if (!field) return `${path}/${key}: ${def.name} has no field ${key}`;
      const p = valueProblem(field.type, item, `${path}/${key}`, depth + 1);
      if (p) return p;
    }
    return null;
  };
  return valueProblem({ kind: 'named', name: tree.answer }, value, '', 0);
}
