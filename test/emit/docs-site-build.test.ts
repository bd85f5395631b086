import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { GENERATED, ROOT, editFile, listFiles } from '../helpers/spec.js';

const run = promisify(execFile);

// VitePress bundles the whole site for each test here (seconds each): the quick loop leaves it to `npm test`.
describe('a real doc-site build', () => {
  /** Builds a copy of generated/docs (beside the TypeScript package its checker imports) with its own config. */
  async function vitepress(edit?: (docs: string) => Promise<void>) {
    const dir = await mkdtemp(join(tmpdir(), 'element-docs-'));
    for (const folder of ['docs', 'typescript']) await cp(join(GENERATED, folder), join(dir, 'generated', folder), { recursive: true });
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    if (edit) await edit(join(dir, 'generated/docs'));
    const result = await run(process.execPath, [join(ROOT, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'generated/docs', '--outDir', 'out'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } })
      .then((r) => ({ code: 0, output: r.stdout + r.stderr }), (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }));
    return { dir, ...result, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  it('VitePress builds generated/docs with its generated config (dead-link checking on), and every page comes out', async () => {
    const b = await vitepress();
    try {
      expect(b.code, b.output).toBe(0);
      expect(b.output).not.toMatch(/dead link/i);
      for (const p of (await listFiles(join(GENERATED, 'docs'))).filter((f) => f.endsWith('.md') && !f.startsWith('.'))) {
        const html = await readFile(join(b.dir, 'out', p.replace(/\.md$/, '.html')), 'utf8');
        expect(html, p).toContain('<h1');
      }
    } finally {
      await b.dispose();
    }
  }, 180_000);

  it('the same build fails on a dead link, so the check above means something', async () => {
    const b = await vitepress((docs) => editFile(join(docs, 'roles.md'), (t) => `${t}\n[nowhere](no-such-page.md)\n`));
    try {
      expect(b.code).not.toBe(0);
      expect(b.output).toMatch(/dead link/i);
    } finally {
      await b.dispose();
    }
  }, 180_000);
});
