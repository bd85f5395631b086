import type { Range, TextEdit } from 'vscode-languageserver/node';
import type { Diagnostic } from '../../diagnostics/report.js';
import type { SpecSnapshot } from '../snapshot.js';
import { cellPipes } from './table-at.js';

/** One fix: what it does, and the edits to the file the finding is in. */
export interface Fix {
  title: string;
  edits: TextEdit[];
}

/** What a fix builder sees: the finding, the lines of its file, and the snapshot for the names it may suggest. */
export interface FixContext {
  finding: Diagnostic;
  lines: string[];
  snapshot: SpecSnapshot;
}

export const lineRange = (line: number, start: number, end: number): Range => ({
  start: { line, character: start },
  end: { line, character: end },
});

/** Replaces `old` where it stands on the finding's line (from its column on, else anywhere on the line). */
export function replaceAtFinding(ctx: FixContext, old: string, now: string): TextEdit | null {
  const line = ctx.finding.line - 1;
  const text = ctx.lines[line] ?? '';
  let at = text.indexOf(old, Math.max(0, ctx.finding.column - 1));
  if (at < 0) at = text.indexOf(old);
  return at < 0 ? null : { range: lineRange(line, at, at + old.length), newText: now };
}

/** The table cell the finding points into, trimmed: its text and where that stands; null off a table row. */
export function cellAtFinding(ctx: FixContext): { text: string; start: number; end: number } | null {
  const text = ctx.lines[ctx.finding.line - 1] ?? '';
  const pipes = cellPipes(text);
  const at = ctx.finding.column - 1;
  const left = pipes.filter((p) => p < at).at(-1);
  const right = pipes.find((p) => p >= at);
  if (left === undefined || right === undefined) return null;
  const raw = text.slice(left + 1, right);
  const start = left + 1 + (raw.length - raw.trimStart().length);
  return { text: raw.trim(), start, end: start + raw.trim().length };
}
