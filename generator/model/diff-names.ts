import { deprecatedNames } from './deprecation.js';
import { aliasesOf } from './diff-roles.js';
import type { AddChange, Change } from './diff-rules.js';
import type { CanonicalModel } from './types.js';

/**
 * Names an answer held, removed by a Removed table: breaking even when the model never held them (0.1's names).
 * A requirement or an operation is no answer's name: requirement-removed and operation-removed say it.
 * `changes`: those found so far, so a field or value already said removed is not said again.
 */
export function removedNameChanges(
  before: CanonicalModel | null,
  after: CanonicalModel,
  changes: readonly Change[],
  add: AddChange,
): void {
  const removedA = new Set((before?.removed ?? []).map((r) => `${r.from}.${r.name}`));
  const aliasesB = aliasesOf(after);
  const fieldsRemoved = new Set(
    changes.filter((c) => c.rule === 'field-removed' || c.rule === 'enum-value-removed').map((c) => c.subject),
  );
  const attributesA = new Set((before?.attributes ?? []).map((a) => a.name));
  for (const r of after.removed) {
    const key = `${r.from}.${r.name}`;
    if (removedA.has(key) || r.kind === 'requirement' || r.kind === 'operation') continue;
    const replaced = r.replacedBy === null ? 'with no replacement' : `replaced by ${r.replacedBy.replace(/`/g, '')}`;
    // A reserved attribute the model held is attribute-removed below; one of the version before the model, here.
    if (r.kind === 'attribute') {
      if (!attributesA.has(r.name))
        add('attribute-removed', `attribute ${r.name}`, `Reserved attribute ${r.name} removed; ${replaced}`);
    } else if (!fieldsRemoved.has(key) && !(r.kind === 'role' && aliasesB.has(r.name))) {
      add('name-removed', key, `${key} removed; ${replaced}`);
    }
  }
}

/** Names deprecated since `before`; a deprecated role that becomes an alias is renamed: a change of its own. */
export function deprecatedChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  const deprecatedA = new Set(before ? deprecatedNames(before).map((n) => `${n.alias}:${n.subject}`) : []);
  for (const n of deprecatedNames(after)) {
    if (deprecatedA.has(`${n.alias}:${n.subject}`)) continue;
    const instead = n.useInstead === null ? '' : `; use ${n.useInstead.replace(/`/g, '')}`;
    add(
      'deprecated',
      n.subject,
      n.alias
        ? `Role ${n.name} renamed: a deprecated alias of ${n.useInstead?.replace(/`/g, '')}`
        : `${n.subject} deprecated${instead}`,
    );
  }
}
