import type { CanonicalModel, Deprecation } from '../../model/types.js';
import { plainText } from '../shared/text.js';

/**
 * The deprecated roles and aliases, said in the role type's comment: a member of a union of strings cannot carry a
 * tag of its own. Null when there are none, so the comment is as before.
 */
export function deprecatedRoles(model: CanonicalModel): string | null {
  const said = model.roles.flatMap((r) => [
    ...(r.deprecated
      ? [
          `${r.name} (since ${r.deprecated.version}${r.deprecated.useInstead === null ? '' : `; use ${plainText(r.deprecated.useInstead).replace(/`/g, '')}`})`,
        ]
      : []),
    ...(r.aliases ?? []).map((a) => `${a.name} (since ${a.version}; an alias that reads as ${r.name})`),
  ]);
  return said.length ? `Deprecated: ${said.join(', ')}.` : null;
}

/** `@deprecated Since 0.2.1. Use x instead.`: the JSDoc tag editors strike a name through for. */
export function deprecatedTag(deprecated: Deprecation | undefined): string | null {
  if (!deprecated) return null;
  const instead =
    deprecated.useInstead === null ? '' : ` Use ${plainText(deprecated.useInstead).replace(/`/g, '')} instead.`;
  return `@deprecated Since ${deprecated.version}.${instead}`;
}

/**
 * The `Role` object beside the role type: every role by its name, and each deprecated alias as the role it reads
 * as, with `@deprecated` on the deprecated ones, which a member of a union of strings cannot carry. The initializer
 * (`as const`) and its declared type, for the declarations file.
 */
export function roleObject(
  model: CanonicalModel,
  literal: (value: unknown) => string,
): { initializer: string; declared: string } {
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));
  const members = [
    ...model.roles.map((r) => ({ name: r.name, value: r.name, tag: deprecatedTag(r.deprecated) })),
    ...model.roles.flatMap((r) =>
      (r.aliases ?? []).map((a) => ({
        name: a.name,
        value: r.name,
        tag: `@deprecated Since ${a.version}. Use ${r.name} instead: ${a.name} is an alias that reads as ${r.name}.`,
      })),
    ),
  ];
  const member = (m: (typeof members)[number], readonly: string) =>
    `${m.tag ? `  /** ${m.tag} */\n` : ''}  ${readonly}${key(m.name)}: ${literal(m.value)}`;
  return {
    initializer: `{\n${members.map((m) => member(m, '')).join(',\n')}\n} as const`,
    declared: `{\n${members.map((m) => member(m, 'readonly ')).join(';\n')};\n}`,
  };
}
