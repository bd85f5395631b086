import fc from 'fast-check';
import { expect } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import { buildModel } from '../../generator/model/build.js';
import { type SpecFiles, readSpecFiles } from '../../generator/spec-files.js';
import { SPEC } from '../helpers/spec.js';

/**
 * Mutated RFCs per run, split across the two fuzz test files so both cores work: 10,000 in CI, 1,000 locally.
 * FUZZ_RUNS sets the total, FUZZ_SEED replays a failure (fast-check prints the seed and path).
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI === 'true' ? 10_000 : 1_000));
export const SEED = Number(process.env.FUZZ_SEED ?? 20261202);

type Mutation = (text: string, r: () => number) => string;

export const pick = <T,>(items: readonly T[], r: () => number): T => items[Math.floor(r() * items.length)] as T;
const lines = (t: string) => t.split('\n');
const rowIndexes = (ls: string[]) => ls.map((l, i) => (l.startsWith('|') ? i : -1)).filter((i) => i >= 0);

/** The ways a half-written RFC goes wrong, each a function of the text and a seeded random source. */
export const MUTATIONS: Record<string, Mutation> = {
  deleteRow: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (rows.length) ls.splice(pick(rows, r), 1); return ls.join('\n'); },
  duplicateRow: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (rows.length) { const i = pick(rows, r); ls.splice(i, 0, ls[i] as string); } return ls.join('\n'); },
  swapRows: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (rows.length > 1) { const a = pick(rows, r); const b = pick(rows, r); [ls[a], ls[b]] = [ls[b] as string, ls[a] as string]; } return ls.join('\n'); },
  emptyCell: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (!rows.length) return t; const i = pick(rows, r); const cells = (ls[i] as string).split('|'); if (cells.length > 2) cells[1 + Math.floor(r() * (cells.length - 2))] = ' '; ls[i] = cells.join('|'); return ls.join('\n'); },
  dropPipe: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (!rows.length) return t; const i = pick(rows, r); const l = ls[i] as string; const at = [...l].map((c, k) => (c === '|' ? k : -1)).filter((k) => k >= 0); const k = pick(at, r); ls[i] = l.slice(0, k) + l.slice(k + 1); return ls.join('\n'); },
  renameHeading: (t, r) => { const ls = lines(t); const hs = ls.map((l, i) => (l.startsWith('#') ? i : -1)).filter((i) => i >= 0); if (hs.length) { const i = pick(hs, r); ls[i] = `${(ls[i] as string).split(' ')[0]} ${pick(['Notes', '4.9 Other', 'RFC-12: x', '', '1.'], r)}`; } return ls.join('\n'); },
  cut: (t, r) => Buffer.from(t, 'utf8').subarray(0, Math.floor(r() * Buffer.byteLength(t))).toString('utf8'),
  bom: (t) => `\uFEFF${t}`,
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  unicode: (t, r) => { const at = Math.floor(r() * t.length); const junk = pick(['\u0000', '\uD800', '\u202E', '|', '`', '\\', '💥', 'Ω', '\u00A0', '| x |'], r); return t.slice(0, at) + junk + t.slice(at); },
  changeCell: (t, r) => t.replace(pick(['yes', 'no', '`string`', '`Element`', 'Accepted', 'Breaking', '0.2.0', '`Group`', 'record', 'Absent means false'], r), pick(['maybe', '`Strnig`', '', 'Draft', 'Additive: 0.2.0 to 9', '`Nothing`', 'Absent means blue'], r)),
};
export const NAMES = Object.keys(MUTATIONS);

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function mutate(files: SpecFiles, steps: { name: string; seed: number }[]): SpecFiles {
  const rfc = files.rfcs[0] as SpecFiles['rfcs'][number];
  let text = rfc.text;
  for (const step of steps) text = (MUTATIONS[step.name] as Mutation)(text, mulberry32(step.seed));
  return { ...files, rfcs: [{ ...rfc, text }] };
}

export const steps = fc.array(fc.record({ name: fc.constantFrom(...NAMES), seed: fc.integer() }), { minLength: 1, maxLength: 4 });
export const fileNames = ['spec/rfcs/0001-element-model.md', 'spec/process.md', 'spec/reference/apple-roles.md', 'spec/reference/external-types.md', 'spec/rfcs', 'spec'];


/** The property: a mutated spec builds a valid model, or fails with located diagnostics and never throws. */
export async function fuzzSpecReader(runs: number, seed: number): Promise<{ failed: number }> {
  const real = await readSpecFiles(SPEC);
  let failed = 0;
  await fc.assert(
    fc.asyncProperty(steps, async (s) => {
      const { model, diagnostics } = await buildModel(mutate(real, s));
      if (model) return;
      failed++;
      expect(diagnostics.items.length).toBeGreaterThan(0);
      for (const d of diagnostics.items) {
        expect(RULES).toHaveProperty(d.ruleId);
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.column).toBeGreaterThanOrEqual(1);
        expect(fileNames.some((f) => d.file.startsWith(f))).toBe(true);
      }
    }),
    { numRuns: runs, seed },
  );
  return { failed };
}
