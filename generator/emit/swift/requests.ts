import type { CanonicalModel } from '../../model/types.js';
import type { Decl, FieldDecl, TypeView } from '../kit/decl-types.js';
import { type RequestReach, reachedDecls } from '../kit/request-reach.js';
import type { SwiftDecls } from './decls.js';
import { stringLiteral } from './naming.js';
import { contentConformances } from './request-bounds.js';

/**
 * The `RequestChecked` conformances Operations.swift declares (runtime/swift/RequestRefusal.swift): for each type a
 * request reaches, what in a value of it the tool's inputSchema refuses though the lenient type kept it
 * (kit/request-reach.ts). Each is a computed property's body, statement by statement: `Array` and `Optional`
 * conform wherever their element does, so a field of any type that holds checked values is checked by its name.
 */

export interface Conformance {
  type: string;
  body: string[];
}

/** What the conformances need of the package beyond the kit's declarations. */
export interface RequestNames {
  decls: readonly Decl[];
  swift: SwiftDecls;
  /** The attributes' typed accessor of each reserved attribute, by its name (views.ts attributesView). */
  accessors: ReadonlyMap<string, string>;
  /** The content union's case that keeps a block of a kind it does not define. */
  unknownContent: string | null;
  /** The answer's root field and the element's role field, as the package names them (kit/tree.ts). */
  tree: { root: FieldDecl; role: FieldDecl };
  /** The role type's name. */
  roles: string;
}

/**
 * What a request of the answer taken whole checks besides (its `rootRole`, kit/request-reach.ts): the strict schema
 * fixes the root's role there (and in no answer held deeper), so its request refuses another role. Statements of
 * the request's init(from:), after the value is decoded.
 */
export function takenAnswerCheck(names: RequestNames): string[] {
  const { root, role } = names.tree;
  const held = `value.${root.name}.${role.name}`;
  return [
    `if ${held} != ${names.roles}.rootRole {`,
    `    try decoder.refuse(RequestRefusal("\\(${held}) is not the root's role, \\(${names.roles}.rootRole)")`,
    `        .below(${stringLiteral(role.key)}).below(${stringLiteral(root.key)}))`,
    '}',
  ];
}

const below = (name: string, key: string) =>
  `if let refusal = ${name}.requestRefusal { return refusal.below(${stringLiteral(key)}) }`;

/** The conformances, and whether a value of a type is checked (a request of one field checks it then). */
export function requestConformances(
  reach: RequestReach,
  names: RequestNames,
  model: CanonicalModel,
): { conformances: Conformance[]; checked: (t: TypeView) => boolean } {
  const checks = reachedDecls(reach, names.decls);
  const records = checks.records.map(({ decl, fields }) => {
    // A deprecated field is read through its storage, as the package's own code reads it, free of warnings.
    const storage = new Map(names.swift.record(decl).properties.map((p) => [p.name, p.storage]));
    return {
      type: decl.name,
      body: [
        `if let refusal = RequestRefusal.firstMember(of: unknownFields, in: ${stringLiteral(decl.key)}) { return refusal }`,
        ...fields.map((f) => below(storage.get(f.name) ?? f.name, f.key)),
        'return nil',
      ],
    };
  });
  const roles = checks.roles
    ? [
        {
          type: checks.roles.name,
          body: ['isKnown ? nil : RequestRefusal("\\(rawValue) is not a role of the language")'],
        },
      ]
    : [];
  const enums = checks.enums.map((e) => ({
    type: e.name,
    body: [`isKnown ? nil : RequestRefusal("\\(rawValue) is not one of the values of ${e.key}")`],
  }));
  const attributes = checks.attributes;
  const attributesConformance = attributes
    ? [
        {
          type: attributes.decl.name,
          body: [
            ...(attributes.refused.length > 0
              ? [
                  `let refused = [${attributes.refused.map(stringLiteral).join(', ')}]`,
                  'if let name = values.keys.first(where: { key in refused.contains { sameScalars($0, key) } }) {',
                  '    return RequestRefusal("\\(name) is not a name an attribute may have").below(name)',
                  '}',
                ]
              : []),
            ...attributes.reserved.map((f) => below(names.accessors.get(f.key) ?? f.name, f.key)),
            'return nil',
          ],
        },
      ]
    : [];
  // The content union (the one external union the model declares) refuses a kind it does not define, and its
  // blocks what MCP's own schema bounds.
  const content = checks.unions[0];
  const contentConformance = content ? contentConformances(model, content, names) : [];
  return {
    conformances: [...records, ...roles, ...enums, ...attributesConformance, ...contentConformance],
    checked: checks.checked,
  };
}
