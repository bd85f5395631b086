import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { SPEC, editFile, scratch } from '../helpers/spec.js';

const RFC = 'spec/rfcs/0001-element-model.md';

/** The findings of the real spec with one Types row's Kind misspelt. */
async function withKind(type: string, kind: string) {
  const files = await readSpecFiles(SPEC);
  const rfc = files.rfcs.find((f) => f.path === RFC);
  if (!rfc) throw new Error(`no ${RFC}`);
  const row = `| \`${type}\` |`;
  const lines = rfc.text.split('\n');
  const line = lines.findIndex((l) => l.startsWith(row) && l.includes('| record |')) + 1;
  expect(line, `a record row for ${type}`).toBeGreaterThan(0);
  // The Kind cell's first character, 1-based: where an editor puts the finding.
  const column = (lines[line - 1] ?? '').indexOf('| record |') + 3;
  rfc.text = rfc.text.replace(new RegExp(`^(\\| \`${type}\` \\|[^\\n]*?\\| )record( \\|)`, 'm'), `$1${kind}$2`);
  const { model, diagnostics } = await assembleModel(files);
  return { model, line, column, items: diagnostics.items.map(({ ruleId, file, line: l, column, actual }) => ({ ruleId, file, line: l, column, actual })) };
}

describe('one slip, one finding: a misspelt Kind is not also every table that uses the type', () => {
  // Before, `recrd` for Element gave nine findings: missing-table at 1:1 ("no tree"), two missing Field tables,
  // and unknown-type for every From cell and Type cell naming Element.
  for (const type of ['Answer', 'Element', 'Related']) {
    it(`${type}: record -> recrd is one bad-cell on its row`, async () => {
      const { model, line, column, items } = await withKind(type, 'recrd');
      expect(model).toBeNull();
      expect(column).toBeGreaterThan(10);
      expect(items).toEqual([{ ruleId: 'bad-cell', file: RFC, line, column, actual: 'recrd' }]);
    });
  }

  // A header with one column name misspelt is read as the table it meant: before, `Roes` for Roles gave fifty
  // findings (every role unknown, every Apple role unmapped), `Tye` for Type fifteen.
  for (const [header, slip] of [
    ['| Kind | Roles |', '| Kind | Roes |'],
    ['| Type | Section | Kind | Meaning |', '| Tye | Section | Kind | Meaning |'],
    ['| Field | Type | Required | Meaning |', '| Field | Type | Reqired | Meaning |'],
  ] as const) {
    it(`a header slip, ${slip}, is one table-columns on its table`, async () => {
      const files = await readSpecFiles(SPEC);
      const rfc = files.rfcs.find((f) => f.path === RFC)!;
      const line = rfc.text.split('\n').indexOf(header) + 1;
      expect(line).toBeGreaterThan(0);
      rfc.text = rfc.text.replace(header, slip);
      const { diagnostics } = await assembleModel(files);
      expect(diagnostics.items.map(({ ruleId, line: l }) => ({ ruleId, line: l }))).toEqual([{ ruleId: 'table-columns', line }]);
    });
  }

  // Issue 40: `Element[]` -> `Elemnt[]` on children also gave missing-table at 1:1 ("the types do not form a tree");
  // a role's slip in the Apple's-name table, also "No RFC maps" its Apple role; a role's slip in the Kinds table, five
  // Apple roles unmapped beside the two rows that name the role.
  for (const [what, row, slip, expected] of [
    ['a field\'s type', '| `children` | `Element[]` |', '| `children` | `Elemnt[]` |', [{ ruleId: 'unknown-type', actual: 'Elemnt', at: '`Elemnt[]`' }]],
    ['a role in the Apple\'s-name table', '| `Window` | yes |', '| `Windw` | yes |', [{ ruleId: 'unknown-role', actual: 'Windw', at: '`Windw`' }]],
    ['a role where the Kinds table defines it', '| The app and its windows | `Application`, `Window` |', '| The app and its windows | `Application`, `Windw` |', [
      { ruleId: 'unknown-role', actual: 'Window', at: '| `Window` | yes |' },
      { ruleId: 'unknown-role', actual: 'Window', at: '| `Window` | `Sheet`' },
    ]],
  ] as const) {
    it(`a slip of ${what} is reported where the role or type is named, and nothing else`, async () => {
      const files = await readSpecFiles(SPEC);
      const rfc = files.rfcs.find((f) => f.path === RFC)!;
      expect(rfc.text).toContain(row);
      rfc.text = rfc.text.replace(row, slip);
      const lines = rfc.text.split('\n');
      const { model, diagnostics } = await assembleModel(files);
      expect(model).toBeNull();
      // Each finding at the line that holds its text (the first such line), column where that text starts.
      const placed = expected.map(({ ruleId, actual, at }) => {
        const line = lines.findIndex((l) => l.includes(at)) + 1;
        const text = lines[line - 1] ?? '';
        return { ruleId, actual, line, column: at.startsWith('|') ? 3 : text.indexOf(at) + 1 };
      });
      expect(diagnostics.items.map(({ ruleId, actual, line, column }) => ({ ruleId, actual, line, column }))).toEqual(placed);
    });
  }

  it('a header that is not a slip of the table it resembles is not read as that table', async () => {
    const files = await readSpecFiles(SPEC);
    const rfc = files.rfcs.find((f) => f.path === RFC)!;
    const header = "| Role | Also covers, from Apple's list |";
    expect(rfc.text).toContain(header);
    rfc.text = rfc.text.replace(header, "| Role | Alo covers, from Apple's list |");
    const { diagnostics } = await assembleModel(files);
    // Read as the nearest signature (Role | Apple's name), each row would be a bad-cell: it is reported and left.
    expect(diagnostics.items.filter((d) => d.ruleId === 'bad-cell')).toEqual([]);
    expect(diagnostics.items.filter((d) => d.ruleId === 'table-columns')).toHaveLength(1);
  });

  it('check says the same: one error, exit 1', async () => {
    const s = await scratch(true);
    try {
      await editFile(`${s.spec}/rfcs/0001-element-model.md`, (t) => t.replace('| `Element` | 4.1 | record |', '| `Element` | 4.1 | recrd |'));
      let json = '';
      const code = await main(['check', '--spec', s.spec, '--out', s.out, '--format', 'json'], { out: (t) => (json += t), err: () => {} });
      expect(code).toBe(1);
      expect((JSON.parse(json) as { rule: string }[]).length).toBe(1);
    } finally {
      await s.dispose();
    }
  });
});
