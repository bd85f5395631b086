import type { CanonicalModel } from '../model/types.js';
import { templateFolder } from './core/template-folders.js';
import type { Binding } from './core/binding.js';
import type { EmitFiles, EmitContext, Target, TargetResult } from './core/target.js';
import { GO_BINDING } from './go/binding.js';
import { KOTLIN_BINDING } from './kotlin/binding.js';
import { PYTHON_BINDING } from './python/binding.js';
import { RUST_BINDING } from './rust/binding.js';
import { SWIFT_BINDING } from './swift/binding.js';
import { TYPESCRIPT_BINDING } from './typescript/binding.js';

export { TEMPLATE_FOLDERS, type TemplateFolder } from './core/template-folders.js';

/** A target whose emitter returns files alone and reports nothing: its module is loaded on first use. */
const files =
  (load: () => Promise<EmitFiles>) =>
  async (model: CanonicalModel, context: EmitContext): Promise<TargetResult<unknown>> => ({
    files: await (await load())(model, {
      regenerate: context.regenerate,
      versions: context.versions,
      ...(context.publishing ? { publishing: context.publishing } : {}),
    }),
    diagnostics: [],
  });

/**
 * Every target, once. Adding a target is one entry here, its folder under generator/emit/ and, when it has
 * templates, its folder under templates/ (docs/targets.md); a language's entry also holds its `binding`, written
 * in its folder's binding.ts, from which every list of languages is derived. Order matters only to the worker thread, which
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
    emit: async (model, context) =>
      (await import('./typescript/package.js')).emitTypescript(model, {
        regenerate: context.regenerate,
        versions: context.versions,
        ...(context.publishing ? { publishing: context.publishing } : {}),
      }),
    packer: async () => (await import('../release/pack/npm.js')).npm,
    binding: TYPESCRIPT_BINDING,
  },
  {
    name: 'swift',
    outDir: 'swift',
    templates: templateFolder('swift'),
    // The package bundles the vectors its tests run (a copy of it alone passes them), so it needs the
    // conformance target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) =>
      (await import('./swift/index.js')).emitSwift(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/swift.js')).swift,
    binding: SWIFT_BINDING,
  },
  {
    name: 'kotlin',
    outDir: 'kotlin',
    templates: templateFolder('kotlin'),
    // The package bundles the vectors its tests run (a copy of it alone passes them), so it needs the
    // conformance target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) =>
      (await import('./kotlin/index.js')).emitKotlin(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/maven.js')).maven,
    binding: KOTLIN_BINDING,
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
    emit: async (model, context) =>
      (await import('./python/index.js')).emitPython(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/python.js')).python,
    binding: PYTHON_BINDING,
  },
  {
    name: 'go',
    outDir: 'go',
    templates: templateFolder('go'),
    // The module embeds the vectors its tests run (a copy of it alone passes them), so it needs the conformance target.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) =>
      (await import('./go/index.js')).emitGo(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/go.js')).go,
    binding: GO_BINDING,
  },
  {
    name: 'rust',
    outDir: 'rust',
    templates: templateFolder('rust'),
    // The crate bundles the vectors its tests run (a copy of it alone passes them), so it needs the conformance
    // target, and a target that needs another runs on the main thread.
    needs: ['conformance'],
    thread: 'main',
    emit: async (model, context) =>
      (await import('./rust/index.js')).emitRust(model, context, (await context.needed('conformance')).files),
    packer: async () => (await import('../release/pack/rust.js')).rust,
    binding: RUST_BINDING,
  },
] as const satisfies readonly Target[];

export type TargetName = (typeof TARGETS)[number]['name'];

export const TARGET_NAMES: readonly TargetName[] = TARGETS.map((t) => t.name).sort();

const BY_NAME: ReadonlyMap<string, Target> = new Map(TARGETS.map((t) => [t.name, t]));

export const targetNamed = (name: string): Target | undefined => BY_NAME.get(name);

/** A language binding: its target's name and folder under generated/, with what it joins (core/binding.ts). */
export interface NamedBinding extends Binding {
  readonly name: string;
  readonly outDir: string;
}

/**
 * Every language, in registry order: the one list the tests' per-language tables, the vitest configs, the
 * installer's test, the bench and the docs' language tables are derived from (test/helpers/bindings.ts).
 */
export const bindingsOf = (targets: readonly Target[]): readonly NamedBinding[] =>
  targets.flatMap((t) => (t.binding ? [{ name: t.name, outDir: t.outDir, ...t.binding }] : []));

export const BINDINGS = bindingsOf(TARGETS);
