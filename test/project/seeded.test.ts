import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomFrom, seedFor, shuffled } from '../helpers/seeded.js';

describe('seeded randomness (test/helpers/seeded.ts)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('replays the same numbers for the same seed, and others for another seed', () => {
    const draw = (seed: number) => { const r = randomFrom(seed); return Array.from({ length: 5 }, r); };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const x of draw(7)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('shuffles into a permutation, and not always the same one', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const random = randomFrom(1);
    const orders = new Set(Array.from({ length: 20 }, () => shuffled(items, random).join('')));
    for (const order of orders) expect([...order].sort().join('')).toBe('abcde');
    expect(orders.size).toBeGreaterThan(10);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('takes SEED when it is set, and refuses one that is not a 32-bit whole number', () => {
    vi.stubEnv('SEED', '123');
    expect(seedFor('test')).toBe(123);
    vi.stubEnv('SEED', 'abc');
    expect(() => seedFor('test')).toThrow(/SEED must be/);
    vi.stubEnv('SEED', '');
    expect(Number.isInteger(seedFor('test'))).toBe(true);
  });
});
