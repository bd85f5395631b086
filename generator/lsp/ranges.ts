import type { Range } from 'vscode-languageserver/node';

/**
 * Where an editor underlines a finding. The toolchain says line:column (1-based, as unist does); an editor wants a
 * range: the table cell holding that point (the text between its pipes, trimmed), or the line's text outside a
 * table. A finding whose offending text (`actual`) stands in another cell of the same row is shown at that cell:
 * a row-level finding about a Kind names the row's first cell, but the slip is in the Kind cell.
 */
export function rangeOf(text: string, line: number, column: number, actual?: string): Range {
  const lines = text.split(/\r?\n/);
  const index = Math.min(Math.max(line - 1, 0), Math.max(lines.length - 1, 0));
  const source = lines[index] ?? '';
  const cells = cellSpans(source);
  const at = Math.max(column - 1, 0);
  let chosen: Span | undefined;
  if (cells.length) {
    chosen = cells.find((c) => at < c.outerEnd) ?? cells.at(-1);
    if (actual !== undefined && chosen && !source.slice(chosen.start, chosen.end).includes(actual)) {
      chosen = cells.find((c) => source.slice(c.start, c.end).includes(actual)) ?? chosen;
    }
  }
  const span = chosen ?? trimmed(source, 0, source.length);
  // An empty cell or line still needs something to underline: the point itself, one character wide.
  const end = span.end > span.start ? span.end : Math.min(span.start + 1, source.length);
  return { start: { line: index, character: span.start }, end: { line: index, character: Math.max(end, span.start) } };
}

interface Span {
  start: number;
  end: number;
  /** The cell with its pipes' inside padding: a column anywhere in it belongs to the cell. */
  outerStart: number;
  outerEnd: number;
}

function trimmed(source: string, from: number, to: number): Span {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(source[start] as string)) start++;
  while (end > start && /\s/.test(source[end - 1] as string)) end--;
  return { start, end, outerStart: from, outerEnd: to };
}

/**
 * The cells of a table row as GFM splits them: at each pipe that is not escaped (`\|`). A line with no pipe, or
 * one that does not start with one after indentation, is not treated as a row.
 */
export function cellSpans(source: string): Span[] {
  const first = source.search(/\S/);
  if (first < 0 || source[first] !== '|') return [];
  const pipes: number[] = [];
  for (let i = first; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '|') pipes.push(i);
  }
  const spans: Span[] = [];
  for (let k = 0; k + 1 < pipes.length; k++)
    spans.push(trimmed(source, (pipes[k] as number) + 1, pipes[k + 1] as number));
  // A row may leave off its closing pipe: the text after the last pipe is a cell too.
  const last = pipes.at(-1) as number;
  if (source.slice(last + 1).trim()) spans.push(trimmed(source, last + 1, source.length));
  return spans;
}
