import type { Diagnostics, Place } from '../../diagnostics/report.js';
import type { AppleRoleRow } from '../../read/reference.js';
import type { RfcDraft } from '../../read/rfc.js';
import { TYPE_KINDS } from '../../read/signatures.js';
import { CHECK_RULES } from '../check-rules.js';
import type { Deprecation, Field, RemovedKind, RoleAlias, Source, TypeDef, TypeRef } from '../types.js';
import { applyDeprecations } from './deprecate.js';
import type { FoldState } from './state.js';

/** What one RFC did that a later check must point back to: the rows that removed or dropped something. */
export interface RfcChanges {
  /** Roles this RFC removed, by the Removed row that did it. */
  removedRoles: Map<string, Place>;
  /** The deprecated aliases of the roles this RFC removed (a role renamed before), which a new alias carries on. */
  removedAliases: Map<string, RoleAlias[]>;
  /** Record fields this RFC removed (`Element.url`), by their Removed row. */
  removedFields: Map<string, Place>;
  /** Apple names whose protocol role this RFC took away, by the row that did it. */
  orphaned: Map<string, Place>;
}

export interface ApplyContext {
  rfc: RfcDraft;
  /** The version this RFC makes. */
  since: string;
  /** Whether a counted RFC came before this one: only then can a removed name be checked against the model. */
  hasEarlierVersion: boolean;
  appleByName: ReadonlyMap<string, AppleRoleRow>;
  d: Diagnostics;
}

/** A restated item's deprecation, kept (absent when it has none, so the model's JSON names no empty one). */
const kept = (prior: { deprecated?: Deprecation } | undefined) =>
  prior?.deprecated ? { deprecated: prior.deprecated } : {};
/** The table that states each kind of type's members, in the section its Types row names. */
const TABLE_OF = { record: 'Field', attributes: 'Attribute', enum: 'Value' } as const;
const baseName = (ref: TypeRef): string | null =>
  ref.kind === 'named' ? ref.name : ref.kind === 'array' ? baseName(ref.items) : null;

/** The kind of type whose table a section holds (a Field table: record), or null when it holds none. */
function kindOfSection(rfc: RfcDraft, section: string | null): keyof typeof TABLE_OF | null {
  if (section === null) return null;
  const holds = (tables: readonly { section: string | null }[]) => tables.some((t) => t.section === section);
  if (holds(rfc.fieldTables)) return 'record';
  if (holds(rfc.valueTables)) return 'enum';
  if (holds(rfc.attributeTables)) return 'attributes';
  return null;
}

/** Applies one RFC's tables to the state, in the order the guide describes; every problem goes to `ctx.d`. */
export function applyRfc(state: FoldState, ctx: ApplyContext): RfcChanges {
  const { rfc, since, d } = ctx;
  const changes: RfcChanges = {
    removedRoles: new Map(),
    removedAliases: new Map(),
    removedFields: new Map(),
    orphaned: new Map(),
  };
  // A row's section is the last numbered heading above it, when its table does not name one.
  const sectionAt = (line: number) => rfc.sections.filter((x) => x.line <= line).at(-1)?.number ?? null;
  const src = (section: string | null, place: Place): Source => ({
    document: rfc.id,
    section: section ?? sectionAt(place.line),
    file: place.file,
    line: place.line,
    column: place.column,
  });
  const typeUses: { ref: TypeRef; place: Place }[] = [];

  // Types first: a Field table belongs to the type whose row names its section.
  const localSection = new Map<string, { name: string; place: Place }>();
  for (const row of rfc.types) {
    let kind = row.kind as TypeDef['kind'];
    if (!(TYPE_KINDS as readonly string[]).includes(kind)) {
      d.error(
        'bad-cell',
        row.place,
        `The Kind must be ${TYPE_KINDS.slice(0, -1).join(', ')} or ${TYPE_KINDS.at(-1)}`,
        row.kind,
      );
      // One slip is one finding: read the type as the kind its section's table shows, so the tables that use
      // it are not reported as well (missing tables, unknown types, no tree).
      const meant = kindOfSection(rfc, row.section);
      if (!meant) continue;
      kind = meant;
    }
    const prior = state.types.get(row.name);
    const base = {
      name: row.name,
      meaning: row.meaning,
      since: prior?.since ?? since,
      source: src(row.section, row.place),
    };
    if (kind === 'record')
      state.types.set(row.name, { ...base, kind, fields: prior?.kind === 'record' ? [...prior.fields] : [] });
    else if (kind === 'enum')
      state.types.set(row.name, { ...base, kind, values: prior?.kind === 'enum' ? [...prior.values] : [] });
    else state.types.set(row.name, { ...base, kind });
    if (row.section && (kind === 'record' || kind === 'attributes' || kind === 'enum')) {
      const key = `${kind}@${row.section}`;
      const other = localSection.get(key);
      if (other) {
        d.error(
          'duplicate-entry',
          row.place,
          `${other.name} (line ${other.place.line}) already names section ${row.section}; a ${TABLE_OF[kind]} table belongs to one type, so give each its own section`,
          row.name,
        );
        continue;
      }
      localSection.set(key, { name: row.name, place: row.place });
      state.typeSection.set(row.name, row.section);
    }
  }
  const typeForSection = (kind: keyof typeof TABLE_OF, section: string | null, place: Place): string | null => {
    const name = section ? localSection.get(`${kind}@${section}`)?.name : undefined;
    if (!name) {
      d.error(
        'missing-table',
        place,
        `No row of this RFC's Types table names section ${section ?? '(none)'} for this ${TABLE_OF[kind]} table`,
      );
      return null;
    }
    return name;
  };

  for (const table of rfc.fieldTables) {
    const typeName = typeForSection('record', table.section, table.place);
    const type = typeName ? state.types.get(typeName) : undefined;
    if (type?.kind !== 'record') continue;
    const fields = [...type.fields];
    for (const row of table.rows) {
      if (row.type) typeUses.push({ ref: row.type, place: row.typePlace });
      const at = fields.findIndex((f) => f.name === row.name);
      const field: Field = {
        name: row.name,
        notation: row.notation,
        type: row.type ?? { kind: 'primitive', name: 'string' },
        required: row.required,
        meaning: row.meaning,
        default: row.default,
        since: fields[at]?.since ?? since,
        source: src(table.section, row.place),
        // A restated row keeps its deprecation: only a Removed row ends it.
        ...kept(fields[at]),
      };
      if (at >= 0) fields[at] = field;
      else fields.push(field);
    }
    // Order is part of a record: the rows a table restates take its order, in the places they held.
    const restated = table.rows.map((r) => r.name).filter((n) => type.fields.some((f) => f.name === n));
    state.types.set(type.name, { ...type, fields: inTableOrder(fields, (f) => f.name, restated) });
  }

  // An enum's values, like a record's fields: a restated value takes the new wording and keeps its version.
  for (const table of rfc.valueTables) {
    const typeName = typeForSection('enum', table.section, table.place);
    const type = typeName ? state.types.get(typeName) : undefined;
    if (type?.kind !== 'enum') continue;
    const values = [...type.values];
    for (const row of table.rows) {
      const at = values.findIndex((v) => v.value === row.value);
      const value = {
        value: row.value,
        meaning: row.meaning,
        since: values[at]?.since ?? since,
        source: src(table.section, row.place),
      };
      if (at >= 0) values[at] = value;
      else values.push(value);
    }
    state.types.set(type.name, { ...type, values });
  }

  for (const table of rfc.stateTables) {
    const typeName = typeForSection('record', table.section, table.place);
    if (!typeName) continue;
    for (const row of table.rows) {
      state.states.set(row.field, {
        field: row.field,
        type: typeName,
        reachable: row.reachable,
        path: row.path,
        source: src(table.section, row.place),
      });
    }
  }

  for (const row of rfc.removed) {
    const type = state.types.get(row.from);
    // A name that came in this same version (an RFC amending an unreleased one) was never in a version: no removal to record.
    const recorded = sinceOf(state, type, row.name) !== since;
    const removed = (kind: RemovedKind) => {
      if (recorded)
        state.removed.push({
          name: row.name,
          from: row.from,
          kind,
          replacedBy: row.replacedBy,
          version: since,
          source: src(null, row.place),
        });
    };
    if (type?.kind === 'record') {
      removed('field');
      if (type.fields.some((f) => f.name === row.name)) {
        state.types.set(row.from, { ...type, fields: type.fields.filter((f) => f.name !== row.name) });
        changes.removedFields.set(`${row.from}.${row.name}`, row.place);
      } else if (ctx.hasEarlierVersion) {
        // The first RFC may remove names of the version before the model (0.1's); later ones remove what is there.
        d.error('unknown-field', row.place, `${row.from} has no field ${row.name} to remove`, row.name);
      }
      if (state.states.get(row.name)?.type === row.from) state.states.delete(row.name);
    } else if (type?.kind === 'roles') {
      removed('role');
      const role = state.roles.get(row.name);
      if (role && state.roles.delete(row.name)) {
        if (role.aliases?.length) changes.removedAliases.set(row.name, role.aliases);
        withoutRole(state, row.name);
        changes.removedRoles.set(row.name, row.place);
        for (const name of state.appleClaims.get(row.name)?.keys() ?? []) changes.orphaned.set(name, row.place);
        state.appleClaims.delete(row.name);
      } else {
        d.error('unknown-role', row.place, 'The role to remove is not in the role language', row.name);
      }
    } else if (type?.kind === 'enum') {
      if (type.values.some((v) => v.value === row.name))
        state.types.set(row.from, { ...type, values: type.values.filter((v) => v.value !== row.name) });
      else d.error('unknown-field', row.place, `${row.from} has no value ${row.name} to remove`, row.name);
    } else if (type?.kind === 'attributes') {
      removed('attribute');
      if (!state.attributes.delete(row.name) && ctx.hasEarlierVersion) {
        d.error('unknown-field', row.place, `${row.from} has no reserved attribute ${row.name} to remove`, row.name);
      }
    } else if (type) {
      d.error(
        'bad-cell',
        row.place,
        `Names are removed from a record, an enum, the roles type or the attributes type; ${row.from} is ${type.kind}`,
        row.from,
      );
    } else if (state.requirements.delete(row.name)) {
      // A requirement or an operation is removed by its own name; From says where it stood.
      removed('requirement');
    } else if (state.operations.delete(row.name)) {
      removed('operation');
    } else {
      d.error(
        'unknown-type',
        row.place,
        `The From column names no type, and ${row.name} is no requirement or operation`,
        row.from,
      );
    }
  }

  // Order is part of the language: the kinds and roles a Kind table restates take its order, in the places they held;
  // a role new to its kind goes at the end of it.
  const kindsBefore = state.kinds.map((k) => k.name);
  for (const row of rfc.roleKinds) {
    if (!state.kinds.some((k) => k.name === row.kind)) state.kinds.push({ name: row.kind, roles: [] });
    const stays = (name: string) => state.roles.get(name)?.kind === row.kind;
    const inKind = row.roles.map((r) => r.value).filter(stays);
    for (const role of row.roles) {
      const prior = state.roles.get(role.value);
      const at = state.kinds.findIndex((k) => k.name === row.kind);
      if (prior && stays(role.value)) {
        const kind = state.kinds[at] as (typeof state.kinds)[number];
        state.kinds[at] = { ...kind, roles: inTableOrder(kind.roles, (r) => r, inKind) };
      } else {
        if (prior) withoutRole(state, role.value);
        const kind = state.kinds[at] as (typeof state.kinds)[number];
        state.kinds[at] = { ...kind, roles: [...kind.roles, role.value] };
      }
      state.roles.set(role.value, {
        name: role.value,
        kind: row.kind,
        appleName: prior?.appleName ?? false,
        covers: prior?.covers ?? [],
        coversNote: prior?.coversNote ?? null,
        since: prior?.since ?? since,
        source: src(null, role.place),
        ...kept(prior),
        ...(prior?.aliases ? { aliases: prior.aliases } : {}),
      });
    }
  }
  state.kinds = inTableOrder(
    state.kinds,
    (k) => k.name,
    rfc.roleKinds.map((r) => r.kind).filter((k) => kindsBefore.includes(k)),
  );
  // Apple's names: a role claims its own name (Apple's name: yes) and the names of its Also covers row. A row
  // restated in a later RFC replaces the role's claims of that kind; a name no role claims any more is orphaned here.
  const claimsOf = (role: string) => {
    const claims = new Map(state.appleClaims.get(role) ?? []);
    state.appleClaims.set(role, claims);
    return claims;
  };
  const knownApple = (name: string, place: Place) => {
    if (ctx.appleByName.has(name)) return true;
    d.error('unknown-apple-role', place, "The name is not in the table of Apple's roles", name);
    return false;
  };
  for (const row of rfc.appleNames) {
    const role = state.roles.get(row.role.value);
    if (!role) {
      d.error('unknown-role', row.role.place, 'The role is not in the role language', row.role.value);
      continue;
    }
    state.roles.set(role.name, { ...role, appleName: row.appleName });
    const claims = claimsOf(role.name);
    if (row.appleName && knownApple(role.name, row.role.place)) claims.set(role.name, row.role.place);
    else if (!row.appleName && claims.delete(role.name) && role.appleName)
      changes.orphaned.set(role.name, row.role.place);
  }
  for (const row of rfc.covers) {
    const role = state.roles.get(row.role.value);
    if (!role) {
      d.error('unknown-role', row.role.place, 'The role is not in the role language', row.role.value);
      continue;
    }
    const names = row.names.map((n) => n.value);
    state.roles.set(role.name, { ...role, covers: names, coversNote: row.note });
    const claims = claimsOf(role.name);
    for (const old of role.covers) {
      if (!names.includes(old) && !(old === role.name && role.appleName)) {
        claims.delete(old);
        changes.orphaned.set(old, row.role.place);
      }
    }
    for (const n of row.names) if (knownApple(n.value, n.place)) claims.set(n.value, n.place);
  }
  for (const row of rfc.roleRules) {
    state.roleRules[row.rule] = { role: row.role.value, place: row.role.place, source: src(null, row.role.place) };
  }
  for (const row of rfc.notReported)
    state.notReported.set(row.name, { name: row.name, reason: row.reason, source: src(null, row.place) });
  for (const table of rfc.attributeTables) {
    const typeName = typeForSection('attributes', table.section, table.place);
    if (!typeName) continue;
    for (const row of table.rows) {
      if (row.type) typeUses.push({ ref: row.type, place: row.typePlace });
      const prior = state.attributes.get(row.name);
      state.attributes.set(row.name, {
        name: row.name,
        notation: row.notation,
        type: row.type ?? { kind: 'primitive', name: 'string' },
        meaning: row.meaning,
        since: prior?.since ?? since,
        source: src(table.section, row.place),
        ...kept(prior),
      });
    }
  }
  for (const row of rfc.operations) {
    const prior = state.operations.get(row.name);
    for (const t of [row.takes, row.returns]) if (t?.type) typeUses.push({ ref: t.type, place: t.place });
    state.operations.set(row.name, {
      name: row.name,
      takes: row.takes?.notation ?? null,
      returns: row.returns?.notation ?? null,
      meaning: row.meaning,
      since: prior?.since ?? since,
      source: src(null, row.place),
      ...kept(prior),
    });
  }
  if (rfc.versionField) state.versionField = rfc.versionField;
  for (const row of rfc.follows) {
    // Only a type taken from another specification follows a version of it.
    if (state.types.get(row.type)?.kind !== 'external') {
      d.error('unknown-type', row.place, 'No Types table declares this as an external type', row.type);
      continue;
    }
    state.follows.set(row.type, {
      type: row.type,
      version: row.version,
      kinds: row.kinds,
      since,
      source: src(null, row.place),
    });
  }
  for (const ex of rfc.examples) state.examples.push({ value: ex.value, source: src(ex.section, ex.place) });
  for (const p of rfc.privacy)
    state.privacy.set(p.subject, { subject: p.subject, note: p.note, source: src(null, p.place) });
  for (const row of rfc.requirements) {
    if (row.rule !== null && !(row.rule in CHECK_RULES)) {
      d.error('unknown-check-rule', row.rulePlace, `The checker has no rule ${row.rule}`, row.rule);
    }
    const checkable = !/^Not checkable/i.test(row.check.replace(/[`*]/g, ''));
    // Said how to check, but nothing checks it: the docs would count it as not implemented, without a word here.
    if (checkable && row.rule === null) {
      d.warning(
        'unchecked-requirement',
        row.rulePlace,
        `${row.id} is checkable from outside, but names no checker rule`,
      );
    }
    const prior = state.requirements.get(row.id);
    state.requirements.set(row.id, {
      id: row.id,
      requirement: row.requirement,
      check: row.check,
      checkable,
      rule: row.rule,
      since: prior?.since ?? since,
      source: src(null, row.place),
      ...kept(prior),
    });
  }
  applyDeprecations(state, rfc, since, changes, (place) => src(null, place), d);

  // Every type this RFC names must exist once its own Types rows are in (types are never removed).
  for (const use of typeUses) {
    const n = baseName(use.ref);
    if (n && !state.types.has(n)) d.error('unknown-type', use.place, 'The type names nothing in the Types table', n);
  }
  return changes;
}

/**
 * `items` with the ones `restated` names (each once, in an RFC's table order) put in that order, in the places they
 * held among themselves; every other item stays where it was. A table that restates rows in their own order moves
 * nothing.
 */
function inTableOrder<T>(items: readonly T[], key: (item: T) => string, restated: readonly string[]): T[] {
  const wanted = [...new Set(restated)];
  const slots = items.flatMap((item, i) => (wanted.includes(key(item)) ? [i] : []));
  const byKey = new Map(items.map((item) => [key(item), item]));
  const out = [...items];
  slots.forEach((slot, i) => {
    const item = byKey.get(wanted[i] as string);
    if (item !== undefined) out[slot] = item;
  });
  return out;
}

/** The version a name came in: a field of a record, a role, a reserved attribute, a requirement or an operation. */
function sinceOf(state: FoldState, type: TypeDef | undefined, name: string): string | undefined {
  if (type?.kind === 'record') return type.fields.find((f) => f.name === name)?.since;
  if (type?.kind === 'roles') return state.roles.get(name)?.since;
  if (type?.kind === 'attributes') return state.attributes.get(name)?.since;
  return type ? undefined : (state.requirements.get(name) ?? state.operations.get(name))?.since;
}

/** Takes a role out of every kind. Objects are replaced, never changed: earlier snapshots share them. */
function withoutRole(state: FoldState, name: string): void {
  for (let i = 0; i < state.kinds.length; i++) {
    const k = state.kinds[i] as (typeof state.kinds)[number];
    if (k.roles.includes(name)) state.kinds[i] = { ...k, roles: k.roles.filter((r) => r !== name) };
  }
}
