import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../generator/diagnostics/codes.js';
import { TABLE_SIGNATURES } from '../generator/extract/signatures.js';
import { SPEC } from './helpers/spec.js';

describe('spec/README.md, the authoring guide', () => {
  it('lists exactly the rule ids of the diagnostics table', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    const listed = [...guide.split('## Rule ids')[1]!.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(RULES).sort());
  });

  it('documents every table header the toolchain reads', async () => {
    const guide = await readFile(join(SPEC, 'README.md'), 'utf8');
    for (const [kind, columns] of Object.entries(TABLE_SIGNATURES)) {
      if (kind === 'metadata') continue;
      expect(guide, kind).toContain(columns.join(', '));
    }
  });
});
