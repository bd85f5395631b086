import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { watch } from '../../generator/watch.js';
import { scratch } from '../helpers/spec.js';

const quiet = { out: () => {}, err: () => {} };

/** Starts watch and gives a way to wait for what it prints next. */
async function watching(spec: string, out: string) {
  const lines: string[] = [];
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.length;
      const started = Date.now();
      const timer = setInterval(() => {
        if (lines.length > seen) {
          clearInterval(timer);
          resolve(lines.slice(seen).join(''));
        } else if (Date.now() - started > 30_000) {
          clearInterval(timer);
          reject(new Error(`watch printed nothing; before: ${lines.join('')}`));
        }
      }, 20);
    });
  const first = next();
  const stop = await watch(spec, out, { out: (t) => lines.push(t), err: (t) => lines.push(t) });
  return { stop, next, first: await first };
}

describe('watch', () => {
  it('started on a broken spec, then fixed, leaves a tree that check accepts', async () => {
    const s = await scratch(true);
    const rfc = join(s.spec, 'rfcs/0001-element-model.md');
    const text = await readFile(rfc, 'utf8');
    // A file an older spec made: the first good run must remove it.
    await writeFile(join(s.out, 'model/versions-left-over.json'), '{}\n');
    await writeFile(rfc, text.replace('| `title` | `string` |', '| `title` | `Headline` |'));
    const w = await watching(s.spec, s.out);
    try {
      expect(w.first).toContain('unknown-type');
      const printed = w.next();
      await writeFile(rfc, text.replace('One line a person could read', 'One line a person can read'));
      expect(await printed).toMatch(/watch: \d+ files written/);
      expect(await main(['check', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
    } finally {
      await w.stop();
      await s.dispose();
    }
  }, 60_000);

  it('survives an internal error in a run, says so, and writes on the next save', async () => {
    const s = await scratch(false);
    // generated/ under a regular file cannot be written: the write throws, as an internal fault would.
    const blocker = join(s.dir, 'blocked');
    await writeFile(blocker, 'not a folder\n');
    const out = join(blocker, 'generated');
    const w = await watching(s.spec, out);
    try {
      expect(w.first).toContain('watch: internal error');
      expect(w.first).toContain('still watching');
      await rm(blocker);
      await mkdir(blocker);
      const rfc = join(s.spec, 'rfcs/0001-element-model.md');
      const printed = w.next();
      await writeFile(rfc, (await readFile(rfc, 'utf8')).replace('One line a person could read', 'One line a person can read'));
      expect(await printed).toMatch(/watch: \d+ files written/);
      expect(await main(['check', '--spec', s.spec, '--out', out], quiet)).toBe(0);
    } finally {
      await w.stop();
      await s.dispose();
    }
  }, 60_000);
});
