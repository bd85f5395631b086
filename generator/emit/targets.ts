import type { CanonicalModel } from '../model/types.js';
import { templateFolder } from './core/template-folders.js';
import type { EmitFiles, EmitContext, Target, TargetResult } from './core/target.js';

export { TEMPLATE_FOLDERS, type TemplateFolder } from './core/template-folders.js';

/** A target whose emitter returns files alone and reports nothing: its module is loaded on first use. */
const files =
  (load: () => Promise<EmitFiles>) =>
  async (model: CanonicalModel, context: EmitContext): Promise<TargetResult<unknown>> => ({
    files: await (await load())(model, { regenerate: context.regenerate, versions: context.versions, ...(context.publishing ? { publishing: context.publishing } : {}) }),
    diagnostics: [],
  });

/**
 * Every target, once. Adding a target is one entry here, its folder under generator/emit/ and, when it has
 * templates, its folder under templates/ (docs/targets.md). Order matters only to the worker thread, which
 * emits its targets in this order; the output is sorted by path.
 */
export const TARGETS = [
  {
    name: 'typescript',
    outDir: 'typescript',
    templates: null,
    needs: [],
    // First on the worker: loading TypeScript's compiler there overlaps reading the spec on the main thread.
    thread: 'worker',
    emit: files(async () => (await import('./typescript/package.js')).emitPackage),
    packer: async () => (await import('../release/pack/npm.js')).npm,
  },
  {
    name: 'swift',
    outDir: 'swift',
    templates: templateFolder('swift'),
    // The package bundles the vectors its tests run (a copy of it alone passes them), so it needs the
    // conformance target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) => (await import('./swift/index.js')).emitSwift(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/swift.js')).swift,
  },
  {
    name: 'kotlin',
    outDir: 'kotlin',
    templates: templateFolder('kotlin'),
    // The package bundles the vectors its tests run (a copy of it alone passes them), so it needs the
    // conformance target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) => (await import('./kotlin/index.js')).emitKotlin(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/maven.js')).maven,
  },
  {
    name: 'model',
    outDir: 'model',
    templates: null,
    needs: [],
    thread: 'main',
    emit: files(async () => (await import('./model/index.js')).emitModel),
    packer: async () => (await import('../release/pack/spec-files.js')).model,
  },
  {
    name: 'schema',
    outDir: 'schema',
    templates: null,
    needs: [],
    thread: 'main',
    emit: files(async () => (await import('./schema/index.js')).emitSchema),
    packer: async () => (await import('../release/pack/spec-files.js')).schemas,
  },
  {
    name: 'conformance',
    outDir: 'conformance',
    templates: null,
    needs: [],
    thread: 'main',
    emit: async (model, context) => (await import('./conformance/index.js')).emitConformance(model, context),
  },
  {
    name: 'docs',
    outDir: 'docs',
    templates: templateFolder('docs'),
    // The conformance page cites the vectors; the site publishes the schemas and the models of every version.
    needs: ['conformance', 'schema', 'model'],
    thread: 'main',
    emit: async (model, context) => (await import('./docs/index.js')).emitDocs(model, context),
  },
  {
    name: 'python',
    outDir: 'python',
    templates: templateFolder('python'),
    // The package bundles the vectors its tests run (its sdist alone passes them), so it needs the conformance target.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) => (await import('./python/index.js')).emitPython(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/python.js')).python,
  },
  {
    name: 'go',
    outDir: 'go',
    templates: templateFolder('go'),
    // The module embeds the vectors its tests run (a copy of it alone passes them), so it needs the conformance target.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) => (await import('./go/index.js')).emitGo(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/go.js')).go,
  },
  {
    name: 'rust',
    outDir: 'rust',
    templates: templateFolder('rust'),
    // The crate bundles the vectors its tests run (a copy of it alone passes them), so it needs the conformance
    // target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) => (await import('./rust/index.js')).emitRust(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/rust.js')).rust,
  },
] as const satisfies readonly Target[];

export type TargetName = (typeof TARGETS)[number]['name'];

export const TARGET_NAMES: readonly TargetName[] = TARGETS.map((t) => t.name).sort();

const BY_NAME: ReadonlyMap<string, Target> = new Map(TARGETS.map((t) => [t.name, t]));

export const targetNamed = (name: string): Target | undefined => BY_NAME.get(name);
