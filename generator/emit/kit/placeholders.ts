import type { CanonicalModel, TypeRef } from '../../model/types.js';
import type { Json } from './vector.js';

/** A placeholder value of a type, for a required field whose value does not matter where it is sent. */
export function placeholderOf(type: TypeRef, name: string, model?: CanonicalModel): Json {
  if (type.kind === 'array') return [];
  if (type.kind === 'primitive') return type.name === 'string' ? `${name}-1` : type.name === 'boolean' ? false : 0;
  // An enum's placeholder is its first value, so the answer stays valid.
  const def = model?.types.find((t) => t.name === type.name);
  if (def?.kind === 'enum') return def.values[0]?.value ?? '';
  return {};
}

/**
 * The required fields of a record but those named in `except`, each with a placeholder: what an answer or an
 * element built by hand (a vector, a binding's test) must send, read from the spec, so a field an RFC makes
 * required does not break it.
 */
export function requiredPlaceholders(
  model: CanonicalModel,
  record: string,
  except: readonly string[] = [],
): Record<string, Json> {
  const type = model.types.find((t) => t.name === record);
  const out: Record<string, Json> = {};
  if (type?.kind !== 'record') return out;
  for (const f of type.fields)
    if (f.required && !except.includes(f.name)) out[f.name] = placeholderOf(f.type, f.name, model);
  return out;
}
