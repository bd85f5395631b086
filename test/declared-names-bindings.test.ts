import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collisionRfc, DECLARED, everyDeclaredName, modelNames } from './helpers/declared.js';
import { buildOnly } from './helpers/build-only.js';
import { ROOT, realModel, scratch } from './helpers/spec.js';

/**
 * Names allocated around what each package declares itself (issue 39, item 2), judged by the real compilers: one
 * spec, generated once, is the real one with an RFC adding a record type named as each name any of the six packages
 * declares (test/helpers/declared.ts reads them), and every package of it must build (builds only: no tests run).
 * A package that gave a model type a name it declares itself (Go's `RoleAlias`, Swift's `Tree`, Kotlin's `Check.kt`)
 * does not compile.
 */
describe('a spec whose types are named as every package\'s own declarations', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  let names: string[] = [];
  let generated: ReturnType<typeof spawnSync> | undefined;

  beforeAll(async () => {
    const model = await realModel();
    names = everyDeclaredName(modelNames(model));
    s = await scratch(false);
    await writeFile(join(s.spec, 'rfcs/0002-names.md'), collisionRfc(names));
    generated = spawnSync(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'generate', '--spec', s.spec, '--out', s.out], { encoding: 'utf8' });
  }, 120_000);
  afterAll(async () => s?.dispose());

  it('names a type after each of them (Go\'s RoleAlias, Swift\'s Tree and Requirement, Kotlin\'s Check.kt) and generates', () => {
    expect(names).toEqual(expect.arrayContaining(['RoleAlias', 'Tree', 'Requirement', 'Check', 'FindingId', 'SpecData']));
    expect(generated?.status, String(generated?.stderr)).toBe(0);
    // Each given a name of its own beside the package's, not left out.
    const at = (path: string) => readFileSync(join(s.out, path), 'utf8');
    expect(at('go/types.go')).toMatch(/^type RoleAliasType struct/m);
    expect(at('typescript/src/model.ts')).toMatch(/^export interface SpecDataType \{/m);
    expect(at('rust/src/model.rs')).toMatch(/^pub struct RequirementType \{/m);
    expect(at('python/src/element_model/models.py')).toMatch(/^class Requirement_\(/m);
    expect(existsSync(join(s.out, 'swift/Sources/ElementModel/TreeType.swift'))).toBe(true);
    expect(existsSync(join(s.out, 'kotlin/src/main/kotlin/dev/elementmodel/CheckType.kt'))).toBe(true);
  });

  it.for<string>(Object.keys(DECLARED))('%s: the package builds', { timeout: 900_000 }, async (language, ctx) => {
    expect(generated?.status, String(generated?.stderr)).toBe(0);
    const result = await buildOnly(language, join(s.out, DECLARED[language]?.folder as string), ctx);
    expect(result.code, result.output).toBe(0);
  });
});
