import { listed, reordered, same, unchanged } from './diff-compare.js';
import { kindDefinitions, kindShape } from './external.js';
import type { AddChange } from './diff-rules.js';
import type { CanonicalModel } from './types.js';

/** States added, removed or changed. */
export function stateChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (unchanged(before?.states, after.states)) return;
  const statesA = new Map((before?.states ?? []).map((s) => [s.field, s]));
  for (const sb of after.states) {
    const sa = statesA.get(sb.field);
    if (!sa) add('state-added', `state ${sb.field}`, `State ${sb.field} added`);
    else if (sa.reachable !== sb.reachable || sa.path !== sb.path || sa.type !== sb.type)
      add('state-changed', `state ${sb.field}`, `State ${sb.field} changed`);
  }
  const statesB = new Set(after.states.map((s) => s.field));
  for (const sa of statesA.values())
    if (!statesB.has(sa.field)) add('state-removed', `state ${sa.field}`, `State ${sa.field} removed`);
}

/** Reserved attributes added, removed or of another type. */
export function attributeChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (unchanged(before?.attributes, after.attributes)) return;
  const attrA = new Map((before?.attributes ?? []).map((a) => [a.name, a]));
  for (const ab of after.attributes) {
    const aa = attrA.get(ab.name);
    if (!aa) add('attribute-added', `attribute ${ab.name}`, `Reserved attribute ${ab.name} added`);
    else if (!same(aa.type, ab.type))
      add('attribute-type-changed', `attribute ${ab.name}`, `Reserved attribute ${ab.name} changed type`);
  }
  const attrB = new Set(after.attributes.map((a) => a.name));
  for (const aa of attrA.values())
    if (!attrB.has(aa.name)) add('attribute-removed', `attribute ${aa.name}`, `Reserved attribute ${aa.name} removed`);
  inOtherOrder(
    before?.attributes.map((a) => a.name),
    after.attributes.map((a) => a.name),
    'attributes',
    'reserved attributes',
    add,
  );
}

/** A list the spec states in order (`subject` its word, `what` as a message says it) whose common items moved. */
function inOtherOrder(
  before: readonly string[] | undefined,
  after: readonly string[],
  subject: 'attributes' | 'operations' | 'requirements',
  what: string,
  add: AddChange,
): void {
  const order = before && reordered(before, after);
  if (order)
    add(
      `${subject}-reordered`,
      subject,
      `The ${what} are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
    );
}

/** Operations added, removed, changed or reworded. */
export function operationChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (unchanged(before?.operations, after.operations)) return;
  const opsA = new Map((before?.operations ?? []).map((o) => [o.name, o]));
  for (const ob of after.operations) {
    const oa = opsA.get(ob.name);
    if (!oa) add('operation-added', `operation ${ob.name}`, `Operation ${ob.name} added`);
    else if (oa.takes !== ob.takes || oa.returns !== ob.returns)
      add('operation-changed', `operation ${ob.name}`, `Operation ${ob.name} changed what it takes or returns`);
    else if (oa.meaning !== ob.meaning)
      add('wording-changed', `operation ${ob.name}`, `The meaning of ${ob.name} was reworded`);
  }
  const opsB = new Set(after.operations.map((o) => o.name));
  for (const oa of opsA.values())
    if (!opsB.has(oa.name)) add('operation-removed', `operation ${oa.name}`, `Operation ${oa.name} removed`);
  inOtherOrder(
    before?.operations.map((o) => o.name),
    after.operations.map((o) => o.name),
    'operations',
    'operations',
    add,
  );
}

/** Requirements added, removed, checked differently or reworded. */
export function requirementChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (unchanged(before?.requirements, after.requirements)) return;
  const reqA = new Map((before?.requirements ?? []).map((r) => [r.id, r]));
  for (const rb of after.requirements) {
    const ra = reqA.get(rb.id);
    if (!ra) add('requirement-added', rb.id, `Requirement ${rb.id} added`);
    else if ((!ra.checkable && rb.checkable) || ra.rule !== rb.rule)
      add('requirement-tightened', rb.id, `Requirement ${rb.id} is now checked differently`);
    else if (ra.requirement !== rb.requirement || ra.check !== rb.check)
      add('wording-changed', rb.id, `Requirement ${rb.id} was reworded`);
  }
  const reqB = new Set(after.requirements.map((r) => r.id));
  for (const ra of reqA.values())
    if (!reqB.has(ra.id)) add('requirement-removed', ra.id, `Requirement ${ra.id} removed`);
  inOtherOrder(
    before?.requirements.map((r) => r.id),
    after.requirements.map((r) => r.id),
    'requirements',
    'requirements',
    add,
  );
  // Every checker names a rule's findings after the first requirement naming it: a new order that puts another of
  // them first is a new id on those findings (a requirement given the rule anew is requirement-tightened already).
  const firstOf = (list: CanonicalModel['requirements'], rule: string) => list.find((r) => r.rule === rule)?.id;
  for (const rule of new Set(after.requirements.flatMap((r) => (r.rule ? [r.rule] : [])))) {
    const was = before && firstOf(before.requirements, rule);
    const now = firstOf(after.requirements, rule);
    const moved = was && now && was !== now && reqB.has(was) && reqA.get(now)?.rule === rule;
    if (was && now && moved)
      add('rule-requirement-changed', `rule ${rule}`, `The findings of rule ${rule} name ${now}, named ${was}`);
  }
}

/** The versioning rule. */
export function versioningChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (before && !same(before.versioning, after.versioning))
    add('versioning-changed', 'versioning', 'The versioning rule changed');
}

/** The other specification's version and content kinds, when the model follows one. */
export function externalChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  if (!before || unchanged(before.external, after.external)) return;
  const extA = new Map(before.external.map((e) => [e.name, e]));
  for (const eb of after.external) {
    const ea = extA.get(eb.name);
    if (!ea || ea === eb) continue;
    const subject = `external ${eb.name}`;
    if (ea.protocolVersion !== eb.protocolVersion)
      add(
        'external-version-changed',
        subject,
        `${eb.name} follows ${eb.protocolVersion ?? '—'}, was ${ea.protocolVersion ?? '—'}`,
      );
    for (const k of eb.kinds)
      if (!ea.kinds.includes(k)) add('content-kind-added', subject, `${eb.name} gains the kind ${k}`);
    for (const k of ea.kinds)
      if (!eb.kinds.includes(k)) add('content-kind-removed', subject, `${eb.name} loses the kind ${k}`);
    // A kind both have changed when its definition, or one it reaches, changed.
    const defsA = kindDefinitions(ea);
    const defsB = kindDefinitions(eb);
    for (const k of eb.kinds) {
      const da = defsA.get(k);
      const db = defsB.get(k);
      if (ea.kinds.includes(k) && da && db && !same(kindShape(ea, da), kindShape(eb, db)))
        add('content-kind-changed', subject, `${eb.name}'s kind ${k} changed its form`);
    }
  }
}
