import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { TARGET_NAMES } from '../../generator/emit/index.js';
import { ROOT } from '../helpers/spec.js';

const circlesIn = async (dir: string) => (await madge(dir, { fileExtensions: ['ts'] })).circular();

// The pipeline reads one way (parse, extract, model, emit, write); an import circle is a module that knows what
// should know it, such as the Target interface naming a target or the template loader importing the registry.
describe('import circles', () => {
  it('generator/ has none (madge, type imports and dynamic imports included)', async () => {
    expect(await circlesIn(join(ROOT, 'generator'))).toEqual([]);
  }, 60_000);

  it('are found when planted, so the check above means something', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-cycles-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
      await writeFile(join(dir, 'b.ts'), "import { a } from './a.js';\nexport type B = string;\nexport const b = () => import('./a.js');\nvoid a;\n");
      await writeFile(join(dir, 'c.ts'), 'export const a = 1;\n');
      expect(await circlesIn(dir)).toEqual([['a.ts', 'b.ts']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The front of the pipeline knows nothing of what comes after it: the reader (read/: parsing and extracting) imports
// neither the model nor an emitter, the model imports no emitter, and the emitters' core (emit/core/: the Target
// interface, the runner, the worker, the template loader) imports no target; each later stage imports the earlier
// ones' types.
describe('the pipeline reads one way', () => {
  const LATER: Record<string, string[]> = {
    'read/': ['model/', 'emit/', 'write/'],
    'model/': ['emit/', 'write/'],
  };

  it('no stage imports a later one', async () => {
    const graph = (await madge(join(ROOT, 'generator'), { fileExtensions: ['ts'] })).obj();
    const backwards: string[] = [];
    for (const [file, deps] of Object.entries(graph)) {
      const stage = Object.keys(LATER).find((s) => file.startsWith(s));
      if (!stage) continue;
      for (const dep of deps) if (LATER[stage]?.some((later) => dep.startsWith(later))) backwards.push(`${file} -> ${dep}`);
    }
    expect(Object.keys(graph).some((f) => f.startsWith('read/'))).toBe(true);
    expect(backwards).toEqual([]);
  }, 60_000);

  it("the emitters' core imports no target and not the registry, and no target imports another", async () => {
    const graph = (await madge(join(ROOT, 'generator'), { fileExtensions: ['ts'] })).obj();
    const targets = new Set<string>(TARGET_NAMES);
    const folder = (file: string) => /^emit\/([^/]+)\//.exec(file)?.[1];
    const wrong: string[] = [];
    for (const [file, deps] of Object.entries(graph)) {
      const own = folder(file);
      for (const dep of deps) {
        const other = folder(dep);
        if (own === 'core' && ((other !== undefined && targets.has(other)) || dep === 'emit/targets.ts')) wrong.push(`${file} -> ${dep}`);
        if (own !== undefined && targets.has(own) && other !== undefined && other !== own && targets.has(other)) wrong.push(`${file} -> ${dep}`);
      }
    }
    expect(Object.keys(graph).filter((f) => folder(f) === 'core').length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  }, 60_000);
});
