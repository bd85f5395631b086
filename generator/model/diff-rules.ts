import type { ModelChange } from './types.js';

export type ChangeClass = 'breaking' | 'additive' | 'editorial';

/** One difference between two models, with a stable rule id and its class, in the manner of buf breaking. */
export type Change = ModelChange;

/** The change rules, each with its class: one table, so the classes are stated once. */
export const CHANGE_RULES = {
  'type-added': 'additive',
  'type-removed': 'breaking',
  'type-kind-changed': 'breaking',
  'field-added': 'additive',
  'required-field-added': 'breaking',
  'field-removed': 'breaking',
  'field-type-changed': 'breaking',
  'field-made-required': 'breaking',
  'field-made-optional': 'breaking',
  'field-default-changed': 'breaking',
  'name-removed': 'breaking',
  // An enum is closed on the wire: a value a receiver does not know yet is kept and flagged, one taken out is refused.
  'enum-value-added': 'additive',
  'enum-value-removed': 'breaking',
  'role-added': 'additive',
  'role-removed': 'breaking',
  'role-moved': 'editorial',
  // Order is part of the model, but no receiver reads a role or a field by its place: a new order is editorial.
  'roles-reordered': 'editorial',
  'fields-reordered': 'editorial',
  // So are the other orders that reach an artifact: the enum's values, the Apple roles a role covers, the tool
  // definitions, the reserved attributes, the requirements and the classes not reported (the SDKs, tools.json and
  // the docs list them in order).
  'values-reordered': 'editorial',
  'covers-reordered': 'editorial',
  'operations-reordered': 'editorial',
  'attributes-reordered': 'editorial',
  'requirements-reordered': 'editorial',
  'not-reported-reordered': 'editorial',
  // A rule's findings name the first requirement that names the rule: a new order may give them another id.
  'rule-requirement-changed': 'breaking',
  // Which field is the tree's id, children, role...: a reorder or a reworded requirement may move it, and every
  // checker reads the tree by it.
  'tree-changed': 'breaking',
  'role-rule-changed': 'breaking',
  'mapping-added': 'additive',
  'mapping-removed': 'breaking',
  'mapping-changed': 'breaking',
  'not-reported-added': 'additive',
  'not-reported-removed': 'breaking',
  'state-added': 'additive',
  'state-removed': 'breaking',
  'state-changed': 'breaking',
  'attribute-added': 'additive',
  'attribute-removed': 'breaking',
  'attribute-type-changed': 'breaking',
  'operation-added': 'additive',
  'operation-removed': 'breaking',
  'operation-changed': 'breaking',
  'requirement-added': 'additive',
  'requirement-removed': 'breaking',
  'requirement-tightened': 'breaking',
  'versioning-changed': 'breaking',
  // The other specification's version is on the wire (every artifact states it); a move is at least additive.
  'external-version-changed': 'additive',
  'content-kind-added': 'additive',
  'content-kind-removed': 'breaking',
  'content-kind-changed': 'breaking',
  // A deprecated name is still valid: old answers keep their meaning, and a role removed with an alias still decodes.
  deprecated: 'additive',
  'wording-changed': 'editorial',
} as const satisfies Record<string, ChangeClass>;

export type ChangeRule = keyof typeof CHANGE_RULES;

/** How a walker reports a change: by rule, the class follows from CHANGE_RULES. */
export type AddChange = (rule: ChangeRule, subject: string, message: string) => void;

/** The class of a set of changes: breaking if any is, else additive if any is, else editorial. */
export function classify(changes: readonly Change[]): ChangeClass {
  if (changes.some((c) => c.class === 'breaking')) return 'breaking';
  if (changes.some((c) => c.class === 'additive')) return 'additive';
  return 'editorial';
}
