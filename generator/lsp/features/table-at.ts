import type { Table } from 'mdast';
import { type TableKind, TABLE_SIGNATURES, classifyTable } from '../../read/signatures.js';
import { inlinePlain } from '../../read/tables.js';
import type { ParsedFile } from './parsed.js';

/** Where the cursor stands in a table the toolchain reads: the table's kind, the column, and the row's first cell. */
export interface CellAt {
  kind: TableKind;
  column: number;
  /** The plain text of the row's first cell (a metadata row's key), as typed so far. */
  key: string;
  /** The character (from 0) where the cell's text starts, and where the item under the cursor starts and ends. */
  cellStart: number;
  itemStart: number;
  itemEnd: number;
}

/** The tables of a file, as the parse found them: a row being typed below a table is inside it (GFM continues it). */
function tablesOf(file: ParsedFile): Table[] {
  return file.tree.children.filter((n): n is Table => n.type === 'table');
}

/** The pipes of a row that separate cells: not one written `\|` inside a cell, nor one inside a code span. */
export function cellPipes(line: string): number[] {
  const pipes: number[] = [];
  let code = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '`') code = !code;
    else if (line[i] === '\\') i++;
    else if (line[i] === '|' && !code) pipes.push(i);
  }
  return pipes;
}

/** The cell of a known table at a position (line and character from 0), or null outside one. */
export function cellAt(file: ParsedFile, line: number, character: number): CellAt | null {
  const table = tablesOf(file).find(
    (t) => t.position && t.position.start.line - 1 <= line && line <= t.position.end.line - 1,
  );
  if (!table) return null;
  const classified = classifyTable(table.children[0]?.children.map((c) => inlinePlain(c.children)) ?? []);
  if (classified.kind === 'prose' || classified.kind === 'malformed') return null;
  const text = file.text.split(/\r?\n/)[line] ?? '';
  const pipes = cellPipes(text);
  const before = pipes.filter((p) => p < character);
  const column = before.length - 1;
  if (column < 0 || column >= TABLE_SIGNATURES[classified.kind].length) return null;
  const skip = (from: number) => from + (/^ */.exec(text.slice(from))?.[0].length ?? 0);
  const cellStart = skip((before.at(-1) as number) + 1);
  // A list cell (`Row`, `Cell`) completes the item after the last comma.
  const comma = text.lastIndexOf(',', character - 1);
  const itemStart = comma >= cellStart ? skip(comma + 1) : cellStart;
  const keyEnd = pipes[1] ?? text.length;
  // The item ends at the next comma or pipe, without the spaces before it; a completion replaces it whole.
  const next = pipes.find((p) => p >= character) ?? text.length;
  const nextComma = text.indexOf(',', character);
  const stop = nextComma >= 0 && nextComma < next ? nextComma : next;
  const itemEnd = Math.max(character, stop - (/ *$/.exec(text.slice(character, stop))?.[0].length ?? 0));
  return {
    kind: classified.kind,
    column,
    key: text.slice((pipes[0] ?? -1) + 1, keyEnd).trim(),
    cellStart,
    itemStart: Math.min(itemStart, character),
    itemEnd,
  };
}
