import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Target } from '../../generator/emit/core/target.js';
import type * as Registry from '../../generator/emit/targets.js';
import { languageLists } from '../helpers/language-lists.js';
import { ROOT } from '../helpers/spec.js';

/**
 * Adding a language is its folders and one registry entry (docs/targets.md, "A seventh language"): a throwaway Zig
 * entry, laid over the registry, reaches every list derived from it, and the lists checked against it (the
 * installer's components, the docs' tables of every language, the hand-written expectations of its code in
 * test/bindings/) now fail until the language joins them too.
 */
const ZIG: Target = {
  name: 'zig',
  outDir: 'zig',
  templates: null,
  needs: ['conformance'],
  thread: 'main',
  emit: async () => ({ files: [], diagnostics: [] }),
  binding: {
    title: 'Zig',
    toolchain: 'zig',
    runner: 'scripts/zig-test.sh',
    types: 'zig/src/model.zig',
    fieldCase: 'snake_case',
    conformance: { filter: 'conformance', counted: { filter: 'conformance', pattern: 'conformance: (\\d+) vectors', each: false, extra: 0 }, appleRoles: null },
    suites: {
      readme: { filter: '', said: 'All \\d+ tests passed' },
      deprecation: { filter: '', said: 'All \\d+ tests passed' },
      operations: { filter: 'operations', said: 'operations' },
      revised: { filter: '', said: 'validator-cases: ran' },
    },
    validator: { kind: 'runner' },
    tests: { loop: 'full' },
    readmeExample: null,
    mcp: null,
    buildOnly: 'zig build',
    declares: { generated: ['src/spec.zig'], fileNames: [] },
    bench: null,
  },
};

vi.mock('../../generator/emit/targets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Registry>();
  const TARGETS = [...actual.TARGETS, ZIG];
  return { ...actual, TARGETS, BINDINGS: actual.bindingsOf(TARGETS) };
});
afterAll(() => vi.doUnmock('../../generator/emit/targets.js'));

describe('a seventh language, one registry entry', () => {
  it('joins every per-language test, the batch validators and the full loop', async () => {
    const { COMPILED, titled } = await import('../helpers/bindings.js');
    // The revision, deprecation, operation and hand-vector tests run `it.for(titled(COMPILED))`.
    expect(titled(COMPILED).map(([title]) => title)).toContain('Zig');
    const { BATCH_VALIDATORS } = await import('../helpers/batch-validators.js');
    expect(Object.keys(BATCH_VALIDATORS)).toContain('Zig');
    // By its URL, so the type checker does not take in the config (which it checks under other options).
    const quick = (await import(pathToFileURL(join(ROOT, 'vitest.quick.config.ts')).href)).default as { test: { projects: { test: { exclude?: string[] } }[] } };
    const excluded = quick.test.projects.flatMap((p) => p.test.exclude ?? []);
    // Its folder of tests, as Kotlin's is.
    expect(excluded).toContain('test/bindings/zig/**/*.test.ts');
    expect(excluded).toContain('test/bindings/kotlin/**/*.test.ts');
  });

  it('fails every test that reads what the languages\' code must say until it writes its own test/bindings/<name>/expectations.ts', async () => {
    const { withExpectations } = await import('../helpers/binding-expectations.js');
    await expect(withExpectations()).rejects.toThrow('the Zig binding has no test/bindings/zig/expectations.ts');
  });

  it('fails the checks held to the registry until it joins them: the installer, and a table of every language', async () => {
    const { BINDINGS } = await import('../helpers/bindings.js');
    const components = execFileSync('bash', [join(ROOT, 'scripts/install-toolchains.sh'), 'components'], { encoding: 'utf8' }).trim().split('\n');
    const missing = BINDINGS.flatMap((b) => (b.toolchain && !components.includes(b.toolchain) ? [b.toolchain] : []));
    expect(missing).toEqual(['zig']);
    // README's table of the generated packages names every language but the new one.
    const languages = BINDINGS.map(({ name, title }) => ({ name, title }));
    const tables = languageLists(readFileSync(join(ROOT, 'README.md'), 'utf8'), languages).filter((l) => l.markdownTable);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table.languages).not.toContain('zig');
    expect(tables.some((t) => t.languages.length === BINDINGS.length - 1)).toBe(true);
  });
});
