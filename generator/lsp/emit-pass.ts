import type { Diagnostic } from '../diagnostics/report.js';
import type { AssembledModel } from '../model/assemble.js';

/**
 * What `check` reports beyond reading the spec: the targets' own findings (a target that cannot express what the
 * model says). Only a spec without errors gets this far, as in generateInMemory; emitting every target takes a
 * second or more, so the server runs it once the typing has paused, not on every keystroke.
 */
export async function emitterFindings(assembled: AssembledModel): Promise<Diagnostic[]> {
  if (!assembled.model || assembled.diagnostics.hasErrors) return [];
  const [{ REGENERATE_COMMAND }, { emitAll }, { startTypeScriptWorker }] = await Promise.all([
    import('../pipeline.js'), import('../emit/index.js'), import('../emit/core/off-thread.js'),
  ]);
  startTypeScriptWorker();
  const emitted = await emitAll(assembled.model, { regenerate: REGENERATE_COMMAND, versions: assembled.versions });
  return emitted.diagnostics;
}
