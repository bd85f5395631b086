import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { generateInMemory } from '../../generator/pipeline.js';
import { listFiles, editFile, scratch, ROOT } from '../helpers/spec.js';
import { randomFrom, seedFor } from '../helpers/seeded.js';
import { requireResource } from '../helpers/toolchain.js';
import { recover, writeTree } from '../../generator/write/tree.js';

/** KILLS sets how many kills the test makes: 100 by default (a quarter second each), each run at moments of a new seed. */
const KILLS = Number(process.env.KILLS ?? 100);

async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of await listFiles(dir)) out.set(f, await readFile(join(dir, f), 'utf8'));
  return out;
}

const sameTree = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

function runWorker(filesJson: string, out: string, killAfterMs: number): Promise<'finished' | 'killed'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'test/helpers/write-worker.mjs'), filesJson, out], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' ? 'killed' : code === 0 ? 'finished' : 'killed');
    });
  });
}

describe('the writer', () => {
  const file = (path: string, contents: string) => ({ path, contents });

  it('touches nothing when the tree already holds exactly the files, and otherwise keeps unchanged files as they were', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-writer-'));
    try {
      const out = join(dir, 'out');
      const first = [file('a.txt', 'a\n'), file('sub/b.txt', 'b\n'), file('sub/c.txt', 'c\n')];
      expect(await writeTree(out, first)).toEqual({ written: 3, removed: 0 });
      const inode = async (path: string) => (await stat(join(out, path))).ino;
      const before = { a: await inode('a.txt'), b: await inode('sub/b.txt'), dir: await inode('.') };

      expect(await writeTree(out, first)).toEqual({ written: 0, removed: 0 });
      expect(await inode('.')).toBe(before.dir);

      // One file changed, one gone, one new: a new tree is swapped in; the unchanged files are the same files.
      const second = [file('a.txt', 'a\n'), file('sub/b.txt', 'b, changed\n'), file('sub/d/e.txt', 'e\n')];
      expect(await writeTree(out, second)).toEqual({ written: 2, removed: 1 });
      expect(await inode('.')).not.toBe(before.dir);
      expect(await inode('a.txt')).toBe(before.a);
      expect(await inode('sub/b.txt')).not.toBe(before.b);
      expect(await snapshot(out)).toEqual(new Map(second.map((f) => [f.path, f.contents])));
      expect(await readdir(dir)).toEqual(['out']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('faults while writing', () => {
  it(`${KILLS} SIGKILLs at random moments: generated/ is always the old tree or the new one, never a mix`, async () => {
    // Kill times are drawn from a printed seed: SEED=<seed> replays the same fractions of a whole write.
    const seed = seedFor('kill times');
    const random = randomFrom(seed);
    const s = await scratch();
    try {
      // Two versions of the tree that differ in many files: the real spec, and one with a reworded field.
      const a = (await generateInMemory(s.spec)).files;
      await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('One line a person could read', 'One line a person can read'));
      const b = (await generateInMemory(s.spec)).files;
      const changed = a.filter((f) => b.find((g) => g.path === f.path)?.contents !== f.contents).length;
      expect(changed).toBeGreaterThan(5);
      const trees = [a, b].map((files) => new Map(files.map((f) => [f.path, f.contents])));
      const jsons = [join(s.dir, 'a.json'), join(s.dir, 'b.json')];
      await writeFile(jsons[0] as string, JSON.stringify(a));
      await writeFile(jsons[1] as string, JSON.stringify(b));
      const out = join(s.dir, 'out');
      await writeTree(out, a);

      // How long one whole write takes here, so kills land across all of it: the fastest of three, since one slow
      // run on a loaded machine would spread the kills past the end of most writes.
      let whole = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        await writeTree(out, a);
        const started = performance.now();
        await runWorker(jsons[1] as string, out, 60_000);
        whole = Math.min(whole, performance.now() - started);
      }
      await writeTree(out, a);

      let current = 0;
      let killed = 0;
      for (let i = 0; i < KILLS; i++) {
        const next = 1 - current;
        const result = await runWorker(jsons[next] as string, out, random() * whole * 1.1);
        if (result === 'killed') killed++;
        await recover(out);
        const now = await snapshot(out);
        const isOld = sameTree(now, trees[current] as Map<string, string>);
        const isNew = sameTree(now, trees[next] as Map<string, string>);
        expect(isOld || isNew, `after kill ${i} the tree is neither the old one nor the new one (SEED=${seed})`).toBe(true);
        if (isNew) current = next;
      }
      expect(killed, `SEED=${seed}`).toBeGreaterThan(KILLS / 2);
      // Nothing is left behind beside the tree.
      expect((await readdir(s.dir)).filter((n) => n.includes('.out.'))).toEqual([]);
    } finally {
      await s.dispose();
    }
  }, 900_000);

  const NO_TMPFS = 'cannot mount a tmpfs here (the disk tests need root)';

  /** A tmpfs of the given size, mounted for the test; null where this machine does not let us mount. */
  async function tinyDisk(options: string): Promise<{ dir: string; dispose: () => Promise<void> } | null> {
    const dir = await mkdtemp(join(tmpdir(), 'element-disk-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    if (mounted.status !== 0) {
      await rm(dir, { recursive: true, force: true });
      return null;
    }
    return { dir, dispose: async () => { spawnSync('umount', [dir]); await rm(dir, { recursive: true, force: true }); } };
  }

  it('a full disk gives a clear error and leaves the old tree', async (ctx) => {
    const disk = requireResource(ctx, await tinyDisk('size=4m'), NO_TMPFS);
    try {
      const out = join(disk.dir, 'generated');
      // An old tree that fits, then fill the disk so the new one cannot.
      await mkdir(out);
      await writeFile(join(out, 'old.txt'), 'the old tree\n');
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${join(disk.dir, 'filler')}`, 'bs=64k'], { stdio: 'ignore' });
      } catch {
        // dd stops when the disk is full, which is the point.
      }
      let err = '';
      const code = await main(['generate', '--out', out], { out: () => {}, err: (t) => { err += t; } });
      expect(code).toBe(1);
      expect(err).toMatch(/cannot write .*ENOSPC/);
      expect(err).not.toMatch(/\n\s+at /);
      expect(await snapshot(out)).toEqual(new Map([['old.txt', 'the old tree\n']]));
      expect((await readdir(disk.dir)).sort()).toEqual(['filler', 'generated']);
    } finally {
      await disk.dispose();
    }
  }, 120_000);

  it('a read-only folder gives a clear error and leaves the old tree', async (ctx) => {
    const disk = requireResource(ctx, await tinyDisk('size=64m'), NO_TMPFS);
    try {
      const out = join(disk.dir, 'generated');
      await mkdir(out);
      await writeFile(join(out, 'old.txt'), 'the old tree\n');
      expect(spawnSync('mount', ['-o', 'remount,ro', disk.dir]).status).toBe(0);
      let err = '';
      const code = await main(['generate', '--out', out], { out: () => {}, err: (t) => { err += t; } });
      expect(code).toBe(1);
      expect(err).toMatch(/cannot write .*EROFS/);
      expect(await snapshot(out)).toEqual(new Map([['old.txt', 'the old tree\n']]));
    } finally {
      await disk.dispose();
    }
  }, 120_000);
});
