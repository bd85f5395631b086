import type { CanonicalModel } from '../../model/types.js';
import { placeholderOf, requiredPlaceholders } from '../kit/placeholders.js';
import type { Alternatives } from '../kit/spec-data.js';
import type { Json } from '../kit/vector.js';

export type { ExpectedFinding, Vector } from '../kit/vector.js';

type Obj = { [key: string]: Json };

/** Builds answers from the model's own names, so every vector follows the spec when the spec changes. */
export class AnswerBuilder {
  /** The roles other than the root's, found once. */
  private otherRoles: string[] | undefined;

  constructor(private readonly model: CanonicalModel) {}

  private get tree() {
    return this.model.tree;
  }

  requirementOf(rule: string): string | null {
    return this.model.requirements.find((r) => r.rule === rule)?.id ?? null;
  }

  element(id: string, role: string, extra: Obj = {}, children?: Obj[]): Obj {
    const out: Obj = {
      [this.tree.id]: id,
      [this.tree.role]: role,
      ...requiredPlaceholders(this.model, this.tree.node, [this.tree.id, this.tree.role]),
    };
    Object.assign(out, extra);
    if (children) out[this.tree.children] = children;
    return out;
  }

  answer(root: Obj, extra: Obj = {}): Obj {
    const type = this.model.types.find((t) => t.name === this.tree.answer);
    const out: Obj = {};
    if (type?.kind === 'record') {
      for (const f of type.fields) {
        if (f.name === this.tree.version) out[f.name] = this.model.protocolVersion;
        else if (f.name === this.tree.root) out[f.name] = root;
        else if (f.required) out[f.name] = placeholderOf(f.type, f.name, this.model);
      }
    }
    return { ...out, ...extra };
  }

  /** A role of the language other than the root's and not deprecated, by kind order. */
  otherRole(index = 0): string {
    // A deprecated role is still valid but gives a warning of its own: the vectors that need any role use the others.
    this.otherRoles ??= this.model.roles
      .filter((r) => !r.deprecated)
      .map((r) => r.name)
      .filter((r) => r !== this.model.roleRules.root);
    return this.otherRoles[index % this.otherRoles.length] as string;
  }

  /** A string that is none of an enum's values. */
  unknownValue(values: readonly string[]): string {
    let word = 'unknown';
    while (values.includes(word)) word += '-value';
    return word;
  }

  /** A role string the language does not have: the first of Apple's roles that is not reported. */
  unknownRole(): string {
    const known = new Set(this.model.roles.map((r) => r.name));
    return this.model.appleRoles.find((a) => a.role === null && !known.has(a.name))?.name ?? 'NotARole';
  }
}

/** A minimal value that satisfies a JSON Schema definition, following refs into `defs`. */
export function minimalInstance(
  schema: Record<string, unknown>,
  defs: Record<string, Record<string, unknown>>,
  depth = 0,
): Json {
  if (depth > 8) return null;
  if (typeof schema.$ref === 'string')
    return minimalInstance(defs[schema.$ref.replace('#/$defs/', '')] ?? {}, defs, depth + 1);
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const options = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (options?.[0]) return minimalInstance(options[0], defs, depth + 1);
  switch (schema.type) {
    case 'string':
      return 'x';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Obj = {};
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const name of (schema.required ?? []) as string[])
        out[name] = minimalInstance(props[name] ?? {}, defs, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/**
 * A minimal block of the content kind `kind` whose property that is one of several shapes holds the keys of its first
 * two members at once (each member's minimal value merged): neither member, which every reader refuses.
 */
export function withTwoAlternatives(
  kind: string,
  alt: Alternatives,
  defs: Record<string, Record<string, unknown>>,
): Record<string, Json> | undefined {
  const [first, second] = alt.members;
  if (!first || !second) return undefined;
  const block = minimalInstance(defs[kind] ?? {}, defs) as Record<string, Json>;
  const both = {
    ...(minimalInstance(defs[first.name] ?? {}, defs) as Record<string, Json>),
    ...(minimalInstance(defs[second.name] ?? {}, defs) as Record<string, Json>),
  };
  return { ...block, [alt.property]: both };
}
