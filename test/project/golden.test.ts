import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** test/helpers/golden.ts loaded afresh under the given UPDATE and CI values, which it reads once at load. */
async function goldenWith(env: { UPDATE?: string; CI?: string }) {
  vi.stubEnv('UPDATE', env.UPDATE);
  vi.stubEnv('CI', env.CI);
  vi.resetModules();
  return import('../helpers/golden.js');
}

describe('golden files (test/helpers/golden.ts)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('compares exactly without UPDATE, and with UPDATE=1 rewrites the file instead', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-golden-'));
    try {
      const path = join(dir, 'expected.json');
      await writeFile(path, '[{"ruleId": "unknown-type", "line": 91}]\n');
      const compare = await goldenWith({});
      await compare.expectMatchesGolden(path, [{ ruleId: 'unknown-type', line: 91 }], 'same');
      await expect(compare.expectMatchesGolden(path, [{ ruleId: 'unknown-type', line: 92 }], 'moved')).rejects.toThrow(/moved/);
      await expect(compare.expectMatchesGolden(path, [{ ruleId: 'unknown-type', line: 91 }, { ruleId: 'x', line: 1 }], 'extra')).rejects.toThrow(/extra/);

      const update = await goldenWith({ UPDATE: '1' });
      await update.expectMatchesGolden(path, [{ ruleId: 'unknown-type', line: 92 }], 'moved');
      expect(await readFile(path, 'utf8')).toBe('[\n  {\n    "ruleId": "unknown-type",\n    "line": 92\n  }\n]\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses UPDATE under CI, where a rewrite would pass whatever the code does', async () => {
    await expect(goldenWith({ UPDATE: '1', CI: 'true' })).rejects.toThrow(/UPDATE is set under CI/);
  });
});
