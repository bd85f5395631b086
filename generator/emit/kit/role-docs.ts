import type { CanonicalModel } from '../../model/types.js';
import type { RoleCase, RolesDecl } from './decl-types.js';

/** What a binding's doc comment says of a role, sentence by sentence, each from the model. */
export interface RoleDoc {
  /** The role's kind, in the roles table's words. */
  kind: string;
  /** Whether the role carries the name of one of Apple's roles, said either way. */
  apple: string;
  /** The Apple roles it also covers, with the table's note, or '' when it covers none. */
  covers: string;
  /** What the role rules make of it: the root's role, what an unknown role reads as, the fallback; often none. */
  rules: string[];
}

/** The doc of each role case, by its value: Kotlin and Swift print these, each in its own doc form. */
export function roleDocs(model: CanonicalModel, roles: RolesDecl): (c: RoleCase) => RoleDoc {
  const roleOf = new Map(model.roles.map((r) => [r.name, r]));
  return (c) => {
    const r = roleOf.get(c.value);
    const rules = [
      ...(c.value === roles.root.value ? ['The root of every answer has this role.'] : []),
      ...(c.value === roles.unknown.value ? ['A receiver reads a role it does not know as this one.'] : []),
      ...(c.value === roles.fallback.value ? ['A provider uses this role when no role plainly fits.'] : []),
    ];
    return {
      kind: c.kind || (r?.kind ?? ''),
      apple: r?.appleName
        ? `Named after Apple's role of the same name.`
        : `This protocol's own role; Apple has no role of this name.`,
      covers:
        r && r.covers.length > 0
          ? `Also covers Apple's ${r.covers.map((a) => `\`${a}\``).join(', ')}.${r.coversNote ? ` ${r.coversNote}.` : ''}`
          : '',
      rules,
    };
  };
}
