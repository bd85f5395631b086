import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PRECOMPILED_FILES, hashOf, precompiled } from '../../generator/precompile/precompiled.js';
import { TEMPLATE_FOLDERS, type PrecompiledTemplates, type TemplateFolder, loadTemplates, templateSources } from '../../generator/emit/core/templates.js';
import { type PrecompiledRuntime, staticSources } from '../../generator/emit/typescript/package.js';
import { MODEL_SCHEMA } from '../../generator/model/schema.js';
import { applyEditScript, readEditScript } from '../helpers/spec-edits.js';
import { ROOT, scratch } from '../helpers/spec.js';

// What `npm run build` prepares for `generate` (generator/precompile/), and the TypeScript worker, both as the built
// CLI uses them.
const run = promisify(execFile);
const dist = (path: string) => pathToFileURL(join(ROOT, 'dist', path)).href;
const FOLDERS = Object.keys(TEMPLATE_FOLDERS) as TemplateFolder[];

describe('the build precompiles', () => {
  it('every template, the TypeScript runtime and the model validator, each matching its source', () => {
    const templates = precompiled<PrecompiledTemplates>(PRECOMPILED_FILES.templates);
    const keys = FOLDERS.flatMap((f) => templateSources(f).map((t) => t.key));
    expect(Object.keys(templates ?? {}).sort()).toEqual(keys.sort());
    for (const folder of FOLDERS) for (const t of templateSources(folder)) expect(templates?.[t.key]?.hash, t.key).toBe(hashOf(t.source));
    const runtime = precompiled<PrecompiledRuntime>(PRECOMPILED_FILES.typescriptRuntime);
    for (const s of staticSources()) expect(runtime?.[s.path]?.hash, s.path).toBe(hashOf(s.body));
    const validator = precompiled<{ schemaHash: string }>(PRECOMPILED_FILES.modelValidator);
    expect(validator?.schemaHash).toBe(hashOf(JSON.stringify(MODEL_SCHEMA)));
  });

  it('a template edited since the build is compiled from its source, never read stale', () => {
    const real = precompiled<PrecompiledTemplates>(PRECOMPILED_FILES.templates) ?? {};
    // Every entry's hash is wrong and its code is another template's: using any of it would change the output.
    const keys = Object.keys(real);
    const stale = Object.fromEntries(keys.map((k, i) => [k, { hash: 'stale', spec: real[keys[(i + 1) % keys.length] as string]?.spec ?? {} }]));
    const view = { front: { title: 't', description: 'd', position: 1 }, generated: 'g', title: 'The x page', version: '1' };
    const helpers = { yaml: (s: unknown) => JSON.stringify(String(s)) };
    const page = loadTemplates('docs', helpers)('checker.md', view);
    expect(page).toContain('# The x page');
    expect(loadTemplates('docs', helpers, stale)('checker.md', view)).toBe(page);
  });
});

describe('the built CLI', () => {
  it('emits the same files on its worker thread as on the main thread, for every worker target of the registry', { timeout: 60_000 }, async () => {
    const { readSpecFiles } = await import(dist('spec-files.js'));
    const { assembleModel } = await import(dist('model/assemble.js'));
    const { startTypeScriptWorker, emitOffThread } = await import(dist('emit/core/off-thread.js'));
    const { TARGETS } = (await import(dist('emit/targets.js'))) as typeof import('../../generator/emit/targets.js');
    const { model, versions } = await assembleModel(await readSpecFiles(join(ROOT, 'spec')));
    const settings = { regenerate: 'npm run generate', versions };
    const context = { ...settings, needed: () => Promise.reject(new Error('a worker target needs nothing')) };
    const onWorker = TARGETS.filter((t) => t.thread === 'worker');
    expect(onWorker.map((t) => t.name)).toContain('typescript');
    startTypeScriptWorker();
    for (const target of onWorker) {
      expect(target.needs, target.name).toEqual([]);
      const offThread = emitOffThread(target.name, model, settings);
      expect(offThread, target.name).not.toBeNull();
      const result = await offThread;
      expect(result.files.length, target.name).toBeGreaterThan(3);
      expect(result, target.name).toEqual(await target.emit(model, context));
    }
  });

  it('exits as soon as the spec has errors: the worker it started first keeps nothing waiting', { timeout: 60_000 }, async () => {
    const s = await scratch();
    try {
      const fixture = join(ROOT, 'test/fixtures/diagnostics/duplicate-role/edit.json');
      await applyEditScript(s.spec, await readEditScript(fixture), 'fixture duplicate-role');
      for (const command of ['generate', 'check']) {
        const ended = await run(process.execPath, [join(ROOT, 'bin/element-spec.js'), command, '--spec', s.spec, '--out', s.out], { timeout: 20_000 }).then(
          () => ({ code: 0, killed: false }),
          (e: { code: number | null; killed: boolean }) => ({ code: e.code, killed: e.killed }),
        );
        expect(ended, command).toEqual({ code: 1, killed: false });
      }
    } finally {
      await s.dispose();
    }
  });

  it('check passes with the worker and the precompiled work each on and off: every way gives the committed files', { timeout: 120_000 }, async () => {
    const bin = join(ROOT, 'bin/element-spec.js');
    for (const worker of ['on', 'off']) for (const compiledAhead of ['on', 'off']) {
      const env = { ELEMENT_SPEC_WORKER: worker, ELEMENT_SPEC_PRECOMPILED: compiledAhead };
      const { stdout } = await run(process.execPath, [bin, 'check'], { cwd: ROOT, env: { ...process.env, ...env } });
      expect(stdout, JSON.stringify(env)).toMatch(/match the spec/);
    }
  });
});
