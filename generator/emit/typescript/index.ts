import type { CanonicalModel } from '../../model/types.js';
import type { Emit, EmitContext, GeneratedFile } from '../types.js';
import { emitOffThread } from './off-thread.js';

const emitted = new WeakMap<CanonicalModel, Promise<GeneratedFile[]>>();

/**
 * generated/typescript/. The work is done once per model, since the site bundles the same dist/ files, and on
 * a worker thread when one has been started (see off-thread.ts), so loading TypeScript's compiler overlaps
 * reading the spec.
 */
export const emitTypeScript: Emit = async (model, context) => {
  let files = emitted.get(model);
  if (!files) {
    files = emitOffThread('typescript', model, context) ?? emitInProcess(model, context);
    emitted.set(model, files);
  }
  return (await files).map((f) => ({ ...f }));
};

async function emitInProcess(model: CanonicalModel, context: EmitContext): Promise<GeneratedFile[]> {
  return (await import('./package.js')).emitPackage(model, context);
}
