import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listFiles, ROOT } from '../helpers/spec.js';
import { ciIsOn, type Skippable } from '../helpers/toolchain.js';

class Skipped extends Error {}
const fakeContext: Skippable = { skip: (note?: string) => { throw new Skipped(note); } };

/** test/helpers/toolchain.ts loaded afresh under the given CI value, since IN_CI is read once at load. */
async function toolchainWithCi(value: string | undefined) {
  vi.stubEnv('CI', value);
  vi.resetModules();
  return import('../helpers/toolchain.js');
}

describe('a missing tool', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('CI is on for any truthy value, off when unset, empty, 0, false, no or off', () => {
    for (const on of ['1', 'true', 'TRUE', 'yes', 'on', 'github-actions']) expect(ciIsOn(on), on).toBe(true);
    for (const off of [undefined, '', ' ', '0', 'false', 'False', 'no', 'off']) expect(ciIsOn(off), String(off)).toBe(false);
  });

  it('skips the test with the reason locally, and fails it under CI', async () => {
    const local = await toolchainWithCi('');
    expect(local.IN_CI).toBe(false);
    expect(() => local.requireTool(fakeContext, 'no swift here')).toThrow(Skipped);
    expect(() => local.requireTool(fakeContext, 'no swift here')).toThrow('no swift here');
    expect(() => local.requireResource(fakeContext, null, 'no tmpfs')).toThrow(Skipped);

    const ci = await toolchainWithCi('1');
    expect(ci.IN_CI).toBe(true);
    const failure = (() => { try { ci.requireTool(fakeContext, 'no swift here'); } catch (e) { return e; } })();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(Skipped);
    expect(String(failure)).toContain('no swift here');
    expect(() => ci.requireResource(fakeContext, null, 'no tmpfs')).toThrow(/CI needs this: no tmpfs/);
  });

  it('lets the test go on when the tool is there', async () => {
    const ci = await toolchainWithCi('true');
    expect(() => ci.requireTool(fakeContext, null)).not.toThrow();
    const disk = { dir: '/tmp/x' };
    expect(ci.requireResource(fakeContext, disk, 'no tmpfs')).toBe(disk);
  });

  it('reads a runner script exit code 127 as a missing toolchain, and any other code as a run', async () => {
    const { scriptToolMissing } = await toolchainWithCi(undefined);
    expect(scriptToolMissing({ code: 127, output: 'swift-test: no Swift toolchain\n' })).toBe('toolchain missing: swift-test: no Swift toolchain');
    expect(scriptToolMissing({ code: 1, output: 'build failed' })).toBeNull();
    expect(scriptToolMissing({ code: 0, output: '' })).toBeNull();
  });

  it('is decided in test/helpers/toolchain.ts only: no test reads CI itself or warns and returns', async () => {
    const tests = (await listFiles(join(ROOT, 'test'))).filter((p) => p.endsWith('.ts') && !p.startsWith('fixtures/'));
    // test/fuzz reads CI only for how many runs to make, not to skip anything.
    const offenders: string[] = [];
    for (const path of tests.filter((p) => p !== 'helpers/toolchain.ts' && !p.startsWith('fuzz/') && p !== 'project/toolchain.test.ts')) {
      const text = await readFile(join(ROOT, 'test', path), 'utf8');
      if (/process\.env(\.CI\b|\[['"]CI['"]\])/.test(text)) offenders.push(`${path}: reads CI`);
      if (/console\.warn\([^)]*skip/i.test(text)) offenders.push(`${path}: warns of a skip instead of skipping`);
    }
    expect(offenders).toEqual([]);
  });
});
