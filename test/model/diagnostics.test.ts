import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import { type Diagnostic, sortDiagnostics } from '../../generator/diagnostics/report.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { main } from '../../generator/cli.js';
import { expectMatchesGolden } from '../helpers/golden.js';
import { applyEditScript, readEditScript } from '../helpers/spec-edits.js';
import { scratch } from '../helpers/spec.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/diagnostics');

/** What a fixture pins of each diagnostic: everything but the hint, which comes from the rule table. */
const pinned = (d: Diagnostic) => ({ ruleId: d.ruleId, file: d.file, line: d.line, column: d.column, severity: d.severity, message: d.message });

/**
 * Each fixture folder holds edit.json, a few string edits applied to a scratch copy of the live spec, and
 * expected.json, the exact list of diagnostics they must give (test/fixtures/README.md; UPDATE=1 rewrites it).
 */
describe.each(await readdir(FIXTURES))('bad spec input: %s', (name) => {
  it('gives exactly the expected located diagnostics', async () => {
    const s = await scratch(false);
    try {
      await applyEditScript(s.spec, await readEditScript(join(FIXTURES, name, 'edit.json')), `fixture ${name}`);
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      expect(model).toBeNull();
      const got = sortDiagnostics(diagnostics.items);
      await expectMatchesGolden(join(FIXTURES, name, 'expected.json'), got.map(pinned), `the diagnostics of fixture ${name}`);
      expect(got.length).toBeGreaterThan(0);
      for (const d of got) {
        expect(Object.keys(RULES)).toContain(d.ruleId);
        expect(d.hint.length).toBeGreaterThan(0);
      }
    } finally {
      await s.dispose();
    }
  });

  it('makes the CLI exit 1 writing nothing, printing each diagnostic at its place without a stack trace', async () => {
    const s = await scratch('model');
    try {
      await applyEditScript(s.spec, await readEditScript(join(FIXTURES, name, 'edit.json')), `fixture ${name}`);
      const expected = JSON.parse(await readFile(join(FIXTURES, name, 'expected.json'), 'utf8')) as { ruleId: string; line: number; column: number }[];
      const before = await readFile(join(s.out, 'model/model.json'), 'utf8');
      let err = '';
      const code = await main(['generate', '--spec', s.spec, '--out', s.out], { out: () => {}, err: (t) => { err += t; } });
      expect(code).toBe(1);
      for (const d of expected) {
        expect(err).toContain(d.ruleId);
        expect(err).toContain(`${d.line}:${d.column}`);
      }
      expect(err).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      expect(await readFile(join(s.out, 'model/model.json'), 'utf8')).toBe(before);
    } finally {
      await s.dispose();
    }
  });
});

describe('diagnostics', () => {
  it('reports every problem in a run, not only the first', async () => {
    const s = await scratch();
    try {
      const rfc = 'rfcs/0001-element-model.md';
      await applyEditScript(s.spec, {
        why: 'two unrelated mistakes in one RFC',
        edits: [
          { file: rfc, find: '| `title` | `string` |', replace: '| `title` | `Headline` |' },
          { file: rfc, find: '| R5 |', replace: '| R4 |' },
        ],
      }, 'two mistakes');
      const { diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      expect(sortDiagnostics(diagnostics.items).map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['unknown-type 98:13', 'duplicate-requirement 283:3']);
    } finally {
      await s.dispose();
    }
  });

  it('a fixture edit that no longer matches the live spec exactly once fails loudly', async () => {
    const s = await scratch();
    try {
      const rfc = 'rfcs/0001-element-model.md';
      const gone = { why: 'drifted', edits: [{ file: rfc, find: '| `title` | `Text` |', replace: 'x' }] };
      await expect(applyEditScript(s.spec, gone, 'drifted')).rejects.toThrow(/exactly once .* found it 0 times/);
      const twice = { why: 'ambiguous', edits: [{ file: rfc, find: '| Field | Type | Required | Meaning |', replace: 'x' }] };
      await expect(applyEditScript(s.spec, twice, 'ambiguous')).rejects.toThrow(/found it 3 times/);
      const copy = { why: 'a copy', edits: [], add: { [rfc]: 'a whole RFC' } };
      await expect(applyEditScript(s.spec, copy, 'a copy')).rejects.toThrow(/already exists/);
    } finally {
      await s.dispose();
    }
  });
});
