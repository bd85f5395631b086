import { describe, expect, it } from 'vitest';
import { REGRESSION_SEED, RUNS, SEED, fuzzSpecReader } from './mutations.js';

describe('fuzzing the spec reader, part 2 of 2', () => {
  const runs = Math.ceil(RUNS / 2);
  it(`${runs} mutated specs (seed ${SEED + 2}): every model that builds accounts for every row and is emitted; every failure is located`, async () => {
    console.log(`fuzz part 2: seed ${SEED + 2}; replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const { failed, built, emitted } = await fuzzSpecReader(runs, SEED + 2);
    console.log(`fuzz part 2: ${built} built (${emitted} distinct models, each emitted once), ${failed} failed`);
    // The mutations must be doing something: most of them break the spec, and some still build.
    expect(failed).toBeGreaterThan(runs / 4);
    expect(built).toBeGreaterThan(0);
  }, 1_800_000);

  it('the fixed regression seed', async () => {
    const { failed } = await fuzzSpecReader(Math.ceil(runs / 10), REGRESSION_SEED + 2);
    expect(failed).toBeGreaterThan(0);
  }, 1_800_000);
});
