import type { CanonicalModel } from '../model/types.js';
import type { Emit, EmitContext, GeneratedFile } from './types.js';

/**
 * Every target, loaded only when it runs, so a target's heavy dependencies (ts-morph, handlebars) cost nothing
 * to the others. Order has no meaning: the output is sorted by path.
 */
const TARGETS: Record<string, () => Promise<Emit>> = {
  model: async () => (await import('./model/index.js')).emitModel,
  swift: async () => (await import('./swift/index.js')).emitSwift,
  kotlin: async () => (await import('./kotlin/index.js')).emitKotlin,
  typescript: async () => (await import('./typescript/index.js')).emitTypeScript,
  schema: async () => (await import('./schema/index.js')).emitSchema,
  conformance: async () => (await import('./conformance/index.js')).emitConformance,
  docs: async () => (await import('./docs/index.js')).emitDocs,
  site: async () => (await import('./site/index.js')).emitSite,
};

export const TARGET_NAMES = Object.keys(TARGETS).sort();

export async function emitAll(model: CanonicalModel, context: EmitContext, only?: readonly string[]): Promise<GeneratedFile[]> {
  const names = only ? TARGET_NAMES.filter((n) => only.includes(n)) : TARGET_NAMES;
  const emitters = await Promise.all(names.map(async (name) => ({ name, emit: await (TARGETS[name] as () => Promise<Emit>)() })));
  // The TypeScript target is called first: its work may go to a worker thread (typescript/off-thread.ts), where
  // it then runs alongside every other target.
  emitters.sort((a, b) => Number(b.name === 'typescript') - Number(a.name === 'typescript'));
  const batches = await Promise.all(emitters.map(({ emit }) => emit(model, context)));
  const files = batches.flat();
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new Error(`Two targets write ${file.path}`);
    seen.add(file.path);
    if (!file.contents.endsWith('\n')) file.contents += '\n';
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
