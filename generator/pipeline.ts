import { type Diagnostic, formatDiagnostics, sortDiagnostics } from './diagnostics/report.js';
import { emitAll } from './emit/index.js';
import type { Publishing } from './emit/shared/publishing.js';
import { startTypeScriptWorker } from './emit/core/off-thread.js';
import type { GeneratedFile } from './emit/core/target.js';
import { assembleModel } from './model/assemble.js';
import type { CanonicalModel } from './model/types.js';
import { shownPath } from './review/items.js';
import { readSpecFiles } from './spec-files.js';

export const REGENERATE_COMMAND = 'npm run generate';

export interface RunResult {
  model: CanonicalModel | null;
  versions: CanonicalModel[];
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

/**
 * Reads spec/, builds the model and emits every target in memory. Writes nothing. `outDir`, the generated folder,
 * holds the record of each released version, which the spec may not change (model/frozen.ts). `publishing`, when
 * given, replaces the project's publishing.json (a release reads the one of the folder it releases).
 */
export async function generateInMemory(specDir: string, outDir?: string, publishing?: Publishing): Promise<RunResult> {
  startTypeScriptWorker();
  const { model, versions, diagnostics } = await assembleModel(await readSpecFiles(specDir, outDir));
  const items = sortDiagnostics(diagnostics.items);
  if (!model || items.some((d) => d.severity === 'error'))
    return { model: null, versions: [], files: [], diagnostics: items };
  const emitted = await emitAll(model, {
    regenerate: REGENERATE_COMMAND,
    versions,
    ...(publishing ? { publishing } : {}),
  });
  const all = sortDiagnostics([...items, ...emitted.diagnostics]);
  // A target that could not emit leaves generated/ incomplete: nothing is written, as for a spec with errors.
  if (all.some((d) => d.severity === 'error')) return { model: null, versions: [], files: [], diagnostics: all };
  return { model, versions, files: emitted.files, diagnostics: all };
}

/** Diagnostics name files as spec/...; print them relative to where the user is, so editors can open them. */
export function printableDiagnostics(
  items: readonly Diagnostic[],
  specDir: string,
  cwd = process.cwd(),
): Promise<string> {
  return formatDiagnostics(items.map((d) => ({ ...d, file: shownPath(d.file, specDir, cwd) })));
}
