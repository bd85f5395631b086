import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/spec.js';
import { ACTIONLINT, actionlintMissing, requireTool } from '../helpers/toolchain.js';

const run = promisify(execFile);
const WORKFLOW = join(ROOT, '.github/workflows/spec.yml');
const CLI = `node ${join(ROOT, 'bin/element-spec.js')}`;

describe('the spec workflow maintainers copy (.github/workflows/spec.yml)', () => {
  it('is clean under actionlint (pinned), and lints a broken copy as broken', async (ctx) => {
    requireTool(ctx, actionlintMissing());
    await run(ACTIONLINT, ['-no-color', WORKFLOW]);
    const dir = await mkdtemp(join(tmpdir(), 'element-workflow-'));
    try {
      const broken = join(dir, 'spec.yml');
      await writeFile(broken, (await readFile(WORKFLOW, 'utf8')).replace("if: startsWith(github.ref, 'refs/tags/')", 'if: ${{ github.nonsense.ref }}'));
      await expect(run(ACTIONLINT, ['-no-color', broken])).rejects.toMatchObject({ stdout: expect.stringMatching(/nonsense/) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs the review on a pull request and packs on a tag with the repository\'s own commands', async () => {
    const text = await readFile(WORKFLOW, 'utf8');
    expect(text).toMatch(/run: bash scripts\/review-spec\.sh "origin\/\$\{GITHUB_BASE_REF\}"/);
    expect(text).toMatch(/run: npx element-spec release --dry-run/);
  });

  it('its review step, run locally on a revision, annotates every change at its row and writes the summary table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-review-'));
    const git = (...args: string[]) => run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
    try {
      await cp(join(ROOT, 'spec'), join(dir, 'spec'), { recursive: true });
      await cp(join(ROOT, 'generated'), join(dir, 'generated'), { recursive: true });
      await git('init', '-q', '-b', 'main');
      await git('add', '-A');
      await git('commit', '-q', '-m', 'base');
      // The pull request: a new additive RFC, regenerated.
      for (const f of await readdir(join(ROOT, 'test/fixtures/revisions/additive'))) await cp(join(ROOT, 'test/fixtures/revisions/additive', f), join(dir, 'spec/rfcs', f));
      await run('node', [join(ROOT, 'bin/element-spec.js'), 'generate'], { cwd: dir });
      await git('add', '-A');
      await git('commit', '-q', '-m', 'RFC-0002');
      const summary = join(dir, 'summary.md');
      const { stdout } = await run('bash', [join(ROOT, 'scripts/review-spec.sh'), 'main~1'], { cwd: dir, env: { ...process.env, ELEMENT_SPEC: CLI, GITHUB_STEP_SUMMARY: summary } });
      const notices = stdout.split('\n').filter((l) => l.startsWith('::'));
      expect(notices.length).toBeGreaterThan(0);
      for (const line of notices) expect(line).toMatch(/^::notice file=spec\/rfcs\/0002-[a-z-]+\.md,line=\d+,col=\d+,title=additive change \([a-z-]+\)::/);
      const table = await readFile(summary, 'utf8');
      expect(table).toMatch(/^### The spec against main~1\n\n\*\*0\.2\.0 \(RFC-0001\) -> 0\.2\.1 \(RFC-0002\): additive \(\d+ changes?\)\*\*\n\n\| Class \| Rule \| Change \| Where \|/);
      expect(table.split('\n').filter((l) => l.startsWith('| additive |'))).toHaveLength(notices.length);

      // A spec with an error: check fails the step, with the error annotated at its row.
      await writeFile(join(dir, 'spec/rfcs/0002-hovered-state.md'), (await readFile(join(dir, 'spec/rfcs/0002-hovered-state.md'), 'utf8')).replace('| `hovered` | `boolean` |', '| `hovered` | `Nothing` |'));
      const failed = await run('bash', [join(ROOT, 'scripts/review-spec.sh'), 'main~1'], { cwd: dir, env: { ...process.env, ELEMENT_SPEC: CLI, GITHUB_STEP_SUMMARY: summary } }).then(() => null, (e: { code: number; stdout: string }) => e);
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toMatch(/^::error file=spec\/rfcs\/0002-hovered-state\.md,line=\d+,col=\d+,title=unknown-type::/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
