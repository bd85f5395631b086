import type { CanonicalModel, TypeDef } from '../../model/types.js';
import { citation, plainText, sentence } from '../shared/text.js';
import { docs, literal, type ModelStatements } from './model-statements.js';
import { OWN } from './naming.js';
import { deprecatedRoles, roleObject } from './roles.js';
import { StructureKind, VariableDeclarationKind } from './ts-morph.js';

/** The role language: the roles, each as a member, their kinds and rules. Returns the type a role field holds. */
export function roleStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  name: (type: string) => string,
): string {
  const roleType = model.types.find((t) => t.kind === 'roles');
  roleTypeStatements(statements, model, roleType, name);
  const role = roleType ? name(roleType.name) : 'string';
  roleTableStatements(statements, model, role);
  return role;
}

/** The roles as a list, as an object of members (`Role.Cell`), and as a type, under the model's name for it. */
function roleTypeStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  roleType: TypeDef | undefined,
  name: (type: string) => string,
): void {
  const roleNames = model.roles.map((r) => literal(r.name)).join(', ');
  statements.value(
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs("Every role of the role language, in the spec's order."),
      declarations: [{ name: OWN.roles, initializer: `[${roleNames}] as const` }],
    },
    `readonly [${roleNames}]`,
  );
  if (roleType) {
    // Each role as a member a tool can flag (`Role.Cell`), beside the type of the same name.
    const object = roleObject(model, literal);
    statements.value(
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: docs('Every role of the role language by its name, and each deprecated alias as the role it reads as.'),
        declarations: [{ name: name(roleType.name), initializer: object.initializer }],
      },
      object.declared,
    );
    statements.type({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: name(roleType.name),
      type: `(typeof ${OWN.roles})[number]`,
      docs: docs(
        sentence(plainText(roleType.meaning)),
        deprecatedRoles(model),
        '',
        `@see ${citation(roleType.source)}`,
      ),
    });
  }
}

/** The kinds, each role's kind and Apple names, and the role rules, typed as the last argument says. */
function roleTableStatements(statements: ModelStatements, model: CanonicalModel, role: string): void {
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.roleKind,
    type: model.roleKinds.map((k) => literal(k.name)).join(' | '),
    docs: docs('The kinds the roles are grouped in.'),
  });
  statements.constant(
    OWN.roleInfo,
    `readonly { role: ${role}; kind: ${OWN.roleKind}; appleName: boolean; covers: readonly string[]; since: string }[]`,
    literal(
      model.roles.map((r) => ({
        role: r.name,
        kind: r.kind,
        appleName: r.appleName,
        covers: r.covers,
        since: r.since,
      })),
      2,
    ),
    "Each role with its kind, whether it carries the name of one of Apple's roles, and the Apple roles it also covers.",
  );
  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The role the root has, the role an unknown role reads as, and the role used when none plainly fits.'),
    declarations: [
      {
        name: OWN.roleRules,
        type: `{ readonly root: ${role}; readonly unknown: ${role}; readonly fallback: ${role} }`,
        initializer: literal({
          root: model.roleRules.root,
          unknown: model.roleRules.unknown,
          fallback: model.roleRules.fallback,
        }),
      },
    ],
  });
}
