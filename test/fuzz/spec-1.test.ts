import { describe, expect, it } from 'vitest';
import { RUNS, SEED, fuzzSpecReader } from './mutations.js';

describe('fuzzing the spec reader, part 1 of 2', () => {
  const runs = Math.ceil(RUNS / 2);
  it(`${runs} mutated RFCs: never an uncaught exception; every failure a located diagnostic with a rule id`, async () => {
    const { failed } = await fuzzSpecReader(runs, SEED + 1);
    // The mutations must be doing something: most of them break the spec.
    expect(failed).toBeGreaterThan(runs / 4);
  }, 1_800_000);
});
