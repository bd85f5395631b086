import type { CanonicalModel } from '../model/types.js';
import { emitOffThread } from './typescript/off-thread.js';
import type { Emit, EmitContext, GeneratedFile } from './types.js';

/**
 * Every target, loaded only when it runs, so a target's heavy dependencies (ts-morph, handlebars) cost nothing
 * to the others. Order has no meaning: the output is sorted by path.
 */
export const TARGETS: Partial<Record<string, () => Promise<Emit>>> = {
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

/**
 * Targets that need no other target's output and go to the worker thread when one runs (after the TypeScript
 * target, which always does): the worker is idle once TypeScript is done, while the main thread still has the
 * docs and the site to emit.
 */
const OFF_THREAD = new Set(['swift', 'kotlin']);

export async function emitAll(model: CanonicalModel, context: EmitContext, only?: readonly string[]): Promise<GeneratedFile[]> {
  const names = only ? TARGET_NAMES.filter((n) => only.includes(n)) : TARGET_NAMES;
  const load = (name: string) => (TARGETS[name] as () => Promise<Emit>)();
  const batches: Promise<GeneratedFile[]>[] = [];
  // The TypeScript target is called first: its work may go to the worker thread (typescript/off-thread.ts), and
  // the OFF_THREAD targets follow it there, in that order, while the main thread runs the rest.
  if (names.includes('typescript')) batches.push(Promise.resolve((await load('typescript'))(model, context)));
  const here: string[] = [];
  for (const name of names) {
    if (name === 'typescript') continue;
    const sent = OFF_THREAD.has(name) ? emitOffThread(name, model, context) : null;
    if (sent) batches.push(sent);
    else here.push(name);
  }
  for (const emit of await Promise.all(here.map(load))) batches.push(Promise.resolve(emit(model, context)));
  const files = (await Promise.all(batches)).flat();
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new Error(`Two targets write ${file.path}`);
    seen.add(file.path);
    if (!file.contents.endsWith('\n')) file.contents += '\n';
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
