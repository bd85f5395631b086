import type { Diagnostics, Place } from '../diagnostics/report.js';
import {
  defaultOf,
  identifier,
  identifiers,
  isAbsent,
  type Located,
  name,
  placeOfName,
  required,
  typeCell,
  yesNo,
} from './cells.js';
import type { RfcDraft } from './rfc-draft.js';
import { ROLE_RULE_PHRASES, TABLE_SIGNATURES, type TableKind, VERSION_CHANGES, VERSION_PARTS } from './signatures.js';
import type { Cell, SpecTable } from './tables.js';

/** Splits "`Sheet`, `Drawer`. A tab says so" into the names and the note after the first full stop. */
function namesAndNote(cell: Cell): { names: string[]; note: string | null } {
  const dot = cell.markdown.indexOf('. ');
  const note = dot >= 0 ? cell.markdown.slice(dot + 2).trim() : null;
  return { names: cell.codes.filter((code) => !note?.includes(`\`${code}\``)), note };
}

/** What a row reader sees: the RFC so far, the row's table and cells, and a check for a key repeated in the table. */
interface RowContext {
  readonly draft: RfcDraft;
  readonly table: SpecTable;
  readonly section: string | null;
  readonly d: Diagnostics;
  readonly cell: (i: number) => Cell;
  readonly col: (i: number) => string;
  /** Reports a repeated key within this table; returns false for a repeat. */
  readonly once: (
    key: string,
    place: Place,
    rule: 'duplicate-field' | 'duplicate-role' | 'duplicate-requirement' | 'duplicate-entry',
    what: string,
  ) => boolean;
}

/**
 * How an RFC reads a row of each kind of table into its draft. Tables of reference files and the process file are
 * read elsewhere; in an RFC they state nothing, so they have no reader here.
 */
const ROW_READERS: Partial<Record<TableKind, (c: RowContext) => void>> = {
  metadata: ({ draft, d, cell, col, once }) => {
    const key = required(cell(0), col(0), d);
    if (key !== null && once(key, cell(0).place, 'duplicate-entry', `Metadata row ${key}`))
      draft.metadata.set(key, cell(1));
  },
  types: ({ draft, d, cell, col, once }) => {
    const n = identifier(cell(0), col(0), d);
    const k = required(cell(2), col(2), d);
    if (n === null || k === null || !once(n, cell(0).place, 'duplicate-entry', `Type ${n}`)) return;
    draft.types.push({
      name: n,
      section: isAbsent(cell(1)) ? null : cell(1).plain,
      kind: k,
      meaning: cell(3).markdown,
      place: cell(0).place,
      kindPlace: cell(2).place,
    });
  },
  fields: ({ draft, table, section, d, cell, col, once }) => {
    let tableRows = draft.fieldTables.find((t) => t.place === table.place);
    if (!tableRows) draft.fieldTables.push((tableRows = { section, place: table.place, rows: [] }));
    const n = identifier(cell(0), col(0), d);
    const typed = typeCell(cell(1), col(1), d);
    const req = yesNo(cell(2), col(2), d);
    if (n === null || typed === null || req === null) return;
    if (!once(n, cell(0).place, 'duplicate-field', `Field ${n}`)) return;
    const dflt = defaultOf(cell(3), n, d);
    tableRows.rows.push({
      name: n,
      notation: typed.notation,
      type: typed.type,
      required: req,
      meaning: cell(3).markdown,
      default: dflt ?? null,
      place: cell(0).place,
      typePlace: typed.place,
    });
  },
  states: ({ draft, table, section, d, cell, col, once }) => {
    let t = draft.stateTables.find((x) => x.place === table.place);
    if (!t) draft.stateTables.push((t = { section, place: table.place, rows: [] }));
    const n = identifier(cell(0), col(0), d);
    const reachable = yesNo(cell(1), col(1), d);
    const path = yesNo(cell(2), col(2), d);
    if (n === null || reachable === null || path === null || !once(n, cell(0).place, 'duplicate-entry', `State ${n}`))
      return;
    if (path && !reachable) {
      // A path runs down from the root, so its elements are reachable by definition; the checker relies on it.
      d.error(
        'bad-cell',
        cell(1).place,
        'A state that forms a path is reachable from the root: write yes here',
        cell(1).plain,
      );
      return;
    }
    t.rows.push({ field: n, reachable, path, place: cell(0).place });
  },
  removed: ({ draft, d, cell, col, once }) => {
    const n = name(cell(0), col(0), d);
    const from = name(cell(1), col(1), d);
    const by = required(cell(2), col(2), d);
    if (
      n === null ||
      from === null ||
      by === null ||
      !once(`${from}.${n}`, cell(0).place, 'duplicate-entry', `Removed name ${n}`)
    )
      return;
    // `—` (or None) says nothing replaced it, as in a Deprecated row's Use instead.
    draft.removed.push({
      name: n,
      from,
      replacedBy: isAbsent(cell(2)) ? null : cell(2).markdown,
      place: cell(0).place,
    });
  },
  deprecated: ({ draft, d, cell, col, once }) => {
    const n = identifier(cell(0), col(0), d);
    const from = name(cell(1), col(1), d);
    const instead = required(cell(2), col(2), d);
    if (
      n === null ||
      from === null ||
      instead === null ||
      !once(`${from}.${n}`, cell(0).place, 'duplicate-entry', `Deprecated name ${n}`)
    )
      return;
    // Or in another Deprecated table of the RFC: one name deprecated twice would be two deprecations of it.
    const earlier = draft.deprecated.find((x) => x.name === n && x.from === from);
    if (earlier) {
      d.error(
        'duplicate-entry',
        cell(0).place,
        `Deprecated name ${n} is already defined at line ${earlier.place.line}`,
        n,
      );
      return;
    }
    const none = isAbsent(cell(2));
    draft.deprecated.push({
      name: n,
      from,
      useInstead: none ? null : cell(2).markdown,
      useInsteadName: none ? null : (cell(2).codes[0] ?? null),
      place: cell(0).place,
      useInsteadPlace: cell(2).place,
    });
  },
  roleKinds: ({ draft, d, cell, col, once }) => {
    const k = required(cell(0), col(0), d);
    if (k === null || required(cell(1), col(1), d) === null) return;
    const roles: Located<string>[] = [];
    for (const role of identifiers(
      cell(1).codes.length ? cell(1).codes : cell(1).plain.split(/\s*,\s*/),
      cell(1),
      col(1),
      d,
    )) {
      if (once(role, placeOfName(cell(1), role), 'duplicate-role', `Role ${role}`))
        roles.push({ value: role, place: placeOfName(cell(1), role) });
    }
    draft.roleKinds.push({ kind: k, roles, place: cell(0).place });
  },
  appleNames: ({ draft, d, cell, col, once }) => {
    const role = identifier(cell(0), col(0), d);
    const flag = yesNo(cell(1), col(1), d);
    if (role === null || flag === null || !once(role, cell(0).place, 'duplicate-role', `Role ${role}`)) return;
    draft.appleNames.push({ role: { value: role, place: cell(0).place }, appleName: flag });
  },
  covers: ({ draft, d, cell, col, once }) => {
    const role = identifier(cell(0), col(0), d);
    if (
      role === null ||
      required(cell(1), col(1), d) === null ||
      !once(role, cell(0).place, 'duplicate-role', `Role ${role}`)
    )
      return;
    const { names, note } = namesAndNote(cell(1));
    draft.covers.push({
      role: { value: role, place: cell(0).place },
      names: identifiers(names, cell(1), col(1), d).map((value) => ({ value, place: placeOfName(cell(1), value) })),
      note,
    });
  },
  roleRules: ({ draft, d, cell, col, once }) => {
    const phrase = required(cell(0), col(0), d);
    const role = name(cell(1), col(1), d);
    if (phrase === null || role === null) return;
    const rule = (ROLE_RULE_PHRASES as Record<string, 'root' | 'unknown' | 'fallback'>)[phrase];
    if (!rule) {
      d.error(
        'bad-cell',
        cell(0).place,
        `The Rule must be one of: ${Object.keys(ROLE_RULE_PHRASES).join('; ')}`,
        phrase,
      );
      return;
    }
    if (once(rule, cell(0).place, 'duplicate-entry', `Rule ${phrase}`))
      draft.roleRules.push({ rule, role: { value: role, place: cell(1).place } });
  },
  notReported: ({ draft, d, cell, col, once }) => {
    const n = required(cell(0), col(0), d);
    const reason = required(cell(1), col(1), d);
    if (n === null || reason === null || !once(n, cell(0).place, 'duplicate-entry', `Class ${n}`)) return;
    draft.notReported.push({ name: n, reason: cell(1).markdown, place: cell(0).place });
  },
  attributes: ({ draft, table, section, d, cell, col, once }) => {
    let t = draft.attributeTables.find((x) => x.place === table.place);
    if (!t) draft.attributeTables.push((t = { section, place: table.place, rows: [] }));
    const n = identifier(cell(0), col(0), d);
    const typed = typeCell(cell(1), col(1), d);
    if (n === null || typed === null || !once(n, cell(0).place, 'duplicate-field', `Attribute ${n}`)) return;
    t.rows.push({
      name: n,
      notation: typed.notation,
      type: typed.type,
      meaning: cell(2).markdown,
      place: cell(0).place,
      typePlace: typed.place,
    });
  },
  enumValues: ({ draft, table, section, d, cell, col, once }) => {
    let t = draft.valueTables.find((x) => x.place === table.place);
    if (!t) draft.valueTables.push((t = { section, place: table.place, rows: [] }));
    const v = identifier(cell(0), col(0), d);
    if (v === null || !once(v, cell(0).place, 'duplicate-entry', `Value ${v}`)) return;
    t.rows.push({ value: v, meaning: cell(1).markdown, place: cell(0).place });
  },
  operations: ({ draft, d, cell, col, once }) => {
    const n = identifier(cell(0), col(0), d);
    // Each of Takes and Returns is one type or — (spec/README.md).
    const opt = (i: number) => (isAbsent(cell(i)) || cell(i).plain === '' ? null : typeCell(cell(i), col(i), d));
    const takes = opt(1);
    const returns = opt(2);
    if (n === null || !once(n, cell(0).place, 'duplicate-entry', `Operation ${n}`)) return;
    draft.operations.push({ name: n, takes, returns, meaning: cell(3).markdown, place: cell(0).place });
  },
  versioning: ({ draft, d, cell, col, once }) => {
    const change = required(cell(0), col(0), d);
    const before = required(cell(1), col(1), d);
    const from = required(cell(2), col(2), d);
    if (
      change === null ||
      before === null ||
      from === null ||
      !once(change, cell(0).place, 'duplicate-entry', `Change ${change}`)
    )
      return;
    // A word the version step cannot read would leave every RFC's Version effect unchecked, without a word.
    const known = (value: string, words: readonly string[], at: number, what: string) => {
      if (words.includes(value.toLowerCase())) return true;
      d.error('bad-cell', cell(at).place, `The ${what} must be one of: ${words.join(', ')}`, value);
      return false;
    };
    const read = [
      known(change, VERSION_CHANGES, 0, 'change'),
      known(before, VERSION_PARTS, 1, 'part of the version'),
      known(from, VERSION_PARTS, 2, 'part of the version'),
    ];
    if (read.includes(false)) return;
    draft.versioning.push({ change, beforeOne: before, fromOne: from, place: cell(0).place });
  },
  versionField: ({ draft, d, cell, col, once }) => {
    const type = name(cell(0), col(0), d);
    const field = name(cell(1), col(1), d);
    if (type === null || field === null || !once('version', cell(0).place, 'duplicate-entry', 'The versioned type'))
      return;
    draft.versionField = { type, field, place: cell(1).place };
  },
  privacy: ({ draft, d, cell, col, once }) => {
    const subject = required(cell(0), col(0), d);
    const note = required(cell(1), col(1), d);
    if (subject === null || note === null || !once(subject, cell(0).place, 'duplicate-entry', `Subject ${subject}`))
      return;
    draft.privacy.push({ subject: cell(0).markdown, note: cell(1).markdown, place: cell(0).place });
  },
  requirements: ({ draft, d, cell, col, once }) => {
    const id = identifier(cell(0), col(0), d);
    const req = required(cell(1), col(1), d);
    const check = required(cell(2), col(2), d);
    // No rule is written —, so an empty cell is a slip (a dropped pipe shifts the cells), not "no rule".
    const ruleCell = required(cell(3), col(3), d);
    if (id === null || req === null || check === null || ruleCell === null) return;
    if (!once(id, cell(0).place, 'duplicate-requirement', `Requirement ${id}`)) return;
    const rule = isAbsent(cell(3)) || cell(3).plain === '' ? null : (cell(3).codes[0] ?? cell(3).plain);
    draft.requirements.push({
      id,
      requirement: cell(1).markdown,
      check: cell(2).markdown,
      rule,
      place: cell(0).place,
      rulePlace: cell(3).place,
    });
  },
  follows: ({ draft, d, cell, col, once }) => {
    const type = identifier(cell(0), col(0), d);
    const version = name(cell(1), col(1), d);
    if (type === null || version === null || !once(type, cell(0).place, 'duplicate-entry', `External type ${type}`))
      return;
    // — for a type that is no union; else its kinds as the other specification names them.
    const kinds = isAbsent(cell(2))
      ? []
      : identifiers(
          cell(2).codes.length
            ? cell(2).codes
            : cell(2)
                .plain.split(/\s*,\s*/)
                .filter(Boolean),
          cell(2),
          col(2),
          d,
        );
    draft.follows.push({ type, version, kinds, place: cell(0).place });
  },
};

/** Reads every row of one of an RFC's tables into its draft, reporting each row's problems at its cell. */
export function readTable(draft: RfcDraft, kind: TableKind, table: SpecTable, d: Diagnostics): void {
  const reader = ROW_READERS[kind];
  if (!reader) return;
  const section = table.section?.number ?? null;
  const seen = new Map<string, Place>();
  const once: RowContext['once'] = (key, place, rule, what) => {
    const first = seen.get(key);
    if (first) {
      d.error(rule, place, `${what} is already defined at line ${first.line}`, key);
      return false;
    }
    seen.set(key, place);
    return true;
  };
  const cols = TABLE_SIGNATURES[kind];
  for (const row of table.rows) {
    reader({ draft, table, section, d, once, cell: (i) => row[i] as Cell, col: (i) => cols[i] as string });
  }
}
