/**
 * Seeded randomness for tests: each run takes a new seed unless SEED is set, and prints it, so any failure replays
 * exactly with `SEED=<seed> npx vitest run <file>`.
 */
export function seedFor(what: string): number {
  const given = process.env['SEED'];
  const seed = given === undefined || given === '' ? Math.floor(Math.random() * 2 ** 32) : Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) throw new Error(`SEED must be a whole number from 0 to 2^32 - 1, not ${given}`);
  console.log(`${what}: SEED=${seed}`);
  return seed;
}

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same numbers in [0, 1). */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A copy of `items` in an order drawn from `random` (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
