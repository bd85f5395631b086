import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import { emitAll } from '../../generator/emit/index.js';
import type { GeneratedFile } from '../../generator/emit/core/target.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { IN_CI } from '../helpers/toolchain.js';
import { SPEC, realModel } from '../helpers/spec.js';
import { changes, revisionText } from '../property/revisions.js';

/**
 * The property of revisions: any RFC a maintainer could write next, built from the model (roles removed, Apple
 * roles moved, covers restated, fields removed or renamed, records, requirements, states and roles added), ends
 * in a model whose artifacts agree, or in located diagnostics; never in an internal error. 600 revisions in CI,
 * 100 locally; REVISION_RUNS sets the count, REVISION_SEED replays a run (the seed is printed).
 */
const RUNS = Number(process.env.REVISION_RUNS ?? (IN_CI ? 600 : 100));
const SEED = Number(process.env.REVISION_SEED ?? Date.now() % 2 ** 31);
/** One revision in this many also has its generated TypeScript checker run on its vectors (it loads a package). */
const CHECKER_EVERY = 20;

async function checkerAgreesWithVectors(files: GeneratedFile[], dir: string): Promise<void> {
  const wanted = files.filter((f) => f.path.startsWith('typescript/dist/') || f.path.startsWith('conformance/') || f.path === 'typescript/package.json');
  for (const f of wanted) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.contents);
  }
  const sdk = await import(pathToFileURL(join(dir, 'typescript/dist/index.js')).href);
  for (const f of wanted.filter((x) => x.path.startsWith('conformance/vectors/'))) {
    const vector = JSON.parse(f.contents);
    const found = sdk.check(vector.input).map(({ requirement, rule, severity, elementId, path }: Record<string, unknown>) => ({ requirement, rule, severity, elementId, path }));
    expect(found, f.path).toEqual(vector.findings);
  }
}

function expectConsistent(m: CanonicalModel): void {
  const fromRoles = new Map<string, string>();
  for (const r of m.roles) {
    if (r.appleName) fromRoles.set(r.name, r.name);
    for (const c of r.covers) fromRoles.set(c, r.name);
  }
  expect(new Map(m.appleRoles.filter((a) => a.role !== null).map((a) => [a.name, a.role]))).toEqual(fromRoles);
  const roles = new Set(m.roles.map((r) => r.name));
  for (const key of ['root', 'unknown', 'fallback'] as const) expect(roles).toContain(m.roleRules[key]);
  const node = m.types.find((t) => t.name === m.tree.node);
  for (const s of m.states) {
    expect(s.type).toBe(m.tree.node);
    const field = node?.kind === 'record' ? node.fields.find((f) => f.name === s.field) : undefined;
    expect(field?.type).toEqual({ kind: 'primitive', name: 'boolean' });
    expect(field?.default).not.toBeNull();
  }
}

describe('random revisions built from the model', () => {
  it(`${RUNS} revisions: each builds a consistent model that every target emits, or fails with located diagnostics (seed ${SEED})`, async () => {
    console.log(`revision property: seed ${SEED}; replay with REVISION_SEED=${SEED} REVISION_RUNS=${RUNS}`);
    const real = await readSpecFiles(SPEC);
    const model = await realModel();
    const dir = await mkdtemp(join(tmpdir(), 'element-revisions-'));
    let built = 0;
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(changes(model), fc.boolean(), fc.integer({ min: 0, max: 9 }), async (list, flip, honestDie) => {
          run++;
          const text = revisionText(model, list, !(flip && honestDie === 0));
          const files = { ...real, rfcs: [...real.rfcs, { path: 'spec/rfcs/0002-random.md', baseName: '0002-random.md', text }] };
          const result = await assembleModel(files);
          if (!result.model) {
            const items = result.diagnostics.items;
            expect(items.some((d) => d.severity === 'error'), text).toBe(true);
            for (const d of items) {
              expect(RULES, text).toHaveProperty(d.ruleId);
              expect(d.file.startsWith('spec/'), text).toBe(true);
              expect(d.line >= 1 && d.column >= 1, text).toBe(true);
            }
            return;
          }
          built++;
          expectConsistent(result.model);
          const out = await emitAll(result.model, { regenerate: 'x', versions: result.versions });
          // A target that fails on a model that built is a fault of the toolchain, whatever it reports.
          expect(out.diagnostics, text).toEqual([]);
          expect(out.files.length).toBeGreaterThan(0);
          if (run % CHECKER_EVERY === 0) await checkerAgreesWithVectors(out.files, join(dir, String(run)));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    console.log(`revision property: ${built} of ${run} revisions built`);
    // The generator must be doing something: a fair share of revisions are valid and build.
    expect(built).toBeGreaterThan(RUNS / 10);
  }, 1_800_000);
});
