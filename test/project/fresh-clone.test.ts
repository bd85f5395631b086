import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/spec.js';

/**
 * A user's clone has nothing beside it. The repository's files (what `git ls-files` lists, plus new files not yet
 * committed, so a change is tried before it lands) are copied into an empty temporary folder, and the tests that
 * read fixtures run there: a test that reaches outside the repository fails here even where the folder it reaches
 * for exists beside the checkout (as CI's copy of the workplace's shared folder does).
 */
const FIXTURE_TESTS = [
  'test/runtime/runtime-content.test.ts',
  'test/emit/hand-vectors.test.ts',
  'test/model/revision-forms.test.ts',
  'test/model/diagnostics.test.ts',
  'test/project/self-contained.test.ts',
];

function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  // The inner vitest is a run of its own: none of this worker's vitest variables may leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !['NODE_OPTIONS', 'FORCE_COLOR'].includes(k)));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('a copy of the repository in an empty folder', () => {
  let parent: string;
  let clone: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'element-fresh-'));
    clone = join(parent, 'repo');
    const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
    if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
    const files = listed.stdout.split('\0').filter(Boolean);
    for (const file of files) {
      await mkdir(join(clone, dirname(file)), { recursive: true });
      // A file deleted but not yet committed is listed and absent: the copy leaves it out, as the commit will.
      await cp(join(ROOT, file), join(clone, file)).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw e; });
    }
    // The dependencies `npm ci` would install, linked rather than installed again.
    await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  }, 120_000);
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('has nothing beside it', async () => {
    expect(await readdir(parent)).toEqual(['repo']);
  });

  it('builds, and passes the tests that read fixtures, MCP\'s example blocks among them', { timeout: 600_000 }, async () => {
    const build = await run('npm', ['run', '-s', 'build'], clone);
    expect(build.code, build.output).toBe(0);
    const vitest = join(clone, 'node_modules/vitest/vitest.mjs');
    const fixtures = await run(process.execPath, [vitest, 'run', '--reporter=dot', ...FIXTURE_TESTS], clone);
    expect(fixtures.code, fixtures.output).toBe(0);
    expect(fixtures.output).toMatch(new RegExp(`Test Files\\s+${FIXTURE_TESTS.length} passed \\(${FIXTURE_TESTS.length}\\)`));
    // The schemas' test of MCP's blocks lives among test/bindings/typescript/typescript.test.ts's slower ones: that test alone.
    const schemas = await run(process.execPath, [vitest, 'run', '--reporter=verbose', 'test/bindings/typescript/typescript.test.ts', '-t', 'every MCP example content block'], clone);
    expect(schemas.code, schemas.output).toBe(0);
    expect(schemas.output).toMatch(/✓ .*accept the RFC example and every MCP example content block/);
  });
});
