import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { GENERATED, SPEC, listFiles, scratch } from '../helpers/spec.js';
import { randomFrom } from '../helpers/seeded.js';
import { NAMES, SEED, mutate, pick } from './mutations.js';

describe('fuzzing generate', () => {
  it('a failed generate of a mutated spec leaves generated/ untouched', async () => {
    const s = await scratch(true);
    try {
      const before = new Map<string, string>();
      for (const f of await listFiles(s.out)) before.set(f, await readFile(join(s.out, f), 'utf8'));
      const real = await readSpecFiles(SPEC);
      const rfcPath = join(s.spec, 'rfcs/0001-element-model.md');
      const rng = randomFrom(SEED);
      let failures = 0;
      for (let i = 0; i < 40 && failures < 10; i++) {
        const mutated = mutate(real, [{ name: pick(NAMES, rng), seed: Math.floor(rng() * 2 ** 31), file: 'rfc' }, { name: 'cut', seed: i, file: 'rfc' }]);
        await writeFile(rfcPath, mutated.rfcs[0]?.text ?? '');
        const code = await main(['generate', '--spec', s.spec, '--out', s.out], { out: () => {}, err: () => {} });
        if (code === 0) {
          // A mutation that still reads as a valid spec: put the real tree back for the next round.
          await rm(s.out, { recursive: true });
          await cp(GENERATED, s.out, { recursive: true });
          continue;
        }
        failures++;
        expect(code).toBe(1);
        for (const [f, text] of before) expect(await readFile(join(s.out, f), 'utf8')).toBe(text);
        expect((await listFiles(s.out)).length).toBe(before.size);
      }
      expect(failures).toBeGreaterThan(0);
    } finally {
      await s.dispose();
    }
  }, 300_000);
});
