import type { InlineCode, Nodes, TableCell } from 'mdast';
import type { SpecFiles } from '../../spec-files.js';
import { type TableKind, classifyTable } from '../../read/signatures.js';
import type { Cell, SpecTable } from '../../read/tables.js';
import { type ParsedFile, parsedFiles } from './parsed.js';

/** What a name is, by the table that defines it. */
export type NameKind =
  | 'type'
  | 'field'
  | 'value'
  | 'role'
  | 'appleRole'
  | 'attribute'
  | 'requirement'
  | 'operation'
  | 'state'
  | 'status';

/** A stretch of one line of a spec file, as LSP counts: line and characters from 0, `end` past the last. */
export interface Span {
  file: string;
  line: number;
  start: number;
  end: number;
}

/** A span as an LSP range. */
export const rangeOf = (span: Span) => ({
  start: { line: span.line, character: span.start },
  end: { line: span.line, character: span.end },
});

/** A row that defines a name: the cell it stands in, the row's cells under its header, and the RFC it is in. */
export interface Definition {
  kind: NameKind;
  name: string;
  /** The record a field belongs to, or the enum a value belongs to, by its Types row's Section; null if none says. */
  owner: string | null;
  span: Span;
  table: SpecTable;
  tableKind: TableKind;
  row: Cell[];
  /** "RFC-0001" for a name an RFC defines; null for the process and reference files. */
  rfc: string | null;
}

/** A name written as code, or a table cell holding one bare name: what hover, definition and references work on. */
export interface Occurrence {
  name: string;
  span: Span;
}

export interface NameIndex {
  files: ParsedFile[];
  definitions: Definition[];
  occurrences: Occurrence[];
}

/** The column (from 0) that defines names in each table kind that defines any, and what the names are. */
const DEFINING: Partial<Record<TableKind, { column: number; kind: NameKind; many?: boolean }>> = {
  types: { column: 0, kind: 'type' },
  fields: { column: 0, kind: 'field' },
  states: { column: 0, kind: 'state' },
  roleKinds: { column: 1, kind: 'role', many: true },
  attributes: { column: 0, kind: 'attribute' },
  enumValues: { column: 0, kind: 'value' },
  operations: { column: 0, kind: 'operation' },
  requirements: { column: 0, kind: 'requirement' },
  statuses: { column: 0, kind: 'status' },
  appleRoles: { column: 2, kind: 'appleRole' },
};

const RFC_ID = /^RFC-\d{4}/;
const BARE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

const indexCache = new WeakMap<SpecFiles, NameIndex>();

/** Every defining row and every name written in the spec's files, in file order. */
export function nameIndex(files: SpecFiles): NameIndex {
  const cached = indexCache.get(files);
  if (cached) return cached;
  const parsed = parsedFiles(files);
  const definitions: Definition[] = [];
  const occurrences: Occurrence[] = [];
  for (const file of parsed) {
    definitions.push(...definitionsIn(file));
    occurrences.push(...occurrencesIn(file));
  }
  const index = { files: parsed, definitions, occurrences };
  indexCache.set(files, index);
  return index;
}

function definitionsIn(file: ParsedFile): Definition[] {
  const lines = file.text.split(/\r?\n/);
  const rfc = file.doc.title && RFC_ID.exec(file.doc.title.text)?.[0];
  // A field table belongs to the record (an enum's values to the enum) whose Types row names its section.
  const ownerOf = new Map<string, string>();
  for (const table of file.doc.tables) {
    if (classifyTable(table.header).kind !== 'types') continue;
    for (const row of table.rows) {
      const section = row[1]?.plain;
      const name = row[0] && (row[0].codes[0] ?? row[0].plain);
      if (section && name) ownerOf.set(`${row[2]?.plain === 'enum' ? 'enum' : 'record'}:${section}`, name);
    }
  }
  const out: Definition[] = [];
  for (const table of file.doc.tables) {
    const tableKind = classifyTable(table.header).kind;
    if (tableKind === 'prose' || tableKind === 'malformed') continue;
    const defining = DEFINING[tableKind];
    if (!defining) continue;
    const section = table.section?.number ?? '';
    const owner =
      tableKind === 'fields'
        ? ownerOf.get(`record:${section}`)
        : tableKind === 'enumValues'
          ? ownerOf.get(`enum:${section}`)
          : undefined;
    for (const row of table.rows) {
      const cell = row[defining.column];
      if (!cell) continue;
      const names = defining.many ? cell.codes : [cell.codes[0] ?? cell.plain];
      for (const [i, name] of names.entries()) {
        if (!name) continue;
        const place = cell.codePlaces[defining.many ? i : 0] ?? cell.place;
        const span = spanOf(file.path, lines, place.line, place.column, name);
        if (span)
          out.push({ kind: defining.kind, name, owner: owner ?? null, span, table, tableKind, row, rfc: rfc ?? null });
      }
    }
  }
  return out;
}

/** The span of `name` at or after a place (1-based, as unist counts), on that line; null when it is not there. */
function spanOf(file: string, lines: readonly string[], line: number, column: number, name: string): Span | null {
  const text = lines[line - 1] ?? '';
  const at = text.indexOf(name, column - 1);
  return at < 0 ? null : { file, line: line - 1, start: at, end: at + name.length };
}

function occurrencesIn(file: ParsedFile): Occurrence[] {
  const lines = file.text.split(/\r?\n/);
  const out: Occurrence[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'inlineCode') out.push(...codeOccurrence(file.path, lines, node));
    else if (node.type === 'tableCell') out.push(...bareCellOccurrence(file.path, lines, node));
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(file.tree);
  return out;
}

function codeOccurrence(file: string, lines: readonly string[], node: InlineCode): Occurrence[] {
  const start = node.position?.start;
  if (!start || node.position?.end.line !== start.line || node.value.trim() === '') return [];
  const span = spanOf(file, lines, start.line, start.column, node.value);
  // `Element[]` names the type Element: the list notation is not part of the name.
  const name = node.value.replace(/(\[\])+$/, '');
  return span && name ? [{ name, span: { ...span, end: span.start + name.length } }] : [];
}

/** A cell that holds one bare name (`R1`, `record`, `Accepted`), which the tables write without backticks. */
function bareCellOccurrence(file: string, lines: readonly string[], cell: TableCell): Occurrence[] {
  const only = cell.children.length === 1 ? cell.children[0] : undefined;
  if (only?.type !== 'text' || !BARE_NAME.test(only.value) || !only.position) return [];
  const span = spanOf(file, lines, only.position.start.line, only.position.start.column, only.value);
  return span ? [{ name: only.value, span }] : [];
}

/** The name written at a position of a file (line and character from 0), or null where none is. */
export function occurrenceAt(index: NameIndex, file: string, line: number, character: number): Occurrence | null {
  return (
    index.occurrences.find(
      (o) => o.span.file === file && o.span.line === line && o.span.start <= character && character <= o.span.end,
    ) ?? null
  );
}

/** Every row that defines `name`, in file order (the RFCs in number order, so the first RFC is the one that introduced it). */
export function definitionsOf(index: NameIndex, name: string): Definition[] {
  return index.definitions.filter((d) => d.name === name);
}
