import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readAlsoBy } from '../../generator/model/examples.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { specWithFixture } from '../helpers/revision.js';
import { editFile } from '../helpers/spec.js';

// RFC-0001's example as later RFCs supersede its version (issue 29): it stays a vector where a checker of the new
// version reads it, and the generated checker agrees with what the vector says; otherwise the build says why not.
const FORMS = join(import.meta.dirname, '../fixtures/revision-forms');
const EXAMPLE = 'example-rfc-0001-3';
const quiet = { out: () => {}, err: () => {} };
const VERSION_ERROR = { requirement: null, rule: 'version', severity: 'error', elementId: null, path: '/protocol' };

/** Generates the spec, then checks every vector with the generated TypeScript checker; gives the example's findings. */
async function exampleFindings(fixture: string, release = false): Promise<unknown[] | null> {
  const s = await specWithFixture(join(FORMS, fixture));
  try {
    if (release) await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    const read = (path: string) => JSON.parse(readFileSync(join(s.out, 'conformance', path), 'utf8'));
    const names = read('index.json').vectors as string[];
    for (const name of names) {
      const vector = read(`vectors/${name}.json`);
      const found = sdk.check(vector.input).map(({ requirement, rule, severity, elementId, path }: Record<string, unknown>) => ({ requirement, rule, severity, elementId, path }));
      expect(found, name).toEqual(vector.findings);
    }
    return names.includes(EXAMPLE) ? read(`vectors/${EXAMPLE}.json`).findings : null;
  } finally {
    await s.dispose();
  }
}

describe("an RFC's example, once a later RFC makes a new version", () => {
  it('stays a vector after an additive RFC over an unreleased 0.2.0, read by the rules of 0.2.1 with no findings', async () => {
    // The versioning table keeps every 0.2.0 answer valid across an additive step (issue 38).
    expect(await exampleFindings('second-requirement-on-a-rule')).toEqual([]);
  }, 120_000);

  it('stays a vector after a breaking change that leaves answers alone (the Apple mapping)', async () => {
    expect(await exampleFindings('move-apple-role')).toEqual([VERSION_ERROR]);
  }, 120_000);

  it('gets the deprecation warnings of the version whose rules read it', async () => {
    const findings = (await exampleFindings('deprecate-what-the-example-uses')) as { rule: string; path: string; elementId: string | null }[] | null;
    // Read by 0.2.1's rules (only an additive RFC between), with their deprecations and no version error.
    expect(findings).not.toContainEqual(VERSION_ERROR);
    const warnings = (findings ?? []).filter((f) => f.rule === 'deprecated-name');
    expect(warnings.map((f) => f.path)).toContain('/root/children/0/children/0/children/0/children/0/role');
    expect(warnings.some((f) => f.path.endsWith('/subrole'))).toBe(true);
    expect(warnings.every((f) => f.elementId !== null)).toBe(true);
  }, 120_000);

  it('stays a vector with no findings when 0.2.0 was released, as checkers read 0.2.0', async () => {
    expect(await exampleFindings('second-requirement-on-a-rule', true)).toEqual([]);
  }, 120_000);

  it('is left out after a breaking change to answers over an unreleased 0.2.0, with a warning at the example', async () => {
    expect(await exampleFindings('remove-role-and-move-its-apple-role')).toBeNull();
    const s = await specWithFixture(join(FORMS, 'remove-role-and-move-its-apple-role'));
    try {
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      expect(model?.protocolVersion).toBe('0.3.0');
      expect(diagnostics.items.filter((d) => d.ruleId === 'example-left-out').map((d) => [d.severity, d.file, d.line, d.column])).toEqual([
        ['warning', 'spec/rfcs/0001-element-model.md', 42, 1],
      ]);
    } finally {
      await s.dispose();
    }
  }, 120_000);
});

// Which older versions a version's checker reads as its own (issue 38): back through Additive and Editorial RFCs,
// up to a Breaking one or a released version, which keeps its own rules. The chains are written by hand here.
describe('readAlsoBy', () => {
  type Step = [version: string, from: string | null, effect: 'breaking' | 'additive' | 'editorial', released?: string];
  const model = (steps: Step[]) =>
    ({ rfcs: steps.map(([version, from, effect, released]) => ({ version, from, effect, metadata: { 'Released in': released ?? '—' } })) }) as unknown as CanonicalModel;

  it('reads the versions an additive or editorial chain steps from, never released, back to a breaking step', () => {
    const m = model([['0.2.0', '0.1', 'breaking'], ['0.2.1', '0.2.0', 'additive'], ['0.2.1', '0.2.1', 'editorial'], ['0.2.2', '0.2.1', 'additive']]);
    expect(readAlsoBy(m, '0.2.2')).toEqual(['0.2.0', '0.2.1']);
    expect(readAlsoBy(m, '0.2.1')).toEqual(['0.2.0']);
    expect(readAlsoBy(m, '0.2.0')).toEqual([]);
  });

  it('stops at a breaking step and at a released version', () => {
    const breaking = model([['0.2.0', '0.1', 'breaking'], ['0.3.0', '0.2.0', 'breaking'], ['0.3.1', '0.3.0', 'additive']]);
    expect(readAlsoBy(breaking, '0.3.1')).toEqual(['0.3.0']);
    const released = model([['0.2.0', '0.1', 'breaking'], ['0.2.1', '0.2.0', 'additive', '0.2.1'], ['0.2.2', '0.2.1', 'additive']]);
    expect(readAlsoBy(released, '0.2.2')).toEqual([]);
    expect(readAlsoBy(released, '0.2.1')).toEqual(['0.2.0']);
  });
});
