import type { Place } from '../../diagnostics/report.js';
import type { RfcDraft } from '../../read/rfc.js';
import { TYPE_KINDS } from '../../read/signatures.js';
import type { Field, TypeDef } from '../types.js';
import { inStatedOrder, inTableOrder, kept, type RfcStep } from './apply-step.js';

/** The table that states each kind of type's members, in the section its Types row names. */
const TABLE_OF = { record: 'Field', attributes: 'Attribute', enum: 'Value' } as const;

/** The type a member table's section belongs to, by the RFC's Types rows; null (reported) when none names it. */
export type TypeForSection = (kind: keyof typeof TABLE_OF, section: string | null, place: Place) => string | null;

/** The kind of type whose table a section holds (a Field table: record), or null when it holds none. */
function kindOfSection(rfc: RfcDraft, section: string | null): keyof typeof TABLE_OF | null {
  if (section === null) return null;
  const holds = (tables: readonly { section: string | null }[]) => tables.some((t) => t.section === section);
  if (holds(rfc.fieldTables)) return 'record';
  if (holds(rfc.valueTables)) return 'enum';
  if (holds(rfc.attributeTables)) return 'attributes';
  return null;
}

/** Types first: a Field table belongs to the type whose row names its section. */
export function applyTypeRows(step: RfcStep): TypeForSection {
  const { state, rfc, since, d, src } = step;
  const localSection = new Map<string, { name: string; place: Place }>();
  for (const row of rfc.types) {
    let kind = row.kind as TypeDef['kind'];
    if (!(TYPE_KINDS as readonly string[]).includes(kind)) {
      d.error(
        'bad-cell',
        row.kindPlace,
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
  return (kind, section, place) => {
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
}

/** Each Field table's rows into its record, in the table's order where it restates them. */
export function applyFieldTables(step: RfcStep, typeForSection: TypeForSection): void {
  const { state, rfc, since, src, typeUses } = step;
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
}

/** An enum's values, like a record's fields: a restated value takes the new wording and keeps its version. */
export function applyValueTables(step: RfcStep, typeForSection: TypeForSection): void {
  const { state, rfc, since, src } = step;
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
    // Order is part of an enum, as of a record: the values a table restates take its order, in the places they held.
    const restated = table.rows.map((r) => r.value).filter((v) => type.values.some((x) => x.value === v));
    state.types.set(type.name, { ...type, values: inTableOrder(values, (v) => v.value, restated) });
  }
}

/** Each State table's rows, on the record its section belongs to. */
export function applyStateTables(step: RfcStep, typeForSection: TypeForSection): void {
  const { state, rfc, src } = step;
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
}

/** The reserved attributes, typed; a restated one keeps its version and deprecation. */
export function applyAttributeTables(step: RfcStep, typeForSection: TypeForSection): void {
  const { state, rfc, since, src, typeUses } = step;
  const before = [...state.attributes.keys()];
  const rows: string[] = [];
  for (const table of rfc.attributeTables) {
    const typeName = typeForSection('attributes', table.section, table.place);
    if (!typeName) continue;
    for (const row of table.rows) {
      if (row.type) typeUses.push({ ref: row.type, place: row.typePlace });
      rows.push(row.name);
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
  state.attributes = inStatedOrder(state.attributes, before, rows);
}
