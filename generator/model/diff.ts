import { deprecatedNames } from './deprecation.js';
import { kindDefinitions, kindShape } from './external.js';
import type { CanonicalModel, EnumValue, Field, ModelChange, Source, TypeRef } from './types.js';

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

const notation = (t: TypeRef): string => (t.kind === 'array' ? `${notation(t.items)}[]` : t.name);
/** Equal as JSON values, whatever the order of their keys (a model read from a file keeps its own order). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
/** A list that holds the very objects of the one before it (versions share them, model/fold.ts) has no changes. */
const unchanged = <T>(a: readonly T[] | undefined, b: readonly T[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The items both lists hold, where their order differs: the stretch from the first to the last that moved, as each
 * list has it; null when the common items stand in the same order.
 */
export function reordered(
  before: readonly string[],
  after: readonly string[],
): { was: string[]; now: string[] } | null {
  const was = before.filter((x) => after.includes(x));
  const now = after.filter((x) => before.includes(x));
  const first = now.findIndex((x, i) => was[i] !== x);
  if (first < 0) return null;
  let last = now.length - 1;
  while (last > first && was[last] === now[last]) last--;
  return { was: was.slice(first, last + 1), now: now.slice(first, last + 1) };
}
const listed = (names: readonly string[]) => names.join(', ');

/** Every change from `before` (null: nothing yet) to `after`, sorted by subject then rule. */
export function diffModels(before: CanonicalModel | null, after: CanonicalModel): Change[] {
  const changes: Change[] = [];
  const add = (rule: ChangeRule, subject: string, message: string) =>
    changes.push({ rule, class: CHANGE_RULES[rule], subject, message });

  const typesA = new Map((before?.types ?? []).map((t) => [t.name, t]));
  const typesB = new Map(after.types.map((t) => [t.name, t]));
  for (const [name, tb] of typesB) {
    const ta = typesA.get(name);
    // Versions share what an RFC left alone (model/fold.ts): the same object has no changes.
    if (ta === tb) continue;
    if (!ta) add('type-added', name, `Type ${name} added`);
    else if (ta.kind !== tb.kind) add('type-kind-changed', name, `Type ${name} changed from ${ta.kind} to ${tb.kind}`);
    else if (ta.meaning !== tb.meaning) add('wording-changed', name, `The meaning of ${name} was reworded`);
    const fieldsA = new Map<string, Field>(ta?.kind === 'record' ? ta.fields.map((f) => [f.name, f]) : []);
    const fieldsB = tb.kind === 'record' ? tb.fields : [];
    for (const fb of fieldsB) {
      const fa = fieldsA.get(fb.name);
      const subject = `${name}.${fb.name}`;
      if (!fa) {
        if (ta)
          add(
            fb.required ? 'required-field-added' : 'field-added',
            subject,
            `${fb.required ? 'Required' : 'Optional'} field ${subject} added`,
          );
        continue;
      }
      if (!same(fa.type, fb.type))
        add('field-type-changed', subject, `${subject} changed type from ${notation(fa.type)} to ${notation(fb.type)}`);
      if (!fa.required && fb.required) add('field-made-required', subject, `${subject} became required`);
      if (fa.required && !fb.required) add('field-made-optional', subject, `${subject} became optional`);
      if (!same(fa.default, fb.default)) add('field-default-changed', subject, `The default of ${subject} changed`);
      if (fa.meaning !== fb.meaning) add('wording-changed', subject, `The meaning of ${subject} was reworded`);
    }
    const namesB = new Set(fieldsB.map((f) => f.name));
    for (const fa of fieldsA.values()) {
      if (!namesB.has(fa.name)) add('field-removed', `${name}.${fa.name}`, `Field ${name}.${fa.name} removed`);
    }
    const order = reordered(
      [...fieldsA.keys()],
      fieldsB.map((f) => f.name),
    );
    if (order)
      add(
        'fields-reordered',
        `fields of ${name}`,
        `The fields of ${name} are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
      );
    if (tb.kind === 'enum') diffValues(name, ta?.kind === 'enum' ? ta.values : null, tb.values, add);
  }
  for (const name of typesA.keys()) if (!typesB.has(name)) add('type-removed', name, `Type ${name} removed`);

  // Names an answer held, removed by a Removed table: breaking even when the model never held them (0.1's names).
  // A requirement or an operation is no answer's name: requirement-removed and operation-removed below say it.
  const removedA = new Set((before?.removed ?? []).map((r) => `${r.from}.${r.name}`));
  // A role removed with a deprecated alias still decodes: it is deprecated, not gone (spec/README.md).
  const aliasesB = new Map(after.roles.flatMap((r) => (r.aliases ?? []).map((a) => [a.name, r.name] as const)));
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

  if (!unchanged(before?.roles, after.roles)) {
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
        if (!rb.covers.includes(c))
          add('mapping-removed', `role ${rb.name}`, `${rb.name} no longer covers Apple's ${c}`);
      if (ra.appleName !== rb.appleName)
        add('mapping-changed', `role ${rb.name}`, `Whether ${rb.name} carries an Apple name changed`);
    }
    const rolesB = new Set(after.roles.map((r) => r.name));
    for (const ra of rolesA.values())
      if (!rolesB.has(ra.name) && !aliasesB.has(ra.name))
        add('role-removed', `role ${ra.name}`, `Role ${ra.name} removed`);
    rolesReordered(before, after, add);
  }
  if (before) treeChanged(before, after, add);
  if (before) {
    for (const key of ['root', 'unknown', 'fallback'] as const) {
      if (before.roleRules[key] !== after.roleRules[key])
        add(
          'role-rule-changed',
          `role rule ${key}`,
          `The ${key} role changed from ${before.roleRules[key]} to ${after.roleRules[key]}`,
        );
    }
  }

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
  }
  if (!unchanged(before?.states, after.states)) {
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
  if (!unchanged(before?.attributes, after.attributes)) {
    const attrA = new Map((before?.attributes ?? []).map((a) => [a.name, a]));
    for (const ab of after.attributes) {
      const aa = attrA.get(ab.name);
      if (!aa) add('attribute-added', `attribute ${ab.name}`, `Reserved attribute ${ab.name} added`);
      else if (!same(aa.type, ab.type))
        add('attribute-type-changed', `attribute ${ab.name}`, `Reserved attribute ${ab.name} changed type`);
    }
    const attrB = new Set(after.attributes.map((a) => a.name));
    for (const aa of attrA.values())
      if (!attrB.has(aa.name))
        add('attribute-removed', `attribute ${aa.name}`, `Reserved attribute ${aa.name} removed`);
  }
  if (!unchanged(before?.operations, after.operations)) {
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
  }
  if (!unchanged(before?.requirements, after.requirements)) {
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
  }
  // A deprecated role that becomes an alias is renamed: a change of its own.
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
  if (before && !same(before.versioning, after.versioning))
    add('versioning-changed', 'versioning', 'The versioning rule changed');
  if (before && !unchanged(before.external, after.external)) {
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

  return changes.sort((a, b) =>
    a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
  );
}

/**
 * The tree's parts (which record is the answer, which field is the id...) that now fall to another name still there:
 * a part whose name was removed is said by that removal already.
 */
function treeChanged(
  before: CanonicalModel,
  after: CanonicalModel,
  add: (rule: ChangeRule, subject: string, message: string) => void,
): void {
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
function rolesReordered(
  before: CanonicalModel | null,
  after: CanonicalModel,
  add: (rule: ChangeRule, subject: string, message: string) => void,
): void {
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

/** The class of a set of changes: breaking if any is, else additive if any is, else editorial. */
export function classify(changes: readonly Change[]): ChangeClass {
  if (changes.some((c) => c.class === 'breaking')) return 'breaking';
  if (changes.some((c) => c.class === 'additive')) return 'additive';
  return 'editorial';
}

/** Where the newer model states what a change is about: the row that added, changed or removed it. */
export function placeOfChange(change: Change, before: CanonicalModel | null, after: CanonicalModel): Source | null {
  const subject = change.subject;
  if (change.rule === 'deprecated') return deprecatedNames(after).find((n) => n.subject === subject)?.source ?? null;
  const removedRow = (name: string, from?: string) =>
    after.removed.find(
      (r) => r.version === after.protocolVersion && r.name === name && (from === undefined || r.from === from),
    )?.source ?? null;
  const [word, ...rest] = subject.split(' ');
  const name = rest.join(' ');
  switch (word) {
    case 'fields': {
      // The first field whose place moved: the row that reorders it.
      const def = after.types.find((t) => t.name === name.replace(/^of /, ''));
      const was = before?.types.find((t) => t.name === def?.name);
      const fields = def?.kind === 'record' ? def.fields : [];
      const moved = reordered(
        was?.kind === 'record' ? was.fields.map((f) => f.name) : [],
        fields.map((f) => f.name),
      )?.now[0];
      return fields.find((f) => f.name === moved)?.source ?? def?.source ?? null;
    }
    case 'roles': {
      const kind = name.replace(/^of /, '');
      const moved = reordered(
        before?.roleKinds.find((k) => k.name === kind)?.roles ?? [],
        after.roleKinds.find((k) => k.name === kind)?.roles ?? [],
      )?.now[0];
      return after.roles.find((r) => r.name === moved)?.source ?? null;
    }
    case 'tree': {
      const key = name as keyof CanonicalModel['tree'];
      const type = key === 'root' || key === 'version' ? after.tree.answer : after.tree.node;
      const def = after.types.find((t) => t.name === (key === 'answer' || key === 'node' ? after.tree[key] : type));
      return (
        (def?.kind === 'record' ? def.fields.find((f) => f.name === after.tree[key])?.source : undefined) ??
        def?.source ??
        null
      );
    }
    case 'role':
      if (name === 'kinds') {
        const moved = reordered(
          before?.roleKinds.map((k) => k.name) ?? [],
          after.roleKinds.map((k) => k.name),
        )?.now[0];
        const first = after.roleKinds.find((k) => k.name === moved)?.roles[0];
        return after.roles.find((r) => r.name === first)?.source ?? null;
      }
      if (name.startsWith('rule ')) return after.roleRules.source;
      return after.roles.find((r) => r.name === name)?.source ?? removedRow(name);
    case 'Apple': {
      const role =
        after.appleRoles.find((a) => a.value === name)?.role ?? before?.appleRoles.find((a) => a.value === name)?.role;
      return (role && (after.roles.find((r) => r.name === role)?.source ?? removedRow(role))) || null;
    }
    case 'class':
      return after.notReported.find((n) => n.name === name)?.source ?? null;
    case 'state':
      return after.states.find((s) => s.field === name)?.source ?? removedRow(name);
    case 'attribute':
      return after.attributes.find((a) => a.name === name)?.source ?? removedRow(name);
    case 'operation':
      return after.operations.find((o) => o.name === name)?.source ?? removedRow(name);
    case 'versioning':
      return null;
    case 'external':
      return after.external.find((e) => e.name === name)?.source ?? null;
    default:
      break;
  }
  const requirement = after.requirements.find((r) => r.id === subject);
  if (requirement) return requirement.source;
  const [type, field] = subject.split('.');
  const def = after.types.find((t) => t.name === type);
  if (field === undefined) return def?.source ?? removedRow(subject);
  const found =
    def?.kind === 'record'
      ? def.fields.find((f) => f.name === field)
      : def?.kind === 'enum'
        ? def.values.find((v) => v.value === field)
        : undefined;
  return found?.source ?? removedRow(field, type) ?? removedRow(subject);
}

/** An enum's values: one added is additive, one taken out breaking, a reworded one editorial. */
function diffValues(
  name: string,
  before: readonly EnumValue[] | null,
  after: readonly EnumValue[],
  add: (rule: ChangeRule, subject: string, message: string) => void,
): void {
  const valuesA = new Map((before ?? []).map((v) => [v.value, v]));
  for (const vb of after) {
    const va = valuesA.get(vb.value);
    const subject = `${name}.${vb.value}`;
    if (!va) {
      if (before) add('enum-value-added', subject, `Value ${vb.value} added to ${name}`);
    } else if (va.meaning !== vb.meaning) add('wording-changed', subject, `The meaning of ${subject} was reworded`);
  }
  const valuesB = new Set(after.map((v) => v.value));
  for (const va of before ?? [])
    if (!valuesB.has(va.value))
      add('enum-value-removed', `${name}.${va.value}`, `Value ${va.value} removed from ${name}`);
}
