import { type Fix, type FixContext, lineRange } from './action-kit.js';
import { TABLE_SIGNATURES, classifyTable } from '../../read/signatures.js';
import { cellPipes } from './table-at.js';

const ROW = /^[ \t]*\|/;
const COMMENT = /^[ \t]*<!--.*-->[ \t]*$/;
const BLANK = /^[ \t]*$/;
const SHOULD_BE = /columns should be: (.+)$/;

/** Fixes for a table's shape: a header as the guide gives it, and rows cut off from their table joined back. */
export function splitFixes(ctx: FixContext): Fix[] {
  if (ctx.finding.ruleId === 'table-split') return joinFixes(ctx);
  return [...(ctx.finding.ruleId === 'table-columns' ? headerFixes(ctx) : []), ...gluedFixes(ctx)];
}

const DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * Two tables with no blank line between them read as one, the second's header a row of the first (every row after
 * it then a slip): for a finding in such a table, the blank line that splits it before that header.
 */
function gluedFixes(ctx: FixContext): Fix[] {
  const { lines } = ctx;
  const at = ctx.finding.line - 1;
  if (!ROW.test(lines[at] ?? '')) return [];
  let top = at;
  while (top > 0 && ROW.test(lines[top - 1] ?? '')) top--;
  let bottom = at;
  while (ROW.test(lines[bottom + 1] ?? '')) bottom++;
  for (let line = top + 2; line < bottom; line++) {
    const text = lines[line] ?? '';
    const pipes = cellPipes(text);
    const cells = pipes.slice(1).map((p, i) => text.slice((pipes[i] as number) + 1, p).trim());
    const kind = classifyTable(cells).kind;
    if (kind === 'prose' || kind === 'malformed' || !DELIMITER.test(lines[line + 1] ?? '')) continue;
    return [
      {
        title: `Split the table before the ${TABLE_SIGNATURES[kind].join(' | ')} header (line ${line + 1})`,
        edits: [{ range: lineRange(line, 0, 0), newText: '\n' }],
      },
    ];
  }
  return [];
}

/**
 * Rows cut off from the table above by a blank line or an HTML comment: the gap is taken out, and a comment in it
 * goes after the table, where it ends nothing.
 */
function joinFixes(ctx: FixContext): Fix[] {
  const { lines } = ctx;
  const stray = ctx.finding.line - 1;
  let top = stray;
  while (top > 0 && !ROW.test(lines[top - 1] ?? '')) top--;
  const gap = lines.slice(top, stray);
  if (top === 0 || gap.length === 0 || !gap.every((l) => BLANK.test(l) || COMMENT.test(l))) return intoTableBelow(ctx);
  let last = stray;
  while (ROW.test(lines[last + 1] ?? '')) last++;
  const comments = gap.filter((l) => COMMENT.test(l)).map((l) => l.trim());
  const remove = { range: { start: { line: top, character: 0 }, end: { line: stray, character: 0 } }, newText: '' };
  if (!comments.length)
    return [{ title: 'Join the rows to the table above: remove the blank line between them', edits: [remove] }];
  const end = (lines[last] ?? '').length;
  const move = { range: lineRange(last, end, end), newText: `\n\n${comments.join('\n')}` };
  return [{ title: 'Move the comment out of the table, after its last row', edits: [remove, move] }];
}

/**
 * Rows written above a table's header, with only blank lines between: moved to the end of that table, when they
 * have as many cells as its header.
 */
function intoTableBelow(ctx: FixContext): Fix[] {
  const { lines } = ctx;
  const first = ctx.finding.line - 1;
  let last = first;
  while (ROW.test(lines[last + 1] ?? '')) last++;
  let header = last + 1;
  while (header < lines.length && BLANK.test(lines[header] ?? '')) header++;
  const cells = (line: number) => cellPipes(lines[line] ?? '').length;
  if (header === last + 1 || !ROW.test(lines[header] ?? '') || !DELIMITER.test(lines[header + 1] ?? '')) return [];
  const rows = lines.slice(first, last + 1);
  if (!rows.every((_, i) => cells(first + i) === cells(header))) return [];
  let end = header + 1;
  while (ROW.test(lines[end + 1] ?? '')) end++;
  const remove = { range: { start: { line: first, character: 0 }, end: { line: header, character: 0 } }, newText: '' };
  const at = (lines[end] ?? '').length;
  return [
    {
      title: `Move the row${rows.length > 1 ? 's' : ''} into the table below, after its last row`,
      edits: [remove, { range: lineRange(end, at, at), newText: `\n${rows.join('\n')}` }],
    },
  ];
}

/** A header near a known one (`field | type | required | meaning`): rewritten as the guide gives it, cell for cell. */
function headerFixes(ctx: FixContext): Fix[] {
  const expected = SHOULD_BE.exec(ctx.finding.message)?.[1]?.split(' | ');
  const line = ctx.finding.line - 1;
  const text = ctx.lines[line] ?? '';
  if (!expected || cellPipes(text).length - 1 !== expected.length) return [];
  const header = `| ${expected.join(' | ')} |`;
  return [
    {
      title: `Write the header as the guide gives it: ${header}`,
      edits: [{ range: lineRange(line, 0, text.length), newText: header }],
    },
  ];
}
