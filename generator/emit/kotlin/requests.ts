import type { CanonicalModel } from '../../model/types.js';
import type { Decl, FieldDecl, TypeView } from '../kit/decl-types.js';
import { type RequestReach, reachedDecls } from '../kit/request-reach.js';
import { stringLiteral } from './naming.js';
import { contentFunctions } from './request-bounds.js';

/**
 * The `requestRefusal()` functions Operations.kt declares (runtime/kotlin/RequestRefusal.kt): for each type a request
 * reaches, what in a value of it the tool's inputSchema refuses though the lenient type kept it
 * (kit/request-reach.ts). Each is an extension function's body, statement by statement.
 */

export interface RefusalFunction {
  type: string;
  body: string[];
}

/** Finds the expression that finds a refusal in `value` of a type, or null when there is nothing to find. */
export type RefusalOf = (t: TypeView, value: string, optional: boolean) => string | null;

/**
 * The functions, and the expression for a value: a list's items are looked through by index, each lambda's
 * parameter named for its depth, as lists may nest.
 */
export function refusalFunctions(
  reach: RequestReach,
  decls: readonly Decl[],
  unknownContent: string,
  model: CanonicalModel,
): { functions: RefusalFunction[]; refusalOf: RefusalOf } {
  const checks = reachedDecls(reach, decls);
  const refusalOf = (t: TypeView, value: string, optional: boolean, depth = 0): string | null => {
    if (!checks.checked(t)) return null;
    const call = optional ? '?.' : '.';
    if (t.kind !== 'array') return `${value}${call}requestRefusal()`;
    const item = `item${depth}`;
    return `${value}${call}firstRefusal { ${item} -> ${refusalOf(t.items, item, false, depth + 1)} }`;
  };
  const below = (expression: string | null, key: string) =>
    expression === null ? [] : [`${expression}?.let { return it.below(${stringLiteral(key)}) }`];
  const records = checks.records.map(({ decl, fields }) => ({
    type: decl.name,
    body: [
      `firstMember(unknownFields.keys, ${stringLiteral(decl.key)})?.let { return it }`,
      ...fields.flatMap((f) => below(refusalOf(f.type, f.name, !f.required), f.key)),
      'return null',
    ],
  }));
  const roles = checks.roles
    ? [
        {
          type: checks.roles.name,
          body: ['return if (isKnown) null else RequestRefusal("$raw is not a role of the language")'],
        },
      ]
    : [];
  const enums = checks.enums.map((e) => ({
    type: e.name,
    body: [`return if (isKnown) null else RequestRefusal("$raw is not one of the values of ${e.key}")`],
  }));
  const attributes = checks.attributes;
  const attributesFunction = attributes
    ? [
        {
          type: attributes.decl.name,
          body: [
            ...(attributes.refused.length > 0
              ? [
                  `val refused = setOf(${attributes.refused.map(stringLiteral).join(', ')})`,
                  'json.keys.firstOrNull { it in refused }?.let {',
                  '    return RequestRefusal("$it is not a name an attribute may have").below(it)',
                  '}',
                ]
              : []),
            ...attributes.reserved.flatMap((f) => below(refusalOf(f.type, f.name, true), f.key)),
            'return null',
          ],
        },
      ]
    : [];
  // The content union (the one external union the model declares) refuses a kind it does not define, and its
  // blocks what MCP's own schema bounds.
  const content = checks.unions[0];
  const contentFunction = content ? contentFunctions(model, decls, content, unknownContent) : [];
  return {
    functions: [...records, ...roles, ...enums, ...attributesFunction, ...contentFunction],
    refusalOf: (t, value, optional) => refusalOf(t, value, optional),
  };
}

/** The answer's root field and the element's role field, and the root role's object, as the package names them. */
export interface TakenAnswer {
  root: FieldDecl;
  role: FieldDecl;
  /** `Role.Application`. */
  rootRole: string;
}

/**
 * What a request of the answer taken whole refuses besides (its `rootRole`, kit/request-reach.ts), as an expression
 * on `it`: the strict schema fixes the root's role there, and in no answer held deeper.
 */
export function takenAnswerRefusal(taken: TakenAnswer): string {
  const held = `it.${taken.root.name}.${taken.role.name}`;
  const refusal = `RequestRefusal("\${${held}.raw} is not the root's role, \${${taken.rootRole}.raw}")`;
  return `(if (${held} == ${taken.rootRole}) null else ${refusal}.below(${stringLiteral(taken.role.key)}).below(${stringLiteral(taken.root.key)}))`;
}
