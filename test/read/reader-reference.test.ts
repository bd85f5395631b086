import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics/report.js';
import { extractAppleRoles, extractExternalTypes, extractProcess } from '../../generator/read/reference.js';
import { documentOf } from '../../generator/read/tables.js';
import { parseMarkdown } from '../../generator/read/markdown.js';

// The reference files' readers on short texts: rows read, rows repeated, tables missing or malformed.
const doc = (text: string) => documentOf('ref.md', parseMarkdown(text));
const said = (d: Diagnostics) => d.items.map((x) => `${x.ruleId} ${x.line}:${x.column} ${x.message}${x.actual === undefined ? '' : ` [${x.actual}]`}`);

describe('reference readers', () => {
  it('process: statuses with whether they count and whether they are open, a repeated status reported at its row', () => {
    const d = new Diagnostics();
    const text = '| Status | Counted | Open | Meaning |\n|---|---|---|---|\n| Accepted | yes | no | m |\n| Draft | no | yes | m |\n| Accepted | no | no | m |\n| Odd | maybe | no | m |\n| Rejected | no | never | m |\n';
    const rows = extractProcess(doc(text), d);
    expect(rows.map((r) => [r.status, r.counted, r.open, r.place.line])).toEqual([['Accepted', true, false, 3], ['Draft', false, true, 4]]);
    expect(said(d)).toEqual([
      'duplicate-entry 5:3 This row repeats the one at line 3 [Accepted]',
      'bad-cell 6:9 The Counted cell must start with yes or no [maybe]',
      'bad-cell 7:19 The Open cell must start with yes or no [never]',
    ]);
  });

  it('a file without the table it needs, or with its columns wrong, says which columns it should have', () => {
    const missing = new Diagnostics();
    expect(extractProcess(doc('Prose only.\n'), missing)).toEqual([]);
    expect(said(missing)).toEqual(['missing-table 1:1 This file needs a table with the columns Status | Counted | Open | Meaning']);
    const wrong = new Diagnostics();
    extractProcess(doc('| Status | Counted |\n|---|---|\n| A | yes |\n'), wrong);
    expect(said(wrong)).toEqual([
      'table-columns 1:1 This table\'s columns should be: Status | Counted | Open | Meaning [Status | Counted]',
      'missing-table 1:1 This file needs a table with the columns Status | Counted | Open | Meaning',
    ]);
  });

  it("Apple's roles: constant, value, name, class and source, and the reasons some classes are not reported", () => {
    const d = new Diagnostics();
    const text = '| Constant | Value | Name | Class | Source |\n|---|---|---|---|---|\n| `kAXButtonRole` | `AXButton` | `Button` | controls | docs |\n| — | AXCell | `Cell` | content | header |\n| `k` | `AXButton` | `Again` | controls | x |\n\n| Not reported | Reason |\n|---|---|\n| controls | A provider does *not* report controls |\n';
    const { appleRoles, notReported } = extractAppleRoles(doc(text), d);
    expect(appleRoles.map(({ constant, value, name, class: c, origin, place }) => [constant, value, name, c, origin, place.line])).toEqual([
      ['kAXButtonRole', 'AXButton', 'Button', 'controls', 'docs', 3],
      [null, 'AXCell', 'Cell', 'content', 'header', 4],
    ]);
    expect(notReported).toEqual([{ name: 'controls', reason: 'A provider does *not* report controls', place: { file: 'ref.md', line: 9, column: 3 } }]);
    expect(said(d)).toEqual(['duplicate-entry 5:3 This row repeats the one at line 3 [AXButton]']);
  });

  it('external types: module, export, format, version export and prefix; a prefix that is not an identifier drops the row', () => {
    const d = new Diagnostics();
    const text = '| Type | Module | Export | Format | Version | Prefix |\n|---|---|---|---|---|---|\n| `A` | `m` | `E` | zod | `V` | `Mcp` |\n| `B` | `m` | `F` | zod | — | `P` |\n| `C` | `m` | `G` | zod | plain | `1x` |\n';
    const rows = extractExternalTypes(doc(text), d);
    expect(rows.map((r) => [r.name, r.module, r.export, r.format, r.versionExport, r.prefix])).toEqual([
      ['A', 'm', 'E', 'zod', 'V', 'Mcp'],
      ['B', 'm', 'F', 'zod', null, 'P'],
    ]);
    expect(said(d)).toEqual(['bad-cell 5:35 The Prefix cell must hold one name of letters and digits, starting with a letter, and nothing else [1x]']);
  });
});
