import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Diagnostic as LspDiagnostic, Position, TextEdit } from 'vscode-languageserver/node';
import type { Diagnostic } from '../../generator/diagnostics/report.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { readSpecFiles } from '../../generator/spec-files.js';

/** A snapshot of a spec folder as the server makes one, without an editor: the files on disk, assembled. */
export async function snapshotOf(specDir: string, outDir?: string): Promise<SpecSnapshot> {
  const files = await readSpecFiles(specDir, outDir);
  const assembled = await assembleModel(files);
  return {
    specDir,
    files,
    assembled,
    specPathOf: (absolute) => {
      const rel = relative(specDir, resolve(absolute));
      return rel.startsWith('..') ? null : `spec/${rel}`;
    },
    absolutePathOf: (specPath) => join(specDir, specPath.replace(/^spec\//, '')),
  };
}

/**
 * The position of the `nth` (from 0) occurrence of `find` in a file of the snapshot, `offset` characters into it:
 * tests name places by their text, not by line numbers that move when the spec is edited.
 */
export function positionOf(snapshot: SpecSnapshot, specPath: string, find: string, offset = 0, nth = 0): Position {
  const text = textOf(snapshot, specPath);
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(find, at + 1);
    if (at < 0) throw new Error(`${specPath} has no occurrence ${nth} of ${JSON.stringify(find)}`);
  }
  const before = text.slice(0, at + offset).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

export function textOf(snapshot: SpecSnapshot, specPath: string): string {
  const files = snapshot.files;
  const file = [files.process, files.appleRoles, files.externalTypes, ...files.rfcs].find((f) => f?.path === specPath);
  if (!file) throw new Error(`No ${specPath} in the snapshot`);
  return file.text;
}

/** The text a file's line holds, for checking a range by what it covers. */
export function lineOf(snapshot: SpecSnapshot, specPath: string, line: number): string {
  return textOf(snapshot, specPath).split('\n')[line] ?? '';
}

export const readText = (path: string) => readFileSync(path, 'utf8');

/** A finding as the server publishes it (the contract of issue 40): `code` the rule id, `data` the finding. */
export function lspDiagnosticOf(d: Diagnostic): LspDiagnostic {
  const start = { line: d.line - 1, character: d.column - 1 };
  return { range: { start, end: start }, message: d.message, code: d.ruleId, source: 'element-spec', data: d };
}

/** A file's text with LSP text edits applied (positions in the text before any of them, as LSP says). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}
