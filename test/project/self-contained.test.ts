import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outsidePaths, outsidePathsIn } from '../helpers/outside-paths.js';
import { ROOT } from '../helpers/spec.js';

// A clone has nothing beside it: what the tests, scripts, bench and configs read must be in the repository.
describe('the repository stands alone', () => {
  it('no test, script, bench, generator source or config names a path outside the repository', async () => {
    expect(await outsidePaths(ROOT)).toEqual([]);
  });

  it('the scan finds a planted path to a folder beside the checkout, however it is written', () => {
    const file = `${ROOT}/test/helpers/planted.ts`;
    // Put together here, so this file does not name the paths it plants.
    const up = '..';
    const planted = [
      `export const SHARED = resolve(ROOT, '${up}/shared');`,
      `const examples = join(ROOT, '${up}', 'shared', 'mcp-examples');`,
      `const examples = resolve(import.meta.dirname, '${up}/${up}/${up}/shared/mcp-examples');`,
      `const examples = '${dirname(ROOT)}/shared/mcp-examples';`,
    ];
    for (const line of planted) expect(outsidePathsIn(line, file, ROOT), line).toHaveLength(1);
    // Paths that stay inside: relative to the file, up to the root, or to a system folder.
    const inside = [
      `export const ROOT = resolve(import.meta.dirname, '${up}/${up}');`,
      `import { sdk } from '${up}/helpers/sdk.js';`,
      "const cache = '/var/cache/element-model-toolchains';",
      'conformance="${2:-$package/../conformance}"',
    ];
    for (const line of inside) expect(outsidePathsIn(line, file, ROOT), line).toEqual([]);
  });

  it('the walk reaches a file planted deep in a scanned folder, and a config at the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'element-planted-'));
    try {
      const up = '..';
      await mkdir(join(root, 'test/helpers/deep'), { recursive: true });
      await writeFile(join(root, 'test/helpers/deep/planted.ts'), `export const X = resolve(import.meta.dirname, '${up}/${up}/${up}/${up}/shared');\n`);
      await writeFile(join(root, 'vitest.config.ts'), `export default { root: '${up}/elsewhere' };\n`);
      expect((await outsidePaths(root)).map((f) => [f.file, f.line])).toEqual([['test/helpers/deep/planted.ts', 1], ['vitest.config.ts', 1]]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
