import { describe, expect, it } from 'vitest';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { SPEC } from '../helpers/spec.js';

// assembleModel on specs missing a part: each missing file is named, and nothing is folded from what is left.
const said = (items: { ruleId: string; file: string; line: number; message: string }[]) => items.map((d) => `${d.ruleId} ${d.file}:${d.line} ${d.message}`);

describe('assembleModel with files missing', () => {
  it('an empty spec names every file it needs and gives no model', async () => {
    const { model, versions, allVersions, diagnostics } = await assembleModel({ process: null, appleRoles: null, externalTypes: null, rfcs: [] });
    expect(model).toBeNull();
    expect(versions).toEqual([]);
    expect(allVersions).toEqual([]);
    expect(said(diagnostics.items)).toEqual(expect.arrayContaining([
      'missing-table spec/process.md:1 The spec has no process.md',
      'missing-table spec/reference/apple-roles.md:1 The spec has no reference/apple-roles.md',
      'missing-table spec/reference/external-types.md:1 The spec has no reference/external-types.md',
      'missing-table spec/rfcs/NNNN-*.md:1 The spec has no rfcs/NNNN-*.md',
    ]));
  });

  it('an external type the external types file has no row for is said to come from nowhere, at its Types row', async () => {
    const files = await readSpecFiles(SPEC);
    const externalTypes = files.externalTypes as { path: string; text: string };
    const text = externalTypes.text.split('\n').filter((line) => !line.startsWith('| `ContentBlock`')).join('\n');
    expect(text).not.toBe(externalTypes.text);
    const { model, diagnostics } = await assembleModel({ ...files, externalTypes: { ...externalTypes, text } });
    expect(model).toBeNull();
    expect(said(diagnostics.items)).toEqual([
      expect.stringMatching(/^missing-table spec\/rfcs\/0001-element-model\.md:\d+ spec\/reference\/external-types\.md does not say where ContentBlock comes from$/),
    ]);
  });
});
