import { cp, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../generator/diagnostics/codes.js';
import { buildModel } from '../generator/model/build.js';
import { readSpecFiles } from '../generator/spec-files.js';
import { main } from '../generator/cli.js';
import { scratch } from './helpers/spec.js';

const FIXTURES = join(import.meta.dirname, 'fixtures/diagnostics');

interface Expected {
  ruleId: string;
  file: string;
  line?: number;
  column?: number;
}

/** Each fixture folder is a set of RFC files laid over a copy of spec/, and the diagnostics it must give. */
describe.each(await readdir(FIXTURES))('bad spec input: %s', (name) => {
  it('gives a located diagnostic with its rule id, and the CLI exits 1 writing nothing', async () => {
    const s = await scratch(true);
    try {
      await cp(join(FIXTURES, name, 'rfcs'), join(s.spec, 'rfcs'), { recursive: true });
      const expected = JSON.parse(await readFile(join(FIXTURES, name, 'expected.json'), 'utf8')) as Expected[];
      const { model, diagnostics } = await buildModel(await readSpecFiles(s.spec));
      expect(model).toBeNull();
      const got = diagnostics.items.map((d) => ({ ruleId: d.ruleId, file: d.file, line: d.line, column: d.column }));
      for (const e of expected) expect(got).toContainEqual(expect.objectContaining(e));
      for (const d of diagnostics.items) {
        expect(Object.keys(RULES)).toContain(d.ruleId);
        expect(d.hint.length).toBeGreaterThan(0);
      }

      const before = await readFile(join(s.out, 'model/model.json'), 'utf8');
      let err = '';
      const code = await main(['generate', '--spec', s.spec, '--out', s.out], { out: () => {}, err: (t) => { err += t; } });
      expect(code).toBe(1);
      expect(err).toContain(`${expected[0]?.ruleId}`);
      expect(err).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
      if (expected[0]?.line) expect(err).toContain(`${expected[0].line}:${expected[0].column}`);
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
      const path = join(s.spec, 'rfcs/0001-element-model.md');
      let text = await readFile(path, 'utf8');
      text = text.replace('| `title` | `string` |', '| `title` | `Headline` |').replace('| Status | Accepted |', '| Status | Accepted |').replace('| R5 |', '| R4 |');
      await (await import('node:fs/promises')).writeFile(path, text);
      const { diagnostics } = await buildModel(await readSpecFiles(s.spec));
      expect(new Set(diagnostics.items.map((d) => d.ruleId))).toEqual(new Set(['unknown-type', 'duplicate-requirement']));
    } finally {
      await s.dispose();
    }
  });
});
