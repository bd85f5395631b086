import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExpectations } from '../helpers/binding-expectations.js';
import { buildOnly } from '../helpers/build-only.js';
import { collisionRfc, everyDeclaredName, modelNames } from '../helpers/declared.js';
import { ROOT, realModel, scratch } from '../helpers/spec.js';

const BINDINGS = await withExpectations();

/**
 * Names allocated around what each package declares itself (issue 39, item 2), judged by the real compilers: one
 * spec, generated once, is the real one with an RFC adding a record type named as each name any of the packages
 * declares (test/helpers/declared.ts reads them), and every package of it must build (its binding's `buildOnly`:
 * no tests run). A package that gave a model type a name it declares itself (Go's `RoleAlias`, or each language's
 * `collision` in test/bindings/) does not compile.
 */
describe('a spec whose types are named as every package\'s own declarations', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  let names: string[] = [];
  let generated: ReturnType<typeof spawnSync> | undefined;

  beforeAll(async () => {
    const model = await realModel();
    names = await everyDeclaredName(modelNames(model));
    s = await scratch(false);
    await writeFile(join(s.spec, 'rfcs/0002-names.md'), collisionRfc(names));
    generated = spawnSync(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'generate', '--spec', s.spec, '--out', s.out], { encoding: 'utf8' });
  }, 120_000);
  afterAll(async () => s?.dispose());

  it('names a type after each of them (each language\'s own, and the catalogue\'s FindingId) and generates', () => {
    expect(names).toEqual(expect.arrayContaining(['FindingId', ...BINDINGS.map(([, , expected]) => expected.collision.name)]));
    expect(generated?.status, String(generated?.stderr)).toBe(0);
  });

  // Each given a name of its own beside the package's, not left out.
  it.for(BINDINGS)('%s: the type named as its own declaration has another name', ([, , { collision }]) => {
    expect(generated?.status, String(generated?.stderr)).toBe(0);
    const file = join(s.out, collision.file);
    expect(existsSync(file), collision.file).toBe(true);
    if (collision.holds) expect(readFileSync(file, 'utf8')).toMatch(collision.holds);
  });

  it.for(BINDINGS)('%s: the package builds', { timeout: 900_000 }, async ([, b], ctx) => {
    expect(generated?.status, String(generated?.stderr)).toBe(0);
    const result = await buildOnly(b, join(s.out, b.outDir), ctx);
    expect(result.code, result.output).toBe(0);
  });
});
