import { createHash } from 'node:crypto';
import type { CodeLens } from 'vscode-languageserver/node';
import { diffModels } from '../../model/diff.js';
import { type Change, classify } from '../../model/diff-rules.js';
import type { SpecFiles } from '../../spec-files.js';
import type { SpecSnapshot } from '../snapshot.js';
import { countChangedOffThread } from './lens-thread.js';
import { parsedFiles } from './parsed.js';
import { cellPipes } from './table-at.js';

/** The command a lens runs: shows the RFC's changes against the version before it. */
export const SHOW_DIFF_COMMAND = 'element-spec.showDiff';
const EFFECT_ROW = 'Version effect';

/** What a lens carries until it is resolved: the RFC's file. */
export interface LensData {
  specPath: string;
}

/** A lens on each RFC's Version effect row; its title (class, changes, generated files) is computed on resolve. */
export function codeLenses(snapshot: SpecSnapshot, specPath: string): CodeLens[] {
  const file = parsedFiles(snapshot.files).find((f) => f.path === specPath);
  if (!file?.baseName) return [];
  const lines = file.text.split(/\r?\n/);
  const line = lines.findIndex(
    (l) => cellPipes(l).length >= 3 && l.slice((cellPipes(l)[0] as number) + 1, cellPipes(l)[1]).trim() === EFFECT_ROW,
  );
  if (line < 0) return [];
  const data: LensData = { specPath };
  return [{ range: { start: { line, character: 0 }, end: { line, character: (lines[line] ?? '').length } }, data }];
}

/** The RFC's changes against the model before it, as `diff` gives them; null while the spec does not build. */
export function changesOf(
  snapshot: SpecSnapshot,
  specPath: string,
): { rfc: string; before: string | null; changes: Change[] } | null {
  const versions = snapshot.assembled.allVersions;
  const i = versions.findIndex((v) => v.rfcs.at(-1)?.source.file === specPath);
  const after = versions[i];
  if (!snapshot.assembled.model || !after) return null;
  const before = versions[i - 1] ?? null;
  return {
    rfc: after.rfcs.at(-1)?.id ?? specPath,
    before: before?.protocolVersion ?? null,
    changes: diffModels(before, after),
  };
}

/**
 * How many generated files an RFC changes: the spec emitted with it and without it, on the lens worker where it is
 * built. Cached by the spec's text.
 */
const COUNTS = new Map<string, Promise<number>>();
export function generatedFilesChanged(files: SpecFiles, specPath: string): Promise<number> {
  const hash = createHash('sha256');
  for (const f of [files.process, files.appleRoles, files.externalTypes, ...files.rfcs])
    if (f) hash.update(`${f.path}\0${f.text}\0`);
  const key = `${specPath}\0${hash.digest('hex')}`;
  let count = COUNTS.get(key);
  if (!count) {
    count = countChangedOffThread(files, specPath);
    // A failed count is not kept: the next resolve tries again.
    count.catch(() => COUNTS.delete(key));
    if (COUNTS.size > 16) COUNTS.delete(COUNTS.keys().next().value as string);
    COUNTS.set(key, count);
  }
  return count;
}

/** A lens's title and command: the RFC's class against the version before it, and the generated files it changes. */
export async function resolveLens(snapshot: SpecSnapshot, lens: CodeLens): Promise<CodeLens> {
  const { specPath } = lens.data as LensData;
  const found = changesOf(snapshot, specPath);
  if (!snapshot.assembled.model)
    return {
      ...lens,
      command: { title: 'The spec has errors: the class and the files are shown once it builds', command: '' },
    };
  // A Draft (or a Rejected RFC) is checked, but folded into no version: it changes nothing yet.
  if (!found)
    return { ...lens, command: { title: 'Not counted (its Status): it changes no version yet', command: '' } };
  const files = await generatedFilesChanged(snapshot.files, specPath);
  const against = found.before ? `against ${found.before}` : 'from nothing';
  const title = `${classify(found.changes)} ${against}: ${found.changes.length} change${found.changes.length === 1 ? '' : 's'}, ${files} generated file${files === 1 ? '' : 's'}`;
  return { ...lens, command: { title, command: SHOW_DIFF_COMMAND, arguments: [specPath] } };
}

/** The text the lens's command shows: each change, with its class and rule. */
export function diffText(snapshot: SpecSnapshot, specPath: string): string {
  const found = changesOf(snapshot, specPath);
  if (!found) return 'The spec has errors: no diff until it builds.';
  const head = `${found.rfc} against ${found.before ?? 'nothing'}: ${classify(found.changes)}`;
  return [head, ...found.changes.map((c) => `${c.class} ${c.rule} ${c.subject}: ${c.message}`)].join('\n');
}
