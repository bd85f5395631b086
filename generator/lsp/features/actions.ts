import { type CodeAction, CodeActionKind, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { DIAGNOSTIC_SOURCE } from '../../diagnostics/codes.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import type { SpecSnapshot } from '../snapshot.js';
import { type Fix, type FixContext, lineRange } from './action-kit.js';
import { nameFixes } from './action-names.js';
import { splitFixes } from './action-tables.js';
import { versionFixes } from './action-versions.js';
import { parsedFiles } from './parsed.js';
import { uriOf } from './uris.js';

/**
 * Quick fixes for the findings the editor sends with a code action request (their `data` is the toolchain's
 * Diagnostic, as the server publishes them): the nearest known name, `—` for an empty cell, the Version effect
 * that `diff` computes, a table's header as the guide gives it, and a comment or blank line moved out of a table.
 */
export function codeActions(
  snapshot: SpecSnapshot,
  specPath: string,
  diagnostics: readonly LspDiagnostic[],
): CodeAction[] {
  const file = parsedFiles(snapshot.files).find((f) => f.path === specPath);
  if (!file) return [];
  const lines = file.text.split(/\r?\n/);
  const uri = uriOf(snapshot, specPath);
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const finding = findingOf(diagnostic, specPath);
    if (!finding) continue;
    const ctx: FixContext = { finding, lines, snapshot };
    const fixes = [...nameFixes(ctx), ...emptyCellFixes(ctx), ...versionFixes(ctx), ...splitFixes(ctx)];
    fixes.forEach((fix, i) => {
      // One fix for many findings (a split that mends a whole glued table) is one action naming them all.
      const same = actions.find((a) => a.title === fix.title);
      if (same) same.diagnostics?.push(diagnostic);
      else
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: i === 0,
          edit: { changes: { [uri]: fix.edits } },
        });
    });
  }
  return actions;
}

/** The toolchain's finding an LSP diagnostic carries; from its code and range when a client dropped `data`. */
function findingOf(d: LspDiagnostic, file: string): Diagnostic | null {
  const data = d.data as Partial<Diagnostic> | undefined;
  if (data?.ruleId && typeof data.line === 'number' && typeof data.column === 'number')
    return { ...(data as Diagnostic), file };
  // Another tool's diagnostic on the same file (a Markdown linter's) is not ours to fix.
  if (typeof d.code !== 'string' || d.source !== DIAGNOSTIC_SOURCE) return null;
  return {
    ruleId: d.code as Diagnostic['ruleId'],
    file,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    message: typeof d.message === 'string' ? d.message : d.message.value,
    hint: '',
    severity: 'error',
  };
}

/** `—` in an empty cell: the first cell at or after the finding's column with nothing but spaces between its pipes. */
function emptyCellFixes(ctx: FixContext): Fix[] {
  if (ctx.finding.ruleId !== 'empty-cell') return [];
  const line = ctx.finding.line - 1;
  const text = ctx.lines[line] ?? '';
  const from = text.lastIndexOf('|', Math.max(0, ctx.finding.column - 2));
  const empty = /\|( *)(?=\|)/g;
  empty.lastIndex = Math.max(0, from);
  const found = empty.exec(text);
  if (!found) return [];
  return [
    {
      title: 'Write — in the empty cell',
      edits: [{ range: lineRange(line, found.index + 1, found.index + 1 + (found[1]?.length ?? 0)), newText: ' — ' }],
    },
  ];
}
