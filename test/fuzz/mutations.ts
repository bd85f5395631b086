import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { expect } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import type { Diagnostic } from '../../generator/diagnostics/report.js';
import { emitAll } from '../../generator/emit/index.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { type SpecFiles, readSpecFiles } from '../../generator/spec-files.js';
import { SPEC, realModel } from '../helpers/spec.js';
import { randomFrom } from '../helpers/seeded.js';
import { IN_CI } from '../helpers/toolchain.js';
import { changes, revisionText } from '../property/revisions.js';
import { unaccountedRows, withoutPlaces } from './oracle.js';
import { FuzzParses } from './parses.js';

/**
 * Mutated specs per run, split across the two fuzz test files so both cores work: 2,000 in CI (a new seed each run, so the runs add up), 1,000 locally. The
 * seed is new each run, so CI's runs together try far more than one; 10,000 a run cost CI two and a half minutes.
 * FUZZ_RUNS sets the total. The seed differs on every run and is printed; FUZZ_SEED replays one (fast-check
 * prints the seed and path of a failure). REGRESSION_SEED is always run as well, on a tenth of the runs.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? (IN_CI ? 2_000 : 1_000));
export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
export const REGRESSION_SEED = 20261202;

type Mutation = (text: string, r: () => number) => string;

export const pick = <T,>(items: readonly T[], r: () => number): T => items[Math.floor(r() * items.length)] as T;
const lines = (t: string) => t.split('\n');
const rowIndexes = (ls: string[]) => ls.map((l, i) => (l.startsWith('|') ? i : -1)).filter((i) => i >= 0);

/** The tables whose cells hold a type, by their header's first cell, and which columns do. */
const TYPE_COLUMNS: Record<string, readonly string[]> = { field: ['type'], attribute: ['type'], operation: ['takes', 'returns'] };

/** Each Type, Takes and Returns cell that holds a type, as [line, cell index among the row's pipes]. */
export function typeCells(ls: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  let columns: number[] = [];
  for (const [i, l] of ls.entries()) {
    if (!l.startsWith('|')) { columns = []; continue; }
    const cells = l.split('|').slice(1, -1).map((c) => c.trim().toLowerCase());
    if (/^\|?\s*-/.test(ls[i + 1] ?? '')) {
      const wanted = TYPE_COLUMNS[cells[0] ?? ''] ?? [];
      columns = cells.flatMap((c, k) => (wanted.includes(c) ? [k + 1] : []));
    } else if (!/^-/.test(cells[0] ?? '')) for (const k of columns) if (/^`[^`]+`$/.test(cells[k - 1] ?? '')) out.push([i, k]);
  }
  return out;
}

/** A type written as the slips of issue 29 write it: a choice, a second parameter, a note, a label, a union. */
export const TYPE_SLIPS: ((type: string, name: string) => string)[] = [
  (t) => `\`${t}\` or \`${t}[]\``,
  (t) => `\`${t}\`, \`boolean\``,
  (t) => `\`${t}\` (or \`Related\`)`,
  (t, name) => `${name}: \`${t}\``,
  (t) => `\`${t} \\| string\``,
];

/** The text with the type cell at `at` (from typeCells) rewritten by `slip`. */
export function withTypeSlip(t: string, [i, k]: [number, number], slip: (typeof TYPE_SLIPS)[number]): string {
  const ls = lines(t);
  const cells = (ls[i] as string).split('|');
  const type = (cells[k] as string).trim().slice(1, -1);
  cells[k] = ` ${slip(type, (cells[1] as string).trim().replace(/`/g, ''))} `;
  ls[i] = cells.join('|');
  return ls.join('\n');
}

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
  // GFM ends a table at these; the reader must report the rows after them, never drop them.
  commentInTable: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (rows.length) ls.splice(pick(rows, r), 0, '<!-- a note -->'); return ls.join('\n'); },
  blankInTable: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (rows.length) ls.splice(pick(rows, r), 0, ''); return ls.join('\n'); },
  escapedPipe: (t, r) => { const ls = lines(t); const rows = rowIndexes(ls); if (!rows.length) return t; const i = pick(rows, r); const l = ls[i] as string; const at = l.lastIndexOf('|', l.length - 2); ls[i] = `${l.slice(0, at)} \\| x ${l.slice(at)}`; return ls.join('\n'); },
  commentBeforeHeading: (t, r) => { const ls = lines(t); const hs = ls.map((l, i) => (l.startsWith('## ') ? i : -1)).filter((i) => i >= 0); if (hs.length) ls.splice(pick(hs, r), 0, '<!-- a maintainer\'s note -->', ''); return ls.join('\n'); },
  // A type cell that holds more than one type: an error at the cell, never read as its first code span.
  typeCellSlip: (t, r) => { const found = typeCells(lines(t)); return found.length ? withTypeSlip(t, pick(found, r), pick(TYPE_SLIPS, r)) : t; },
  // A Deprecated table naming any name the text writes as code, from any of them, with any replacement or none. Only
  // in an RFC: the reference files read their own tables and take any other table for prose (an RFC's table there
  // is not reported; issue noted apart, it is not this table's).
  deprecate: (t, r) => {
    if (!/^# RFC-/m.test(t)) return t;
    const names = [...t.matchAll(/`([A-Za-z][A-Za-z0-9_]*)`/g)].map((m) => m[1] as string);
    if (!names.length) return t;
    const from = pick([`\`${pick(names, r)}\``, 'Operations', 'Requirements', '`Element`', '`Role`', '`Attributes`'], r);
    const instead = pick(['—', `\`${pick(names, r)}\``, 'Something else', ''], r);
    return `${t}\n\n| Deprecated | From | Use instead |\n|---|---|---|\n| \`${pick(names, r)}\` | ${from} | ${instead} |\n`;
  },
  changeCell: (t, r) => t.replace(pick(['yes', 'no', '`string`', '`Element`', 'Accepted', 'Breaking', '0.2.0', '`Group`', 'record', 'Absent means false'], r), pick(['maybe', '`Strnig`', '', 'Draft', 'Additive: 0.2.0 to 9', '`Nothing`', 'Absent means blue'], r)),
};
export const NAMES = Object.keys(MUTATIONS);
/** Mutations after which the model must be the same, but for where things were said. */
export const NEUTRAL = new Set(['bom', 'crlf', 'commentBeforeHeading']);
/** The files a step can mutate: the first RFC most often, the reference files, the process file, a second RFC. */
export const TARGETS = ['rfc', 'rfc', 'rfc', 'rfc', 'apple', 'external', 'process', 'second'] as const;
export type Target = (typeof TARGETS)[number];
export interface Step {
  name: string;
  seed: number;
  file: Target;
}


/** The spec with a second RFC (when given) and each step applied to the file it names. */
export function mutate(files: SpecFiles, steps: readonly Step[], second: string | null = null): SpecFiles {
  const out: SpecFiles = { ...files, rfcs: [...files.rfcs] };
  if (second !== null) out.rfcs.push({ path: 'spec/rfcs/0002-random.md', baseName: '0002-random.md', text: second });
  for (const step of steps) {
    const apply = (text: string) => (MUTATIONS[step.name] as Mutation)(text, randomFrom(step.seed));
    if (step.file === 'apple' && out.appleRoles) out.appleRoles = { ...out.appleRoles, text: apply(out.appleRoles.text) };
    else if (step.file === 'external' && out.externalTypes) out.externalTypes = { ...out.externalTypes, text: apply(out.externalTypes.text) };
    else if (step.file === 'process' && out.process) out.process = { ...out.process, text: apply(out.process.text) };
    else {
      const at = step.file === 'second' && out.rfcs.length > 1 ? out.rfcs.length - 1 : 0;
      const rfc = out.rfcs[at] as SpecFiles['rfcs'][number];
      out.rfcs[at] = { ...rfc, text: apply(rfc.text) };
    }
  }
  return out;
}

export const steps = fc.array(fc.record({ name: fc.constantFrom(...NAMES), seed: fc.integer(), file: fc.constantFrom(...TARGETS) }), { minLength: 1, maxLength: 4 });
export const fileNames = ['spec/rfcs/0001-element-model.md', 'spec/process.md', 'spec/reference/apple-roles.md', 'spec/reference/external-types.md', 'spec/rfcs', 'spec'];


/** A diagnostic with a known rule id, at a line and column (from 1) of a spec file. */
const located = (d: Diagnostic) =>
  Object.hasOwn(RULES, d.ruleId) && d.line >= 1 && d.column >= 1 && fileNames.some((f) => d.file.startsWith(f));

/**
 * Emits each distinct model once per run and checks every target emits it without diagnostics. Many mutated specs
 * that build give a model already emitted (a BOM or CRLF line ends added, the same row deleted again), and
 * emitters are pure functions of the model and its versions, so a second emit could only repeat the first. Models
 * are told apart by a hash of V8's serialization, which keeps what JSON would lose (undefined, -0, shared objects).
 */
class EmitOnce {
  private readonly passed = new Set<string>();

  get distinct(): number {
    return this.passed.size;
  }

  async check(model: CanonicalModel, versions: CanonicalModel[]): Promise<void> {
    const key = createHash('sha256').update(serialize([model, versions])).digest('base64');
    if (this.passed.has(key)) return;
    // An emitter that throws on a model that built is an internal error (exit 3) for the maintainer.
    const out = await emitAll(model, { regenerate: 'x', versions });
    expect(out.diagnostics).toEqual([]);
    expect(out.files.length).toBeGreaterThan(0);
    // Only a model that passed: while fast-check shrinks a failure, each smaller spec's model is emitted again.
    this.passed.add(key);
  }
}

/**
 * The property: a mutated spec either builds a model that accounts for every table row of its Markdown, equals the
 * unmutated model where the mutation should change nothing, and is emitted by every target; or it fails with
 * located diagnostics and never throws.
 */
export async function fuzzSpecReader(runs: number, seed: number): Promise<{ failed: number; built: number; emitted: number }> {
  const real = await readSpecFiles(SPEC);
  const model = await realModel();
  const second = fc.option(changes(model).map((list) => revisionText(model, list, true)), { nil: null, freq: 4 });
  const unmutated = withoutPlaces(model);
  const emit = new EmitOnce();
  const parses = new FuzzParses();
  let failed = 0;
  let built = 0;
  await fc.assert(
    fc.asyncProperty(steps, second, async (s, secondText) => {
      const files = mutate(real, s, secondText);
      const result = await assembleModel(files, parses);
      if (result.model) {
        built++;
        expect(unaccountedRows(files, result.model)).toEqual([]);
        if (secondText === null && s.every((step) => NEUTRAL.has(step.name))) expect(withoutPlaces(result.model)).toEqual(unmutated);
        await emit.check(result.model, result.versions);
        return;
      }
      failed++;
      const { diagnostics } = result;
      expect(diagnostics.items.some((d) => d.severity === 'error')).toBe(true);
      // One expect for all of them, not four per diagnostic (each costs vitest's bookkeeping); it shows every one missed.
      expect(diagnostics.items.filter((d) => !located(d))).toEqual([]);
    }),
    { numRuns: runs, seed },
  );
  return { failed, built, emitted: emit.distinct };
}
