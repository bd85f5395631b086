import { assembleModel } from '../../model/assemble.js';
import type { SpecFiles } from '../../spec-files.js';

/** Generated files by path and content, for a spec's files: empty while they do not build. */
async function generated(files: SpecFiles): Promise<Map<string, string>> {
  const { model, versions } = await assembleModel(files);
  if (!model) return new Map();
  // The emitters (templates, every target) load on the first lens resolved, not when the server starts.
  const [{ emitAll }, { REGENERATE_COMMAND }] = await Promise.all([
    import('../../emit/index.js'),
    import('../../pipeline.js'),
  ]);
  const out = await emitAll(model, { regenerate: REGENERATE_COMMAND, versions });
  return new Map(out.files.map((f) => [f.path, f.contents]));
}

/** How many generated files an RFC changes: every target emitted with it and without it, on this thread. */
export async function countChangedFiles(files: SpecFiles, specPath: string): Promise<number> {
  const withIt = await generated(files);
  const withoutIt = await generated({ ...files, rfcs: files.rfcs.filter((r) => r.path !== specPath) });
  const paths = new Set([...withIt.keys(), ...withoutIt.keys()]);
  return [...paths].filter((p) => withIt.get(p) !== withoutIt.get(p)).length;
}
