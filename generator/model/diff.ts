import { deprecatedChanges, removedNameChanges } from './diff-names.js';
import { appleRoleChanges, roleChanges, roleRuleChanges, treeChanged } from './diff-roles.js';
import { CHANGE_RULES, type Change, type ChangeRule } from './diff-rules.js';
import {
  attributeChanges,
  externalChanges,
  operationChanges,
  requirementChanges,
  stateChanges,
  versioningChanges,
} from './diff-tables.js';
import { typeChanges } from './diff-types.js';
import type { CanonicalModel } from './types.js';

// The rule table and where a change is stated are modules of their own; test/model/diff-rules.test.ts reads them here.
export { type Change, classify } from './diff-rules.js';
export { placeOfChange } from './diff-place.js';

/** Every change from `before` (null: nothing yet) to `after`, sorted by subject then rule. */
export function diffModels(before: CanonicalModel | null, after: CanonicalModel): Change[] {
  const changes: Change[] = [];
  const add = (rule: ChangeRule, subject: string, message: string) =>
    changes.push({ rule, class: CHANGE_RULES[rule], subject, message });

  typeChanges(before, after, add);
  removedNameChanges(before, after, changes, add);
  roleChanges(before, after, add);
  if (before) treeChanged(before, after, add);
  roleRuleChanges(before, after, add);
  appleRoleChanges(before, after, add);
  stateChanges(before, after, add);
  attributeChanges(before, after, add);
  operationChanges(before, after, add);
  requirementChanges(before, after, add);
  deprecatedChanges(before, after, add);
  versioningChanges(before, after, add);
  externalChanges(before, after, add);

  return changes.sort((a, b) =>
    a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
  );
}
