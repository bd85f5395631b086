import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitModel } from '../../generator/emit/model/index.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { GENERATED, SPEC } from '../helpers/spec.js';

// In one test and one fold, so that a mutation run (npm run mutation) can afford it for every mutant of the
// reader and the model: any change to what the live spec folds into shows as a difference from the committed files.
describe('the live spec, folded in this process', () => {
  it('gives exactly the committed generated/model/ files: the model, its schema and every version', async () => {
    const { model, versions, diagnostics } = await assembleModel(await readSpecFiles(SPEC));
    expect(diagnostics.items.filter((d) => d.severity === 'error')).toEqual([]);
    if (!model) throw new Error('the live spec does not build');
    const files = emitModel(model, { regenerate: 'npm run generate', versions }) as { path: string; contents: string }[];
    expect(files.map((f) => f.path)).toEqual(['model/model.json', 'model/model.schema.json', ...versions.map((v) => `model/versions/${v.protocolVersion}.json`)]);
    expect(versions.length).toBeGreaterThan(0);
    for (const f of files) {
      // Compared as data, so a difference is shown as the field that changed rather than a line of text.
      expect(JSON.parse(f.contents), f.path).toEqual(JSON.parse(await readFile(join(GENERATED, f.path), 'utf8')));
      expect(f.contents, f.path).toBe(await readFile(join(GENERATED, f.path), 'utf8'));
    }
  });
});
