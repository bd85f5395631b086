/**
 * The order a file system lists a folder in is not the toolchain's to choose, so the output must not depend on
 * it. Every directory listing the generator asks for in this file (readdir, readdirSync) is shuffled by a seeded
 * random order, several times over, and the whole output must stay byte for byte the same.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateInMemory } from '../../generator/pipeline.js';
import { randomFrom, seedFor, shuffled } from '../helpers/seeded.js';
import { scratch } from '../helpers/spec.js';

/** How listings are presented: as the file system gives them, until a test sets an order. */
const listings = vi.hoisted(() => ({
  present: <T>(entries: T[]): T[] => entries,
  /** Every listing of more than one entry, as the generator received it. */
  seen: [] as string[][],
}));

function present<T>(entries: T[]): T[] {
  const out = listings.present(entries);
  if (out.length > 1) listings.seen.push(out.map((e) => (typeof e === 'string' ? e : (e as { name: string }).name)));
  return out;
}

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const readdir = async (...args: unknown[]) => present(await (real.readdir as (...a: unknown[]) => Promise<unknown[]>)(...args));
  return { ...real, readdir, default: { ...real, readdir } };
});

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readdirSync = (...args: unknown[]) => present((real.readdirSync as (...a: unknown[]) => unknown[])(...args));
  return { ...real, readdirSync, default: { ...real, readdirSync } };
});

const PERMUTATIONS = 6;
const editorial = (n: number) =>
  `# RFC-000${n}: Editorial note ${n}\n\nWording only.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | Editorial |\n| Supersedes or amends | None |\n`;

describe('the order the file system lists files in', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  beforeAll(async () => {
    // All on this thread, where the listings are shuffled (the TypeScript worker would list files itself).
    vi.stubEnv('ELEMENT_SPEC_WORKER', 'off');
    s = await scratch();
    // Five RFCs, so the RFC folder alone has 120 orders.
    for (const n of [2, 3, 4, 5]) await writeFile(join(s.spec, `rfcs/000${n}-editorial-note-${n}.md`), editorial(n));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s.dispose();
  });

  it('does not matter: several seeded shuffles of every listing give byte-identical output', { timeout: 120_000 }, async () => {
    listings.present = (entries) => entries;
    const sorted = await generateInMemory(s.spec);
    expect(sorted.diagnostics).toEqual([]);
    expect(sorted.model?.rfcs.map((r) => r.id)).toEqual(['RFC-0001', 'RFC-0002', 'RFC-0003', 'RFC-0004', 'RFC-0005']);
    expect(sorted.model?.protocolVersion).toBe('0.2.0');
    expect(sorted.files.length).toBeGreaterThan(10);

    const seed = seedFor('file-system order');
    const random = randomFrom(seed);
    const rfcOrders = new Set<string>();
    for (let i = 0; i < PERMUTATIONS; i++) {
      listings.seen = [];
      // The first round lists every folder backwards; the rest in seeded random orders.
      listings.present = i === 0 ? (entries) => [...entries].reverse() : (entries) => shuffled(entries, random);
      const again = await generateInMemory(s.spec);
      const rfcListing = listings.seen.find((names) => names.includes('0001-element-model.md'));
      expect(rfcListing, 'the generator listed the RFC folder through the shuffled readdir').toBeDefined();
      rfcOrders.add(JSON.stringify(rfcListing));
      expect(again.files.map((f) => f.path), `round ${i} (SEED=${seed})`).toEqual(sorted.files.map((f) => f.path));
      for (const [j, file] of again.files.entries()) expect(file.contents, `${file.path}, round ${i} (SEED=${seed})`).toBe(sorted.files[j]?.contents);
    }
    // The RFCs really were presented in different orders, not one order six times.
    expect(rfcOrders.size, `SEED=${seed}`).toBeGreaterThanOrEqual(3);
  });
});
