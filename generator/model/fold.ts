import semver from 'semver';
import type { Diagnostics, Place } from '../diagnostics/report.js';
import type { AppleRoleRow, StatusRow } from '../extract/reference.js';
import type { RfcDraft } from '../extract/rfc.js';
import { isAbsent, typeRef } from '../extract/cells.js';
import { CONTENT_CLASS } from '../extract/signatures.js';
import { CHECK_RULES } from './check-rules.js';
import type {
  AppleRole,
  CanonicalModel,
  Field,
  NotReportedClass,
  Operation,
  RecordType,
  Removed,
  Requirement,
  ReservedAttribute,
  RfcSummary,
  Role,
  RoleKind,
  Source,
  State,
  TreeShape,
  TypeDef,
  TypeRef,
  VersionRule,
} from './types.js';

export interface FoldInput {
  rfcs: RfcDraft[];
  statuses: StatusRow[];
  appleRoles: AppleRoleRow[];
  appleNotReported: { name: string; reason: string; place: Place }[];
}

/** The model before external types are loaded: what the Markdown alone decides. */
export type FoldedModel = Omit<CanonicalModel, 'external'>;

const EFFECT = /^(Breaking|Additive|Editorial)(?::\s*(\S+)\s+to\s+(\S+?)\.?)?$/i;

/** "0.1" -> "0.1.0": the RFC writes versions before 0.2.0 in two parts. */
function full(version: string): string | null {
  const v = semver.valid(version) ?? semver.valid(`${version}.0`);
  return v;
}

function bump(from: string, effect: string, rules: readonly VersionRule[]): string | null {
  const rule = rules.find((r) => r.change.toLowerCase() === effect);
  if (!rule) return null;
  const part = (semver.major(from) >= 1 ? rule.fromOne : rule.beforeOne).toLowerCase();
  if (part === 'none') return from;
  if (part === 'major' || part === 'minor' || part === 'patch') return semver.inc(from, part);
  return null;
}

const sourceOf = (document: string, section: string | null, place: Place): Source => ({
  document,
  section,
  file: place.file,
  line: place.line,
  column: place.column,
});

/** The model as it stood after one counted RFC, and where that RFC declared its Version effect. */
export interface VersionSnapshot {
  rfc: string;
  effect: 'breaking' | 'additive' | 'editorial';
  effectPlace: Place;
  /** Whether the RFC's Released in row names a release: released versions are kept side by side. */
  released: boolean;
  model: FoldedModel;
}

export interface FoldResult {
  model: FoldedModel;
  /** One per counted RFC, in order; the last is `model`. */
  snapshots: VersionSnapshot[];
}

/** Folds the counted RFCs, in number order, into one model; every problem goes to `d`. */
export function fold(input: FoldInput, d: Diagnostics): FoldResult | null {
  const statusOf = new Map(input.statuses.map((s) => [s.status, s]));
  const types = new Map<string, TypeDef>();
  const typeSection = new Map<string, string>();
  const roles = new Map<string, Role>();
  const kinds: RoleKind[] = [];
  const roleRules: Partial<Record<'root' | 'unknown' | 'fallback', { role: string; place: Place; source: Source }>> = {};
  const states = new Map<string, State>();
  const removed: Removed[] = [];
  const notReported = new Map<string, NotReportedClass>();
  const attributes = new Map<string, ReservedAttribute>();
  const operations = new Map<string, Operation>();
  const requirements = new Map<string, Requirement>();
  let versioning: VersionRule[] = [];
  let versionField: { type: string; field: string; place: Place } | null = null;
  const rfcs: RfcSummary[] = [];
  // Places to report unresolved names at, checked once everything is folded.
  const typeUses: { ref: TypeRef; place: Place }[] = [];
  const roleUses: { role: string; place: Place }[] = [];
  const coverUses: { name: string; role: string; place: Place }[] = [];
  let version: string | null = null;
  const examples: { value: unknown; source: Source }[] = [];
  const privacy = new Map<string, { subject: string; note: string; source: Source }>();
  const snapshots: VersionSnapshot[] = [];
  // Apple's roles are resolved as RFCs come: each cover use is read once, in order, as a pass over all of them
  // would; a row whose mapping did not change keeps its object, so versions share it.
  const appleByName = new Map(input.appleRoles.map((row) => [row.name, row]));
  const coveredBy = new Map<string, string>();
  let coverUsesRead = 0;
  const appleRoleOf = new Map<AppleRoleRow, AppleRole>();

  const seenNumbers = new Map<number, string>();
  for (const rfc of [...input.rfcs].sort((a, b) => a.number - b.number || (a.file < b.file ? -1 : 1))) {
    const earlier = seenNumbers.get(rfc.number);
    if (earlier) {
      d.error('bad-rfc-file', rfc.place, `${rfc.id} is also the number of ${earlier}`, rfc.id);
      continue;
    }
    seenNumbers.set(rfc.number, rfc.file);

    const statusCell = rfc.metadata.get('Status');
    const effectCell = rfc.metadata.get('Version effect');
    const amendsCell = rfc.metadata.get('Supersedes or amends');
    for (const [key, cell] of [['Status', statusCell], ['Version effect', effectCell], ['Supersedes or amends', amendsCell]] as const) {
      if (!cell) d.error('missing-metadata', rfc.place, `The metadata table has no ${key} row`, key);
    }
    if (!statusCell || !effectCell) continue;
    const status = statusOf.get(statusCell.plain);
    if (!status) {
      d.error('unknown-status', statusCell.place, 'The Status is not one spec/process.md lists', statusCell.plain);
      continue;
    }
    if (!status.counted) continue;

    // The RFC's own versioning table governs its own step (RFC-0001 introduces the rule it follows).
    if (rfc.versioning.length) versioning = rfc.versioning.map(({ change, beforeOne, fromOne }) => ({ change, beforeOne, fromOne }));
    const m = EFFECT.exec(effectCell.plain);
    const effect = m?.[1]?.toLowerCase() as 'breaking' | 'additive' | 'editorial' | undefined;
    if (!m || !effect || (effect !== 'editorial' && (!m[2] || !m[3]))) {
      d.error('bad-version', effectCell.place, 'The Version effect is not in the form the guide gives', effectCell.plain);
      continue;
    }
    let from: string | null = m[2] ? full(m[2]) : version;
    const to: string | null = m[3] ? full(m[3]) : version;
    if ((m[2] && !from) || (m[3] && !to) || !to) {
      d.error('bad-version', effectCell.place, 'A version in the Version effect is not a version number', effectCell.plain);
      continue;
    }
    if (version !== null && from !== version) {
      d.error('version-sequence', effectCell.place, `${rfc.id} starts from ${m[2] ?? from}, but the version before it is ${version}`, effectCell.plain);
    } else if (from) {
      const expected = bump(from, effect, versioning);
      if (expected && expected !== to) {
        d.error('version-sequence', effectCell.place, `A ${effect} change from ${from} makes ${expected}, not ${to}`, effectCell.plain);
      }
    }
    from = from ?? null;
    version = to;
    const since = to;
    // A row's section is the last numbered heading above it, when its table does not name one.
    const sectionAt = (line: number) => rfc.sections.filter((x) => x.line <= line).at(-1)?.number ?? null;
    const src = (section: string | null, place: Place) => sourceOf(rfc.id, section ?? sectionAt(place.line), place);
    rfcs.push({
      id: rfc.id,
      number: rfc.number,
      title: rfc.title,
      summary: rfc.summary,
      status: status.status,
      effect,
      from,
      version: to,
      supersedesOrAmends: amendsCell?.markdown ?? '',
      metadata: Object.fromEntries([...rfc.metadata].map(([k, v]) => [k, v.markdown])),
      sections: rfc.sections.map(({ number, title }) => ({ number, title })),
      changes: [],
      source: sourceOf(rfc.id, null, rfc.place),
    });

    // Types first: a Field table belongs to the type whose row names its section.
    const localSection = new Map<string, string>();
    for (const row of rfc.types) {
      const kind = row.kind as TypeDef['kind'];
      if (!['record', 'roles', 'attributes', 'external'].includes(kind)) {
        d.error('bad-cell', row.place, 'The Kind must be record, roles, attributes or external', row.kind);
        continue;
      }
      const prior = types.get(row.name);
      const base = { name: row.name, meaning: row.meaning, since: prior?.since ?? since, source: src(row.section, row.place) };
      types.set(row.name, kind === 'record' ? { ...base, kind, fields: prior?.kind === 'record' ? [...prior.fields] : [] } : { ...base, kind });
      if (row.section) {
        localSection.set(`${kind === 'attributes' ? 'attributes' : 'record'}@${row.section}`, row.name);
        typeSection.set(row.name, row.section);
      }
    }
    const typeForSection = (kind: 'record' | 'attributes', section: string | null, place: Place): string | null => {
      const name = section ? localSection.get(`${kind}@${section}`) : undefined;
      if (!name) {
        d.error('missing-table', place, `No row of this RFC's Types table names section ${section ?? '(none)'} for this ${kind === 'record' ? 'Field' : 'Attribute'} table`);
        return null;
      }
      return name;
    };

    for (const table of rfc.fieldTables) {
      const typeName = typeForSection('record', table.section, table.place);
      const type = typeName ? types.get(typeName) : undefined;
      if (!type || type.kind !== 'record') continue;
      for (const row of table.rows) {
        if (row.type) typeUses.push({ ref: row.type, place: row.typePlace });
        const prior = type.fields.find((f) => f.name === row.name);
        const field: Field = {
          name: row.name,
          notation: row.notation,
          type: row.type ?? { kind: 'primitive', name: 'string' },
          required: row.required,
          meaning: row.meaning,
          default: row.default,
          since: prior?.since ?? since,
          source: src(table.section, row.place),
        };
        if (prior) type.fields[type.fields.indexOf(prior)] = field;
        else type.fields.push(field);
      }
    }

    for (const table of rfc.stateTables) {
      const typeName = typeForSection('record', table.section, table.place);
      if (!typeName) continue;
      for (const row of table.rows) {
        states.set(row.field, { field: row.field, type: typeName, reachable: row.reachable, path: row.path, source: src(table.section, row.place) });
      }
    }

    for (const row of rfc.removed) {
      removed.push({ name: row.name, from: row.from, replacedBy: row.replacedBy, version: to, source: src(null, row.place) });
      const type = types.get(row.from);
      if (type?.kind === 'record') types.set(row.from, { ...type, fields: type.fields.filter((f) => f.name !== row.name) });
      if (type?.kind === 'roles' && roles.delete(row.name)) withoutRole(row.name);
      states.delete(row.name);
      attributes.delete(row.name);
      operations.delete(row.name);
      requirements.delete(row.name);
    }

    for (const row of rfc.roleKinds) {
      if (!kinds.some((k) => k.name === row.kind)) kinds.push({ name: row.kind, roles: [] });
      for (const role of row.roles) {
        const prior = roles.get(role.value);
        if (prior) withoutRole(role.value);
        const at = kinds.findIndex((k) => k.name === row.kind);
        const kind = kinds[at] as RoleKind;
        kinds[at] = { ...kind, roles: [...kind.roles, role.value] };
        roles.set(role.value, {
          name: role.value,
          kind: row.kind,
          appleName: prior?.appleName ?? false,
          covers: prior?.covers ?? [],
          coversNote: prior?.coversNote ?? null,
          since: prior?.since ?? since,
          source: src(null, role.place),
        });
      }
    }
    for (const row of rfc.appleNames) {
      const role = roles.get(row.role.value);
      if (!role) roleUses.push({ role: row.role.value, place: row.role.place });
      else roles.set(role.name, { ...role, appleName: row.appleName });
      if (row.appleName) coverUses.push({ name: row.role.value, role: row.role.value, place: row.role.place });
    }
    for (const row of rfc.covers) {
      const role = roles.get(row.role.value);
      if (!role) {
        roleUses.push({ role: row.role.value, place: row.role.place });
        continue;
      }
      roles.set(role.name, { ...role, covers: row.names.map((n) => n.value), coversNote: row.note });
      for (const n of row.names) coverUses.push({ name: n.value, role: role.name, place: n.place });
    }
    for (const row of rfc.roleRules) {
      roleRules[row.rule] = { role: row.role.value, place: row.role.place, source: src(null, row.role.place) };
    }
    for (const row of rfc.notReported) notReported.set(row.name, { name: row.name, reason: row.reason, source: src(null, row.place) });
    for (const table of rfc.attributeTables) {
      const typeName = typeForSection('attributes', table.section, table.place);
      if (!typeName) continue;
      for (const row of table.rows) {
        if (row.type) typeUses.push({ ref: row.type, place: row.typePlace });
        const prior = attributes.get(row.name);
        attributes.set(row.name, {
          name: row.name,
          notation: row.notation,
          type: row.type ?? { kind: 'primitive', name: 'string' },
          meaning: row.meaning,
          since: prior?.since ?? since,
          source: src(table.section, row.place),
        });
      }
    }
    for (const row of rfc.operations) {
      const prior = operations.get(row.name);
      for (const t of [row.takes, row.returns]) {
        const ref = t ? typeRef(t) : null;
        if (t && !ref) d.error('unknown-type', row.place, 'The type is not in the type notation', t);
        if (ref) typeUses.push({ ref, place: row.place });
      }
      operations.set(row.name, { name: row.name, takes: row.takes, returns: row.returns, meaning: row.meaning, since: prior?.since ?? since, source: src(null, row.place) });
    }
    if (rfc.versionField) versionField = rfc.versionField;
    for (const ex of rfc.examples) examples.push({ value: ex.value, source: src(ex.section, ex.place) });
    for (const p of rfc.privacy) privacy.set(p.subject, { subject: p.subject, note: p.note, source: src(null, p.place) });
    for (const row of rfc.requirements) {
      if (row.rule !== null && !(row.rule in CHECK_RULES)) {
        d.error('unknown-check-rule', row.rulePlace, `The checker has no rule ${row.rule}`, row.rule);
      }
      const prior = requirements.get(row.id);
      requirements.set(row.id, {
        id: row.id,
        requirement: row.requirement,
        check: row.check,
        checkable: !/^Not checkable/i.test(row.check.replace(/[`*]/g, '')),
        rule: row.rule,
        since: prior?.since ?? since,
        source: src(null, row.place),
      });
    }
    const snapshot = resolveNow();
    const releasedCell = rfc.metadata.get('Released in');
    const released = releasedCell !== undefined && releasedCell.plain !== '' && !isAbsent(releasedCell);
    if (snapshot) snapshots.push({ rfc: rfc.id, effect, effectPlace: effectCell.place, released, model: snapshot });
  }
  const last = snapshots.at(-1);
  if (d.hasErrors || !last) {
    if (version === null) {
      d.error('missing-table', { file: input.rfcs[0]?.file ?? 'spec/rfcs', line: 1, column: 1 }, 'No counted RFC states a version');
    }
    return null;
  }
  return { model: last.model, snapshots };

  /** Takes a role out of every kind. Objects are replaced, never changed: earlier snapshots share them. */
  function withoutRole(name: string): void {
    for (let i = 0; i < kinds.length; i++) {
      const k = kinds[i] as RoleKind;
      if (k.roles.includes(name)) kinds[i] = { ...k, roles: k.roles.filter((r) => r !== name) };
    }
  }

  /**
   * Resolves the names used so far and builds the model as it stands. Later RFCs replace the objects they change
   * rather than changing them, so a snapshot shares every part the next one leaves alone: a copy of the lists,
   * not of the whole model (a deep copy per RFC made folding grow with RFCs times model size).
   */
  function resolveNow(): FoldedModel | null {
  if (version === null) return null;

  // Resolve every name used against what was folded.
  const primitive = (ref: TypeRef): boolean => ref.kind === 'primitive' || (ref.kind === 'array' && primitive(ref.items));
  const baseName = (ref: TypeRef): string | null => (ref.kind === 'named' ? ref.name : ref.kind === 'array' ? baseName(ref.items) : null);
  const reported = new Set<string>();
  for (const use of typeUses) {
    const n = baseName(use.ref);
    if (!primitive(use.ref) && n && !types.has(n) && !reported.has(`${n}@${use.place.line}`)) {
      reported.add(`${n}@${use.place.line}`);
      d.error('unknown-type', use.place, 'The type names nothing in the Types table', n);
    }
  }
  for (const [name, type] of types) {
    if (type.kind === 'record' && type.fields.length === 0) {
      d.error('missing-table', { file: type.source.file, line: type.source.line, column: type.source.column }, `The record type ${name} has no Field table in section ${typeSection.get(name) ?? '(none)'}`, name);
    }
  }
  const first = input.rfcs[0];
  const firstPlace = first?.place ?? { file: 'spec/rfcs', line: 1, column: 1 };
  if (roles.size === 0) d.error('missing-table', firstPlace, 'No counted RFC has a role table (Kind | Roles)');
  const rules = {} as Record<'root' | 'unknown' | 'fallback', string>;
  for (const key of ['root', 'unknown', 'fallback'] as const) {
    const rule = roleRules[key];
    if (!rule) {
      d.error('missing-table', firstPlace, `No counted RFC says which role ${key === 'root' ? 'the root has' : key === 'unknown' ? 'an unknown role is read as' : 'fits when none plainly does'} (Rule | Role)`);
      continue;
    }
    rules[key] = rule.role;
    roleUses.push({ role: rule.role, place: rule.place });
  }
  for (const use of roleUses) {
    if (!roles.has(use.role)) d.error('unknown-role', use.place, 'The role is not in the role language', use.role);
  }
  for (const [name, state] of states) {
    const type = types.get(state.type);
    const field = type?.kind === 'record' ? type.fields.find((f) => f.name === name) : undefined;
    const place = { file: state.source.file, line: state.source.line, column: state.source.column };
    if (!field || field.type.kind !== 'primitive' || field.type.name !== 'boolean') {
      d.error('unknown-field', place, `A state must be a boolean field of ${state.type}`, name);
    } else if (!field.default) {
      // A receiver must know what an absent state reads as (the state reader depends on it).
      d.error('bad-default', { file: field.source.file, line: field.source.line, column: field.source.column }, `The state ${name} needs a default: end its Meaning with "Absent means ..."`, name);
    }
  }

  // Apple's roles: each is content (and then mapped by the RFCs) or in a class that is not reported.
  for (; coverUsesRead < coverUses.length; coverUsesRead++) {
    const use = coverUses[coverUsesRead] as (typeof coverUses)[number];
    if (!appleByName.has(use.name)) {
      d.error('unknown-apple-role', use.place, "The name is not in the table of Apple's roles", use.name);
      continue;
    }
    const prior = coveredBy.get(use.name);
    if (prior && prior !== use.role) {
      d.error('duplicate-entry', use.place, `Apple's ${use.name} is already covered by ${prior}`, use.name);
    }
    coveredBy.set(use.name, use.role);
  }
  for (const extra of input.appleNotReported) {
    if (!notReported.has(extra.name)) notReported.set(extra.name, { name: extra.name, reason: extra.reason, source: sourceOf('apple-roles', null, extra.place) });
  }
  const appleRoles: AppleRole[] = [];
  for (const row of input.appleRoles) {
    const role = coveredBy.get(row.name) ?? null;
    if (row.class === CONTENT_CLASS) {
      if (!role) d.error('unmapped-apple-role', row.place, "No RFC maps this content role of Apple's", row.value);
    } else if (!notReported.has(row.class)) {
      d.error('unknown-class', row.classPlace, 'The class is not content and not a class that is not reported', row.class);
    } else if (role) {
      d.error('unknown-class', row.classPlace, `${row.value} is mapped to ${role} but its class says it is not reported`, row.class);
    }
    const mapped = row.class === CONTENT_CLASS ? role : null;
    let appleRole = appleRoleOf.get(row);
    if (appleRole?.role !== mapped) {
      appleRole = {
        constant: row.constant,
        value: row.value,
        name: row.name,
        class: row.class,
        origin: row.origin,
        role: mapped,
        source: sourceOf('apple-roles', null, row.place),
      };
      appleRoleOf.set(row, appleRole);
    }
    appleRoles.push(appleRole);
  }

  const tree = treeShape([...types.values()], [...operations.values()], [...requirements.values()], versionField, firstPlace, d);
  if (d.hasErrors || !tree) return null;
  const root = roleRules.root as { source: Source };
  return {
    format: 1,
    protocolVersion: version,
    rfcs: [...rfcs],
    versioning,
    types: [...types.values()],
    roleKinds: kinds.filter((k) => k.roles.length > 0),
    roles: kinds.flatMap((k) => k.roles.map((r) => roles.get(r) as Role)),
    roleRules: { ...rules, source: root.source },
    states: [...states.values()],
    removed: [...removed],
    notReported: [...notReported.values()],
    appleRoles,
    attributes: [...attributes.values()],
    operations: [...operations.values()],
    requirements: [...requirements.values()],
    tree,
    examples: [...examples],
    privacy: [...privacy.values()],
  };
  }
}

const isNamed = (ref: TypeRef, name?: string) => ref.kind === 'named' && (name === undefined || ref.name === name);
const isArrayOf = (ref: TypeRef, name: string) => ref.kind === 'array' && isNamed(ref.items, name);

/** Finds the tree in the types: the answer an operation returns, its root field, and the node's own fields. */
function treeShape(
  types: TypeDef[],
  operations: Operation[],
  requirements: Requirement[],
  versionField: { type: string; field: string; place: Place } | null,
  place: Place,
  d: Diagnostics,
): TreeShape | null {
  const byName = new Map(types.map((t) => [t.name, t]));
  const record = (name: string | null | undefined) => {
    const t = name ? byName.get(name) : undefined;
    return t?.kind === 'record' ? t : undefined;
  };
  const answer = operations.map((o) => record(o.returns)).find((t) => t !== undefined);
  const rootField = answer?.fields.find((f) => f.type.kind === 'named' && record(f.type.name));
  const node = rootField && rootField.type.kind === 'named' ? record(rootField.type.name) : undefined;
  const children = node?.fields.find((f) => isArrayOf(f.type, node.name));
  const kindOf = (f: Field) => (f.type.kind === 'named' ? byName.get(f.type.name)?.kind : f.type.kind === 'array' && f.type.items.kind === 'named' ? byName.get(f.type.items.name)?.kind : undefined);
  const role = node?.fields.find((f) => isNamed(f.type) && kindOf(f) === 'roles');
  const attributes = node?.fields.find((f) => isNamed(f.type) && kindOf(f) === 'attributes');
  const content = node?.fields.find((f) => f.type.kind === 'array' && kindOf(f) === 'external');
  // The id is the field the uniqueness requirement names; failing that, the node's first required string.
  const uniqueness = requirements.find((r) => r.rule === 'unique-id');
  const named = uniqueness ? [...uniqueness.requirement.matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [];
  const id = node?.fields.find((f) => named.includes(f.name)) ?? node?.fields.find((f) => f.required && f.type.kind === 'primitive' && f.type.name === 'string');
  if (versionField && (versionField.type !== answer?.name || !answer.fields.some((f) => f.name === versionField.field))) {
    d.error('unknown-field', versionField.place, `The version field must be a field of the answer (${answer?.name ?? 'none'})`, versionField.field);
    return null;
  }
  if (!versionField) {
    d.error('missing-table', place, 'No counted RFC says which field of the answer holds the version (Versioned by | Field)');
    return null;
  }
  if (!answer || !rootField || !node || !children || !role || !id) {
    const missing = !answer ? 'an operation that returns a record (the answer)' : !rootField || !node ? "a field of the answer whose type is the tree's element record" : !children ? 'a field of the element typed as an array of elements (its children)' : !role ? 'a field of the element typed with the roles type' : 'an id field';
    d.error('missing-table', place, `The types do not form a tree: the spec needs ${missing}`);
    return null;
  }
  return {
    answer: answer.name,
    root: rootField.name,
    node: node.name,
    children: children.name,
    id: id.name,
    role: role.name,
    attributes: attributes?.name ?? null,
    content: content?.name ?? null,
    version: versionField.field,
  };
}
