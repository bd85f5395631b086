import { TABLE_SIGNATURES, type TableKind } from '../../generator/read/signatures.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import type { SpecFiles } from '../../generator/spec-files.js';
import { deprecatedNames } from '../../generator/model/deprecation.js';

/**
 * An oracle for a spec that builds, written apart from the reader: it scans the Markdown line by line (not with
 * remark) for table rows, and accounts for each one in the model by its key. A row that stands in no table, or
 * whose key the model lacks, was dropped in silence.
 */
export interface Unaccounted {
  file: string;
  line: number;
  text: string;
  why: string;
}

const normal = (s: string) => s.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
const HEADERS = new Map<string, TableKind>((Object.entries(TABLE_SIGNATURES) as [TableKind, readonly string[]][]).map(([k, cols]) => [cols.map(normal).join('|'), k]));

/** The cells of a row line: split on pipes not escaped with a backslash, outer pipes dropped. */
export function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const body = line.trim().replace(/^\|/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (cell.trim() !== '') cells.push(cell.trim());
  return cells;
}

/** The key a row is known by: the first code span of its first cell, else its text without marks. */
const keyOf = (cell: string) => (/`([^`]+)`/.exec(cell)?.[1] ?? cell.replace(/[`*_]/g, '')).trim();
const plain = (s: string) => s.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
/** The cells that hold a type, by table: each must hold one type whole, or `—` where a column allows none. */
const TYPE_CELLS: Partial<Record<TableKind, { columns: number[]; absent: boolean }>> = {
  fields: { columns: [1], absent: false },
  attributes: { columns: [1], absent: false },
  operations: { columns: [1, 2], absent: true },
};
/** One type as code or as a bare word, in the guide's notation, and nothing beside it (spec/README.md, Types). */
const ONE_TYPE = /^(`\s*[A-Za-z][A-Za-z0-9]*(\[\])*\s*`|[A-Za-z][A-Za-z0-9]*(\[\])*)$/;
const isDelimiter = (line: string) => /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);

/** The names the model holds for rows of each kind of table. */
function keysByKind(m: CanonicalModel): Partial<Record<TableKind, Set<string>>> {
  const removed = m.removed.map((r) => r.name);
  const set = (...lists: (readonly string[])[]) => new Set(lists.flat().map(plain));
  const roles = m.roles.map((r) => r.name);
  return {
    metadata: set(m.rfcs.flatMap((r) => Object.keys(r.metadata))),
    types: set(m.types.map((t) => t.name)),
    fields: set(m.types.flatMap((t) => (t.kind === 'record' ? t.fields.map((f) => f.name) : [])), removed),
    states: set(m.states.map((s) => s.field), removed),
    removed: set(removed),
    // A deprecated name is marked in the model, or was removed since (which ends a deprecation).
    deprecated: set(deprecatedNames(m).map((n) => n.name), removed),
    roleKinds: set(m.roleKinds.map((k) => k.name), m.rfcs.length > 1 ? m.roleKinds.map((k) => k.name) : []),
    appleNames: set(roles, removed),
    covers: set(roles, removed),
    notReported: set(m.notReported.map((n) => n.name)),
    attributes: set(m.attributes.map((a) => a.name), removed),
    operations: set(m.operations.map((o) => o.name), removed),
    versioning: set(m.versioning.map((v) => v.change)),
    versionField: set([m.tree.answer]),
    privacy: set(m.privacy.map((p) => p.subject)),
    requirements: set(m.requirements.map((r) => r.id), removed),
    // Apple's rows are known by their Value: some have no constant.
    appleRoles: set(m.appleRoles.map((a) => a.value)),
    externalTypes: set(m.external.map((e) => e.name)),
    // What each external type follows: a row the model holds as the type's declaring row.
    follows: set(m.external.map((e) => e.name)),
  };
}

/** Every table row of the spec's Markdown that the model does not account for. */
export function unaccountedRows(files: SpecFiles, model: CanonicalModel): Unaccounted[] {
  const keys = keysByKind(model);
  const removed = new Set(model.removed.map((r) => r.name));
  const out: Unaccounted[] = [];
  // A Draft's rows change nothing, rightly: only the counted RFCs (those the model lists) are accounted for.
  const counted = new Set(model.rfcs.map((r) => r.source.file));
  const rfcs = files.rfcs.filter((f) => counted.has(f.path));
  const docs = [files.process, files.appleRoles, files.externalTypes, ...rfcs].filter((f): f is { path: string; text: string } => f !== null);
  for (const doc of docs) {
    // CommonMark reads NUL as U+FFFD (for safety), so the oracle does too.
    const lines = doc.text.replace(/^\uFEFF/, '').replace(/\0/g, '\uFFFD').split(/\r?\n/);
    let fence: string | null = null;
    let table: { kind: TableKind | null } | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
        continue;
      }
      if (fenceMark) {
        fence = fenceMark;
        table = null;
        continue;
      }
      if (table && (line.trim() === '' || /^\s{0,3}([#<>]|[-*+] |\d+[.)] |(\*\s*){3,}$|(-\s*){3,}$)/.test(line))) {
        // A blank line or the start of another block ends a table (GFM); any other line is one more row of it.
        table = null;
      }
      const next = lines[i + 1] ?? '';
      if (!table && isDelimiter(next) && cellsOf(line).length === cellsOf(next).length) {
        // A header (its leading pipe is optional) over a delimiter row with as many cells starts a table.
        table = { kind: HEADERS.get(cellsOf(line).map(normal).join('|')) ?? null };
        i++; // the delimiter row
        continue;
      }
      if (!table && !/^\s{0,3}\|/.test(line)) continue;
      if (table) {
        const set = table.kind ? keys[table.kind] : undefined;
        const cells = cellsOf(line);
        // Privacy subjects are text, not names; Apple's rows are known by their Value, as some have no constant.
        const key = table.kind === 'privacy' ? plain(cells[0] ?? '') : plain(keyOf(cells[table.kind === 'appleRoles' ? 1 : 0] ?? ''));
        // A kind whose roles a later RFC all removed is gone from the model, rightly.
        const kindRoles = table.kind === 'roleKinds' ? [...(cells[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string) : [];
        const allRemoved = kindRoles.length > 0 && kindRoles.every((r) => removed.has(r));
        if (set && key !== '' && !set.has(key) && !allRemoved) out.push({ file: doc.path, line: i + 1, text: line, why: `no ${table.kind} named ${key} in the model` });
        // A model that built read each type cell whole: a second type or words beside one would have been refused.
        const typed = table.kind ? TYPE_CELLS[table.kind] : undefined;
        for (const k of typed?.columns ?? []) {
          const c = cells[k] ?? '';
          if (!ONE_TYPE.test(c) && !(typed?.absent && /^(—|–|-|None|none|)$/.test(c))) out.push({ file: doc.path, line: i + 1, text: line, why: `a type cell that is not one type: ${c}` });
        }
        continue;
      }
      out.push({ file: doc.path, line: i + 1, text: line, why: 'a row in no table' });
    }
  }
  return out;
}

/**
 * A model without where things were said, nor the RFCs' own text (which a comment outside a table is part of):
 * what a mutation that should change nothing must leave unchanged.
 */
export function withoutPlaces(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPlaces);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'source' || k === 'line' || k === 'column' || k === 'body') continue;
    out[k] = withoutPlaces(v);
  }
  return out;
}
