import { listed, reordered, unchanged } from './diff-compare.js';
import type { AddChange } from './diff-rules.js';
import type { CanonicalModel } from './types.js';

/** A role removed with a deprecated alias still decodes: it is deprecated, not gone (spec/README.md). */
export const aliasesOf = (model: CanonicalModel) =>
  new Map(model.roles.flatMap((r) => (r.aliases ?? []).map((a) => [a.name, r.name] as const)));

/** Roles added, moved, removed or reordered, and the Apple roles each covers. */
export function roleChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (unchanged(before?.roles, after.roles)) return;
  const aliasesB = aliasesOf(after);
  const rolesA = new Map((before?.roles ?? []).map((r) => [r.name, r]));
  for (const rb of after.roles) {
    const ra = rolesA.get(rb.name);
    if (ra === rb) continue;
    if (!ra) {
      add('role-added', `role ${rb.name}`, `Role ${rb.name} added to ${rb.kind}`);
      continue;
    }
    if (ra.kind !== rb.kind)
      add('role-moved', `role ${rb.name}`, `Role ${rb.name} moved from ${ra.kind} to ${rb.kind}`);
    for (const c of rb.covers)
      if (!ra.covers.includes(c)) add('mapping-added', `role ${rb.name}`, `${rb.name} now also covers Apple's ${c}`);
    for (const c of ra.covers)
      if (!rb.covers.includes(c)) add('mapping-removed', `role ${rb.name}`, `${rb.name} no longer covers Apple's ${c}`);
    if (ra.appleName !== rb.appleName)
      add('mapping-changed', `role ${rb.name}`, `Whether ${rb.name} carries an Apple name changed`);
    const covers = reordered(ra.covers, rb.covers);
    if (covers)
      add(
        'covers-reordered',
        `covers of ${rb.name}`,
        `The Apple roles ${rb.name} also covers are in another order: ${listed(covers.now)}, were ${listed(covers.was)}`,
      );
  }
  const rolesB = new Set(after.roles.map((r) => r.name));
  for (const ra of rolesA.values())
    if (!rolesB.has(ra.name) && !aliasesB.has(ra.name))
      add('role-removed', `role ${ra.name}`, `Role ${ra.name} removed`);
  rolesReordered(before, after, add);
}

/**
 * The tree's parts (which record is the answer, which field is the id...) that now fall to another name still there:
 * a part whose name was removed is said by that removal already.
 */
export function treeChanged(before: CanonicalModel, after: CanonicalModel, add: AddChange): void {
  const fieldsOf = (type: string) => {
    const def = after.types.find((t) => t.name === type);
    return def?.kind === 'record' ? def.fields.map((f) => f.name) : [];
  };
  for (const key of Object.keys(after.tree) as (keyof CanonicalModel['tree'])[]) {
    const was = before.tree[key];
    const now = after.tree[key];
    if (was === now || was === null || now === null) continue;
    const still =
      key === 'answer' || key === 'node'
        ? after.types.some((t) => t.name === was)
        : fieldsOf(key === 'root' || key === 'version' ? after.tree.answer : after.tree.node).includes(was);
    if (still) add('tree-changed', `tree ${key}`, `The tree's ${key} is ${now}, was ${was}`);
  }
}

/**
 * The role language's order: of its kinds, and of the roles that stay in each kind. A role moved to another kind is
 * `role-moved` on its own, so only the roles a kind keeps are compared.
 */
function rolesReordered(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (!before) return;
  const kinds = reordered(
    before.roleKinds.map((k) => k.name),
    after.roleKinds.map((k) => k.name),
  );
  if (kinds)
    add(
      'roles-reordered',
      'role kinds',
      `The kinds of roles are in another order: ${listed(kinds.now)}, were ${listed(kinds.was)}`,
    );
  for (const kb of after.roleKinds) {
    const ka = before.roleKinds.find((k) => k.name === kb.name);
    const order = ka && reordered(ka.roles, kb.roles);
    if (order)
      add(
        'roles-reordered',
        `roles of ${kb.name}`,
        `The roles of ${kb.name} are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
      );
  }
}

/** The root, unknown and fallback roles the role rules name. */
export function roleRuleChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (!before) return;
  for (const key of ['root', 'unknown', 'fallback'] as const) {
    if (before.roleRules[key] !== after.roleRules[key])
      add(
        'role-rule-changed',
        `role rule ${key}`,
        `The ${key} role changed from ${before.roleRules[key]} to ${after.roleRules[key]}`,
      );
  }
}

/** What each Apple role becomes, and the classes not reported. */
export function appleRoleChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (!unchanged(before?.appleRoles, after.appleRoles)) {
    const appleA = new Map((before?.appleRoles ?? []).map((a) => [a.value, a]));
    for (const ab of after.appleRoles) {
      const aa = appleA.get(ab.value);
      if (aa && (aa.role !== ab.role || aa.class !== ab.class)) {
        add(
          'mapping-changed',
          `Apple ${ab.value}`,
          `Apple's ${ab.value} now becomes ${ab.role ?? `not reported (${ab.class})`}, was ${aa.role ?? `not reported (${aa.class})`}`,
        );
      }
    }
  }
  if (!unchanged(before?.notReported, after.notReported)) {
    const nrA = new Set((before?.notReported ?? []).map((n) => n.name));
    for (const n of after.notReported)
      if (!nrA.has(n.name)) add('not-reported-added', `class ${n.name}`, `Class ${n.name} is not reported`);
    const nrB = new Set(after.notReported.map((n) => n.name));
    for (const n of before?.notReported ?? [])
      if (!nrB.has(n.name)) add('not-reported-removed', `class ${n.name}`, `Class ${n.name} is reported again`);
    const order =
      before &&
      reordered(
        before.notReported.map((n) => n.name),
        after.notReported.map((n) => n.name),
      );
    if (order)
      add(
        'not-reported-reordered',
        'classes not reported',
        `The classes not reported are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
      );
  }
}
