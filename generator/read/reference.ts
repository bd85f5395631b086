import type { Diagnostics, Place } from '../diagnostics/report.js';
import { identifier, name, required, yesNo } from './cells.js';
import { TABLE_SIGNATURES, type TableKind, classifyTable, misspeltHeader } from './signatures.js';
import { type Cell, type SpecDocument, type SpecTable, reportWideRows } from './tables.js';

export interface StatusRow {
  status: string;
  counted: boolean;
  /** Whether an RFC of this status may still be accepted (a Draft): only then is it checked as if it were next. */
  open: boolean;
  place: Place;
}

export interface AppleRoleRow {
  constant: string | null;
  value: string;
  name: string;
  class: string;
  origin: string;
  place: Place;
  classPlace: Place;
}

export interface ExternalTypeRow {
  name: string;
  module: string;
  export: string;
  format: string;
  versionExport: string | null;
  prefix: string;
  place: Place;
}

export interface ReferenceDraft {
  statuses: StatusRow[];
  appleRoles: AppleRoleRow[];
  notReported: { name: string; reason: string; place: Place }[];
  externalTypes: ExternalTypeRow[];
}

/** The tables of one reference document (process, Apple's roles, external types) of the given kinds. */
function tablesOf(doc: SpecDocument, kinds: readonly TableKind[], d: Diagnostics): Map<TableKind, SpecTable[]> {
  const out = new Map<TableKind, SpecTable[]>();
  for (const table of doc.tables) {
    const c = classifyTable(table.header);
    if (c.kind === 'malformed' && kinds.includes(c.expected)) {
      d.error(
        'table-columns',
        table.place,
        `This table's columns should be: ${TABLE_SIGNATURES[c.expected].join(' | ')}`,
        table.header.join(' | '),
      );
      // One misspelt column name is one finding: the rows are read as meant (read/signatures.ts, misspeltHeader).
      if (misspeltHeader(table.header, c.expected)) out.set(c.expected, [...(out.get(c.expected) ?? []), table]);
    } else if (c.kind !== 'malformed' && c.kind !== 'prose' && kinds.includes(c.kind)) {
      reportWideRows(table, d);
      out.set(c.kind, [...(out.get(c.kind) ?? []), table]);
    } else if (c.kind !== 'malformed' && c.kind !== 'prose') {
      // A table the toolchain reads elsewhere (a Deprecated table belongs in an RFC) would be read nowhere here.
      d.error(
        'misplaced-table',
        table.place,
        `A table with the columns ${TABLE_SIGNATURES[c.kind].join(' | ')} is not read in this file, which holds only ${kinds.map((k) => TABLE_SIGNATURES[k].join(' | ')).join('; ')} tables`,
        table.header.join(' | '),
      );
    }
  }
  for (const kind of kinds) {
    if (!out.has(kind)) {
      d.error(
        'missing-table',
        { file: doc.file, line: 1, column: 1 },
        `This file needs a table with the columns ${TABLE_SIGNATURES[kind].join(' | ')}`,
      );
    }
  }
  return out;
}

function uniqueRows(table: SpecTable, key: (row: Cell[]) => string | null, d: Diagnostics): Cell[][] {
  const seen = new Map<string, number>();
  const rows: Cell[][] = [];
  for (const row of table.rows) {
    const k = key(row);
    if (k === null) continue;
    const first = seen.get(k);
    if (first !== undefined) {
      d.error('duplicate-entry', (row[0] as Cell).place, `This row repeats the one at line ${first}`, k);
      continue;
    }
    seen.set(k, (row[0] as Cell).place.line);
    rows.push(row);
  }
  return rows;
}

export function extractProcess(doc: SpecDocument, d: Diagnostics): StatusRow[] {
  const statuses: StatusRow[] = [];
  for (const table of tablesOf(doc, ['statuses'], d).get('statuses') ?? []) {
    for (const row of uniqueRows(table, (r) => required(r[0] as Cell, 'Status', d), d)) {
      const counted = yesNo(row[1] as Cell, 'Counted', d);
      const open = yesNo(row[2] as Cell, 'Open', d);
      if (counted !== null && open !== null)
        statuses.push({ status: (row[0] as Cell).plain, counted, open, place: (row[0] as Cell).place });
    }
  }
  return statuses;
}

export function extractAppleRoles(
  doc: SpecDocument,
  d: Diagnostics,
): Pick<ReferenceDraft, 'appleRoles' | 'notReported'> {
  const tables = tablesOf(doc, ['appleRoles', 'notReported'], d);
  const appleRoles: AppleRoleRow[] = [];
  for (const table of tables.get('appleRoles') ?? []) {
    // Value and Name become identifiers in every binding (Swift's and Kotlin's mapping tables), so they are checked as such.
    for (const row of uniqueRows(table, (r) => identifier(r[1] as Cell, 'Value', d), d)) {
      const [constant, value, roleName, cls, origin] = row as [Cell, Cell, Cell, Cell, Cell];
      const n = identifier(roleName, 'Name', d);
      const c = required(cls, 'Class', d);
      if (n === null || c === null) continue;
      appleRoles.push({
        constant: constant.codes[0] ?? null,
        value: value.codes[0] ?? value.plain,
        name: n,
        class: c,
        origin: origin.plain,
        place: value.place,
        classPlace: cls.place,
      });
    }
  }
  const notReported = (tables.get('notReported') ?? []).flatMap((table) =>
    uniqueRows(table, (r) => required(r[0] as Cell, 'Not reported', d), d).map((row) => ({
      name: (row[0] as Cell).plain,
      reason: (row[1] as Cell).markdown,
      place: (row[0] as Cell).place,
    })),
  );
  return { appleRoles, notReported };
}

export function extractExternalTypes(doc: SpecDocument, d: Diagnostics): ExternalTypeRow[] {
  const out: ExternalTypeRow[] = [];
  for (const table of tablesOf(doc, ['externalTypes'], d).get('externalTypes') ?? []) {
    for (const row of uniqueRows(table, (r) => name(r[0] as Cell, 'Type', d), d)) {
      const [type, module, exp, format, version, prefix] = row as [Cell, Cell, Cell, Cell, Cell, Cell];
      const m = name(module, 'Module', d);
      const e = name(exp, 'Export', d);
      const f = required(format, 'Format', d);
      if (m === null || e === null || f === null) continue;
      const p = identifier(prefix, 'Prefix', d);
      if (p === null) continue;
      const versionExport = version.codes[0] ?? (version.plain === '' || version.plain === '—' ? null : version.plain);
      out.push({
        name: type.codes[0] ?? type.plain,
        module: m,
        export: e,
        format: f,
        versionExport,
        prefix: p,
        place: type.place,
      });
    }
  }
  return out;
}
