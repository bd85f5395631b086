import { describe, expect, it } from 'vitest';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { SPEC, realModel } from '../helpers/spec.js';
import { TYPE_SLIPS, typeCells, withTypeSlip } from './mutations.js';
import { unaccountedRows } from './oracle.js';

// The fuzzer's type-cell slips (issue 29), each tried once: the reader refuses it at the cell, and the oracle would
// catch a model that had read the cell in part.
describe('type cells that hold more than one type', async () => {
  const files = await readSpecFiles(SPEC);
  const rfc = files.rfcs[0] as (typeof files.rfcs)[number];
  const cells = typeCells(rfc.text.split('\n'));

  it('are found in every Field and Attribute table and in Takes and Returns', () => {
    const rows = new Set(cells.map(([i]) => rfc.text.split('\n')[i]?.split('|')[1]?.trim()));
    for (const name of ['`id`', '`children`', '`author`', '`relation`', '`current`', '`locate`', '`root`']) expect(rows, name).toContain(name);
  });

  // Each form in another table: the element's fields, Takes, an attribute, another record's fields, Returns.
  const rows = ['`subrole`', '`locate`', '`author`', '`relation`', '`current`'];
  it.each(TYPE_SLIPS.map((slip, j) => [j, rows[j] as string, slip] as const))('slip %i, in the row of %s: a type-cell error at the cell, and the oracle flags the row', async (_, row, slip) => {
    const at = cells.find(([i]) => rfc.text.split('\n')[i]?.split('|')[1]?.trim() === row) as [number, number];
    const text = withTypeSlip(rfc.text, at, slip);
    const mutated = { ...files, rfcs: [{ ...rfc, text }] };
    const { model, diagnostics } = await assembleModel(mutated);
    expect(model).toBeNull();
    const line = text.split('\n')[at[0]] as string;
    const column = line.split('|').slice(0, at[1]).join('|').length + 3;
    expect(diagnostics.items.map((d) => [d.ruleId, d.line, d.column])).toContainEqual(['type-cell', at[0] + 1, column]);
    expect(unaccountedRows(mutated, await realModel()).map((u) => u.line)).toContain(at[0] + 1);
  });
});
