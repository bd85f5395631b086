import { type CompletionItem, CompletionItemKind, type Position, type Range } from 'vscode-languageserver/node';
import { TABLE_SIGNATURES, type TableKind } from '../../read/signatures.js';
import type { SpecSnapshot } from '../snapshot.js';
import { type Sources, type Value, proseNames, valuesFor } from './completion-values.js';
import { modelOf } from './model-of.js';
import { nameIndex } from './name-index.js';
import { parsedFiles } from './parsed.js';
import { cellAt } from './table-at.js';

const RFC_NUMBER = /^(\d{4})-/;

/**
 * Completion where the cursor stands: in a cell of a table the toolchain reads, what that column holds (a role, a
 * type, a Kind, a status, the Version effect forms from the version before this RFC...); in a code span of prose,
 * every name; at the start of a line outside a table, the header of each kind of table.
 */
export function completion(snapshot: SpecSnapshot, specPath: string, position: Position): CompletionItem[] {
  const index = nameIndex(snapshot.files);
  const file = parsedFiles(snapshot.files).find((f) => f.path === specPath);
  if (!file) return [];
  const line = file.text.split(/\r?\n/)[position.line] ?? '';
  const src: Sources = {
    model: modelOf(snapshot).model,
    index,
    rfcNumber: file.baseName ? Number(RFC_NUMBER.exec(file.baseName)?.[1] ?? Number.NaN) : null,
    sections: file.doc.sections.flatMap((s) => (s.number ? [s.number] : [])),
  };
  const cell = cellAt(file, position.line, position.character);
  if (cell) {
    const typed = line.slice(cell.itemStart, position.character);
    // A name already opened with a backtick is written as code whole, whatever the column's habit.
    const inCode = typed.startsWith('`');
    const range = {
      start: { line: position.line, character: cell.itemStart },
      end: { line: position.line, character: cell.itemEnd },
    };
    return valuesFor(src, cell.kind, cell.column, cell.key).map((v, i) => item(v, i, range, inCode));
  }
  const ticks = (line.slice(0, position.character).match(/`/g) ?? []).length;
  if (ticks % 2 === 1) {
    const open = line.lastIndexOf('`', position.character - 1);
    const close = line.indexOf('`', position.character);
    const range = {
      start: { line: position.line, character: open + 1 },
      end: { line: position.line, character: close < 0 ? position.character : close },
    };
    return proseNames(src).map((v, i) => item({ ...v, code: false }, i, range, false));
  }
  if (/^\s*\|?\s*$/.test(line.slice(0, position.character))) return headerItems(position);
  return [];
}

/** An item replacing `range` (the item under the cursor); a name opened with a backtick keeps it and is closed. */
function item(v: Value, order: number, range: Range, inCode: boolean): CompletionItem {
  const text = v.code || inCode ? `\`${v.text}\`` : v.text;
  return {
    label: v.text,
    kind: v.code ? CompletionItemKind.Reference : CompletionItemKind.Value,
    detail: v.what,
    // The editor keeps the spec's order (roles as the role language lists them), not its own alphabetical one.
    sortText: String(order).padStart(5, '0'),
    filterText: text,
    textEdit: { range, newText: text },
  };
}

/** A header row and delimiter row for each kind of table, in the order spec/README.md lists them. */
function headerItems(position: Position): CompletionItem[] {
  return (Object.entries(TABLE_SIGNATURES) as [TableKind, readonly string[]][]).map(([kind, columns], i) => {
    const header = `| ${columns.join(' | ')} |`;
    const newText = `${header}\n|${columns.map(() => '---').join('|')}|\n| `;
    return {
      label: header,
      kind: CompletionItemKind.Snippet,
      detail: `${kind} table`,
      sortText: String(i).padStart(5, '0'),
      filterText: header,
      textEdit: { range: { start: { line: position.line, character: 0 }, end: position }, newText },
    };
  });
}
