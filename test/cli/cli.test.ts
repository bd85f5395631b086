import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { OPTIMIZE_FROM_BYTES, optimizes, specDirOf } from '../../generator/tiering.js';
import { ROOT, editFile, listFiles, scratch } from '../helpers/spec.js';

const run = promisify(execFile);

function capture() {
  const io = { outText: '', errText: '', out: (t: string) => { io.outText += t; }, err: (t: string) => { io.errText += t; } };
  return io;
}

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(dir)) out[f] = await readFile(join(dir, f), 'utf8');
  return out;
}

describe('generate and check', () => {
  it('generated/ in the repository matches spec/', async () => {
    const io = capture();
    expect(await main(['check'], io)).toBe(0);
    expect(io.outText).toMatch(/match the spec/);
  });

  it('check names every stale, missing and extra file, and exits 1', async () => {
    const s = await scratch(true);
    try {
      await writeFile(join(s.out, 'model/model.json'), '{}\n');
      await rm(join(s.out, 'schema/answer.strict.schema.json'));
      await writeFile(join(s.out, 'stray.txt'), 'not generated\n');
      const io = capture();
      expect(await main(['check', '--spec', s.spec, '--out', s.out], io)).toBe(1);
      expect(io.errText).toContain('stale    model/model.json');
      expect(io.errText).toContain('missing  schema/answer.strict.schema.json');
      expect(io.errText).toContain('extra    stray.txt');
    } finally {
      await s.dispose();
    }
  });

  it('a role removed from the role table leaves the model, and check names the files that change', async () => {
    const s = await scratch(true);
    try {
      await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) =>
        t.replace('| Pictures and pages | `Image`, `Page` |', '| Pictures and pages | `Image` |')
          .replace(/^\| `Page` \| yes \|\n/m, ''),
      );
      await editFile(join(s.spec, 'reference/apple-roles.md'), (t) => t.replace(/^\| — \| `AXPage` \| `Page` \| content \|/m, '| — | `AXPage` | `Page` | unknown |'));
      const io = capture();
      expect(await main(['check', '--spec', s.spec, '--out', s.out], io)).toBe(1);
      expect(io.errText).toContain('stale    model/model.json');
      expect(io.errText).toContain('stale    typescript/src/model.ts');
      expect(io.errText).toContain('stale    schema/answer.strict.schema.json');
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], capture())).toBe(0);
      const model = JSON.parse(await readFile(join(s.out, 'model/model.json'), 'utf8'));
      expect(model.roles.map((r: { name: string }) => r.name)).not.toContain('Page');
      expect(model.roles).toHaveLength(12);
      const roles = /export const ROLES = \[(.*)\] as const/.exec(await readFile(join(s.out, 'typescript/src/model.ts'), 'utf8'))?.[1];
      expect(roles).toContain('"Image"');
      expect(roles).not.toContain('"Page"');
      expect(await main(['check', '--spec', s.spec, '--out', s.out], capture())).toBe(0);
    } finally {
      await s.dispose();
    }
  });

  it('a failed generate leaves generated/ byte for byte as it was', async () => {
    const s = await scratch(true);
    try {
      const before = await snapshot(s.out);
      await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| `title` | `string` |', '| `title` | `Headline` |'));
      const io = capture();
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], io)).toBe(1);
      expect(io.errText).toContain('unknown-type');
      expect(await snapshot(s.out)).toEqual(before);
      expect((await readdir(s.dir)).sort()).toEqual(['generated', 'spec']);
    } finally {
      await s.dispose();
    }
  });
});

describe('determinism', () => {
  it('two runs in different folders, time zones and locales give byte-identical trees', { timeout: 60_000 }, async () => {
    const a = await scratch();
    const b = await scratch();
    try {
      const bin = join(ROOT, 'bin/element-spec.js');
      await run(process.execPath, [bin, 'generate', '--spec', a.spec, '--out', a.out], { cwd: a.dir, env: { ...process.env, TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } });
      await run(process.execPath, [bin, 'generate', '--spec', 'spec', '--out', 'generated'], { cwd: b.dir, env: { ...process.env, TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' } });
      const [x, y] = [await snapshot(a.out), await snapshot(b.out)];
      expect(Object.keys(x).length).toBeGreaterThan(10);
      expect(y).toEqual(x);
      for (const [path, text] of Object.entries(x)) {
        expect(text.endsWith('\n'), path).toBe(true);
        expect(text.includes('\r'), path).toBe(false);
      }
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});

describe('the command line', () => {
  it('prints help with the exit codes, and exits 2 on a usage error', async () => {
    const io = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.outText).toMatch(/Exit codes:[\s\S]*2\s+usage error/);
    expect(await main(['frobnicate'], capture())).toBe(2);
    expect(await main(['generate', '--no-such-option'], capture())).toBe(2);
    expect(await main([], capture())).toBe(2);
  });

  it('validates from any folder with the toolchain\'s own package, and says what to pass when --out holds none', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'element-validate-cwd-'));
    try {
      const answer = join(ROOT, 'generated/docs/examples/rfc-0001-3.json');
      const bin = join(ROOT, 'bin/element-spec.js');
      const ran = await run(process.execPath, [bin, 'validate', answer], { cwd: elsewhere });
      expect(ran.stdout).toBe(`${answer}: no findings\n`);
      const refused = await run(process.execPath, [bin, 'validate', '--out', 'nowhere', answer], { cwd: elsewhere }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/^validate: no generated TypeScript package in .*nowhere .*; pass --out/) });
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('V8 tiering for one-shot commands', () => {
  it('reads the spec folder from --spec, --spec= or the default', () => {
    expect(specDirOf(['--out', 'x', '--spec', '/a'])).toBe('/a');
    expect(specDirOf(['--spec=/b'])).toBe('/b');
    expect(specDirOf(['--out', 'x'])).toBe('spec');
  });

  it('keeps the optimizing compiler only for a spec of OPTIMIZE_FROM_BYTES or more', async () => {
    const s = await scratch();
    try {
      expect(optimizes(s.spec)).toBe(false);
      // Padding an RFC past the limit: a run that long pays the optimizing compiler back.
      await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => `${t}\n<!-- ${'x'.repeat(OPTIMIZE_FROM_BYTES)} -->\n`);
      expect(optimizes(s.spec)).toBe(true);
      expect(optimizes(join(s.dir, 'nowhere'))).toBe(false);
    } finally {
      await s.dispose();
    }
  });
});
