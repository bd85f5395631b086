import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import { TABLE_SIGNATURES } from '../../generator/read/signatures.js';
import { CHECK_RULES } from '../../generator/model/check-rules.js';
import { SPEC } from '../helpers/spec.js';

describe('spec/README.md, the authoring guide', () => {
  it('lists exactly the rule ids of the diagnostics table', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    const listed = [...guide.split('## Rule ids')[1]!.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(RULES).sort());
  });

  it('gives each rule a stable anchor on its row, which the language server links each finding to (lsp/to-lsp.ts)', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    const anchored = [...guide.split('## Rule ids')[1]!.matchAll(/^\| `([a-z-]+)` \| <a id="rule-([a-z-]+)"><\/a>/gm)].filter((m) => m[1] === m[2]).map((m) => m[1]);
    expect(anchored.sort()).toEqual(Object.keys(RULES).sort());
  });

  it('names exactly the checker rules the checkers implement (CHECK_RULES), in the first paragraph of Checker rules', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    const list = guide.split('### Checker rules')[1]!.trim().split('\n\n')[0]!;
    const named = [...list.matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(CHECK_RULES).sort());
  });

  it('documents every table header the toolchain reads', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    for (const [kind, columns] of Object.entries(TABLE_SIGNATURES)) {
      if (kind === 'metadata') continue;
      expect(guide, kind).toContain(columns.join(', '));
    }
  });
});
