import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS } from '../../generator/emit/kit/findings.js';
import { BATCH_VALIDATORS, batchBlocks } from '../helpers/batch-validators.js';
import { ROOT } from '../helpers/spec.js';

/**
 * JSONTestSuite (test/fixtures/json-test-suite, vendored with its licence) against every binding's validator
 * (issue 37): each parsing and transform file alone, and wrapped as an attribute value of a valid answer, in one
 * `--json --batch` run a binding. The oracle is expected.json, written by test/helpers/json_reference.py, a reading
 * of spec/README.md's "Reading JSON" kept apart from every binding: the json finding each case must give (id,
 * line, column, the character met), with the catalogue's message, or none. A case with a json finding gives that
 * one finding alone and exits 1.
 */
interface Place {
  id: string;
  line: number;
  column: number;
  found?: string;
}

const SUITE = join(ROOT, 'test/fixtures/json-test-suite');
const expected = JSON.parse(readFileSync(join(SUITE, 'expected.json'), 'utf8')) as { wrap: [string, string]; cases: Record<string, { alone: Place | null; wrapped: Place | null }> };
const names = Object.keys(expected.cases).sort();

/** The catalogue's message for a place, its slots filled as spec/README.md says. */
function messageOf(place: Place): string {
  const entry = FINDINGS.find((f) => f.id === place.id);
  if (!entry) throw new Error(`no catalogue entry ${place.id}`);
  const slots: Record<string, string> = { line: String(place.line), column: String(place.column), found: place.found ?? '' };
  return entry.message.replace(/\{(\w+)\}/g, (_, slot: string) => slots[slot] ?? `{${slot}}`);
}

/** A case's file in the batch folder: numbered, since the suite's names hold characters a shell reads. */
const caseFile = (i: number, how: 'alone' | 'wrapped') => `s${String(i).padStart(3, '0')}-${how}.json`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'element-json-suite-'));
  const [before, after] = expected.wrap.map((s) => Buffer.from(s, 'utf8')) as [Buffer, Buffer];
  await Promise.all(
    names.flatMap((name, i) => {
      const bytes = readFileSync(join(SUITE, name));
      return [writeFile(join(dir, caseFile(i, 'alone')), bytes), writeFile(join(dir, caseFile(i, 'wrapped')), Buffer.concat([before, bytes, after]))];
    }),
  );
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What a binding printed for each case that differs from expected.json, one line each. */
function differences(out: string): string[] {
  const blocks = batchBlocks(out);
  const bad: string[] = [];
  names.forEach((name, i) => {
    for (const how of ['alone', 'wrapped'] as const) {
      const want = expected.cases[name]?.[how] ?? null;
      const block = blocks.get(caseFile(i, how));
      let got: { rule: string; message: string; path: string }[] | string;
      try {
        got = JSON.parse(block?.out ?? '') as { rule: string; message: string; path: string }[];
      } catch {
        got = `no findings list: ${JSON.stringify(block)}`;
      }
      const json = typeof got === 'string' ? got : got.filter((f) => f.rule === 'json').map((f) => f.message);
      const ok = typeof got !== 'string' && (want === null ? json.length === 0 : block?.code === 1 && got.length === 1 && got[0]?.path === '' && got[0].message === messageOf(want));
      if (!ok) bad.push(`${name} (${how}): want ${want ? messageOf(want) : 'no json finding'}, got ${JSON.stringify(json)}${block ? ` exit ${block.code}` : ''}`);
    }
  });
  return bad;
}

describe(`JSONTestSuite: ${names.length} files, alone and wrapped in an answer, in every binding`, () => {
  it('expected.json covers every vendored file, and the suite has its y_, n_ and i_ files', () => {
    const onDisk = ['test_parsing', 'test_transform'].flatMap((folder) => readdirSync(join(SUITE, folder)).map((n) => `${folder}/${n}`));
    expect(onDisk.sort()).toEqual(names);
    expect(names.filter((n) => n.startsWith('test_parsing/y_')).length).toBe(95);
    expect(names.filter((n) => n.startsWith('test_parsing/n_')).length).toBe(188);
    expect(names.filter((n) => n.startsWith('test_parsing/i_')).length).toBe(35);
    // Every y_ file is JSON (at most refused by policy, as a repeated key is), and every n_ file is not.
    const GRAMMAR = /^json-(malformed|truncated|not-utf8)$/;
    for (const name of names.filter((n) => n.startsWith('test_parsing/y_'))) {
      expect(expected.cases[name]?.alone?.id ?? 'read', name).not.toMatch(GRAMMAR);
      expect(expected.cases[name]?.wrapped?.id ?? 'read', name).not.toMatch(GRAMMAR);
    }
    for (const name of names.filter((n) => n.startsWith('test_parsing/n_'))) expect(expected.cases[name]?.alone?.id, name).toMatch(GRAMMAR);
  });

  it('runs every language with a runtime folder, and the worst-input bench measures each of them', async () => {
    // Both lists are the target registry's bindings (test/helpers/bindings.ts), whose languages are runtime/'s
    // folders: a language added to runtime/ without a registry entry, or one the bench skips, fails this test.
    const languages = readdirSync(join(ROOT, 'runtime')).sort();
    expect(Object.keys(BATCH_VALIDATORS).map((b) => b.toLowerCase()).sort()).toEqual(languages);
    const { WORST_BINDINGS } = (await import(pathToFileURL(join(ROOT, 'bench/json-worst.mjs')).href)) as { WORST_BINDINGS: () => string[] };
    expect(WORST_BINDINGS().sort()).toEqual(languages);
  });

  for (const [binding, run] of Object.entries(BATCH_VALIDATORS)) {
    it(`${binding}'s validator gives every case its finding`, async (ctx) => {
      const files = names.flatMap((_, i) => [caseFile(i, 'alone'), caseFile(i, 'wrapped')]);
      const bad = differences(await run(ctx, dir, files));
      expect(bad.length, `${bad.length} of ${files.length} cases differ in ${binding}:\n${bad.slice(0, 30).join('\n')}`).toBe(0);
    }, 20 * 60_000);
  }
});
