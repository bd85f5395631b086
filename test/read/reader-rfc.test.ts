import { describe, expect, it } from 'vitest';
import { type Diagnostic, Diagnostics } from '../../generator/diagnostics/report.js';
import { type RfcDraft, extractRfc } from '../../generator/read/rfc.js';
import { documentOf } from '../../generator/read/tables.js';
import { parseMarkdown } from '../../generator/read/markdown.js';

// generator/read/rfc.ts on short RFCs written here: which rows reach the draft, which are refused, and what is
// said where. Every expectation is written by hand; none comes from the reader.

const FILE = '0009-test.md';
const HEAD = '# RFC-0009: Test\n\n| Field | Value |\n|---|---|\n| Status | Draft |\n\n## 4.1. Section\n\n';
/** The line of the first row of the table HEAD is followed by (its header is line 9, its delimiter line 10). */
const FIRST_ROW = 11;

function read(text: string, baseName = FILE): { draft: RfcDraft | null; diagnostics: Diagnostic[] } {
  const d = new Diagnostics();
  const draft = extractRfc(documentOf(baseName, parseMarkdown(text), text), baseName, d);
  return { draft, diagnostics: d.items };
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (header: string, rows: readonly (readonly string[])[]) =>
  `${header}\n|${header.split('|').slice(1, -1).map(() => '---').join('|')}|\n${rows.map(row).join('\n')}\n`;
/** The column a cell of `row(cells)` starts at. */
const columnOf = (cells: readonly string[], i: number) => 3 + cells.slice(0, i).reduce((n, c) => n + c.length + 3, 0);

interface Case {
  kind: string;
  header: string;
  /** Two rows that read well, with different keys. */
  good: readonly [readonly string[], readonly string[]];
  /** The cells that, left empty, make the row unreadable. */
  needed: readonly number[];
  /** The keys of the rows the draft holds, in order. */
  keys: (d: RfcDraft) => unknown[];
  /** How a repeated first row is named in the message ("<what> is already defined at line N"), and its rule. */
  repeat: { what: string; ruleId: string };
  /** How many tables of this kind the draft keeps apart, where it keeps them apart. */
  tables?: (d: RfcDraft) => number;
}

const CASES: Case[] = [
  {
    kind: 'types',
    header: '| Type | Section | Kind | Meaning |',
    good: [['`Alpha`', '4.1', 'record', 'An alpha.'], ['`Beta`', '—', 'enum', 'A beta.']],
    needed: [0, 2],
    keys: (d) => d.types.map((t) => [t.name, t.section, t.kind, t.meaning]),
    repeat: { what: 'Type Alpha', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'fields',
    header: '| Field | Type | Required | Meaning |',
    good: [['`alpha`', '`string`', 'yes', 'An alpha.'], ['`beta`', '`Beta[]`', 'no', 'Absent means false.']],
    needed: [0, 1, 2],
    keys: (d) => d.fieldTables.flatMap((t) => t.rows.map((r) => [r.name, r.notation, r.required, r.default])),
    repeat: { what: 'Field alpha', ruleId: 'duplicate-field' },
    tables: (d) => d.fieldTables.length,
  },
  {
    kind: 'states',
    header: '| State | Reachable from the root | Forms a path |',
    good: [['`alpha`', 'no', 'no'], ['`beta`', 'yes', 'yes: one path']],
    needed: [0, 1, 2],
    keys: (d) => d.stateTables.flatMap((t) => t.rows.map((r) => [r.field, r.reachable, r.path])),
    repeat: { what: 'State alpha', ruleId: 'duplicate-entry' },
    tables: (d) => d.stateTables.length,
  },
  {
    kind: 'removed',
    header: '| Removed | From | Replaced by |',
    good: [['`old`', '`Alpha`', '`new`'], ['`older`', '`Alpha`', 'nothing']],
    needed: [0, 1, 2],
    keys: (d) => d.removed.map((r) => [r.name, r.from, r.replacedBy]),
    repeat: { what: 'Removed name old', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'roleKinds',
    header: '| Kind | Roles |',
    good: [['container', '`Alpha`'], ['content', '`Beta`, `Gamma`']],
    needed: [0, 1],
    keys: (d) => d.roleKinds.map((r) => [r.kind, r.roles.map((x) => x.value)]),
    // A repeated kind is read again; a role named twice is the repeat the table refuses.
    repeat: { what: 'Role Alpha', ruleId: 'duplicate-role' },
  },
  {
    kind: 'appleNames',
    header: "| Role | Apple's name |",
    good: [['`Alpha`', 'yes'], ['`Beta`', 'no']],
    needed: [0, 1],
    keys: (d) => d.appleNames.map((r) => [r.role.value, r.appleName]),
    repeat: { what: 'Role Alpha', ruleId: 'duplicate-role' },
  },
  {
    kind: 'covers',
    header: "| Role | Also covers, from Apple's list |",
    good: [['`Alpha`', '`Sheet`, `Drawer`'], ['`Beta`', '`Table`. Not `Outline`, which is Gamma']],
    needed: [0, 1],
    keys: (d) => d.covers.map((r) => [r.role.value, r.names.map((n) => n.value), r.note]),
    repeat: { what: 'Role Alpha', ruleId: 'duplicate-role' },
  },
  {
    kind: 'roleRules',
    header: '| Rule | Role |',
    good: [['The root', '`Alpha`'], ['No role plainly fits', '`Beta`']],
    needed: [0, 1],
    keys: (d) => d.roleRules.map((r) => [r.rule, r.role.value]),
    repeat: { what: 'Rule The root', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'notReported',
    header: '| Not reported | Reason |',
    good: [['AXAlpha', 'Never *seen*.'], ['AXBeta', 'Private.']],
    needed: [0, 1],
    keys: (d) => d.notReported.map((r) => [r.name, r.reason]),
    repeat: { what: 'Class AXAlpha', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'attributes',
    header: '| Attribute | Type | Meaning |',
    good: [['`alpha`', '`string`', 'An alpha.'], ['`beta`', '`number`', 'A beta.']],
    needed: [0, 1],
    keys: (d) => d.attributeTables.flatMap((t) => t.rows.map((r) => [r.name, r.notation, r.meaning])),
    repeat: { what: 'Attribute alpha', ruleId: 'duplicate-field' },
    tables: (d) => d.attributeTables.length,
  },
  {
    kind: 'operations',
    header: '| Operation | Takes | Returns | Meaning |',
    good: [['`get`', '`Query`', 'Answer', 'Gets.'], ['`put`', '—', '', 'Puts.']],
    needed: [0],
    keys: (d) => d.operations.map((r) => [r.name, r.takes?.notation ?? null, r.returns?.notation ?? null, r.meaning]),
    repeat: { what: 'Operation get', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'versioning',
    header: '| Change | Before 1.0 | From 1.0 |',
    good: [['breaking', 'minor', 'major'], ['Additive', 'patch', 'minor']],
    needed: [0, 1, 2],
    keys: (d) => d.versioning.map((r) => [r.change, r.beforeOne, r.fromOne]),
    repeat: { what: 'Change breaking', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'privacy',
    header: '| Subject | Note |',
    good: [['Text', 'Said *once*.'], ['Images', 'Never sent.']],
    needed: [0, 1],
    keys: (d) => d.privacy.map((r) => [r.subject, r.note]),
    repeat: { what: 'Subject Text', ruleId: 'duplicate-entry' },
  },
  {
    kind: 'requirements',
    header: '| Draft | Requirement | Check from outside | Rule |',
    good: [['`R1`', 'Do *this*.', 'Look.', '`rule-one` (see 4.1)'], ['`R2`', 'Do that.', '—', '—']],
    needed: [0, 1, 2, 3],
    keys: (d) => d.requirements.map((r) => [r.id, r.requirement, r.check, r.rule]),
    repeat: { what: 'Requirement R1', ruleId: 'duplicate-requirement' },
  },
];

/** What each case's two good rows read as, written out by hand. */
const READ: Record<string, unknown[]> = {
  types: [['Alpha', '4.1', 'record', 'An alpha.'], ['Beta', null, 'enum', 'A beta.']],
  fields: [['alpha', 'string', true, null], ['beta', 'Beta[]', false, { kind: 'value', value: false }]],
  states: [['alpha', false, false], ['beta', true, true]],
  removed: [['old', 'Alpha', '`new`'], ['older', 'Alpha', 'nothing']],
  roleKinds: [['container', ['Alpha']], ['content', ['Beta', 'Gamma']]],
  appleNames: [['Alpha', true], ['Beta', false]],
  covers: [['Alpha', ['Sheet', 'Drawer'], null], ['Beta', ['Table'], 'Not `Outline`, which is Gamma']],
  roleRules: [['root', 'Alpha'], ['fallback', 'Beta']],
  notReported: [['AXAlpha', 'Never *seen*.'], ['AXBeta', 'Private.']],
  attributes: [['alpha', 'string', 'An alpha.'], ['beta', 'number', 'A beta.']],
  operations: [['get', 'Query', 'Answer', 'Gets.'], ['put', null, null, 'Puts.']],
  versioning: [['breaking', 'minor', 'major'], ['Additive', 'patch', 'minor']],
  privacy: [['Text', 'Said *once*.'], ['Images', 'Never sent.']],
  requirements: [['R1', 'Do *this*.', 'Look.', 'rule-one'], ['R2', 'Do that.', '—', null]],
};

describe('extractRfc, table by table', () => {
  for (const c of CASES) {
    describe(c.kind, () => {
      it('reads both rows of one table, in order', () => {
        const { draft, diagnostics } = read(HEAD + table(c.header, c.good));
        expect(diagnostics).toEqual([]);
        expect(draft && c.keys(draft)).toEqual(READ[c.kind]);
        if (c.tables) expect(draft && c.tables(draft)).toBe(1);
      });

      for (const i of c.needed) {
        it(`leaves out a row whose cell ${i + 1} is empty, and says where`, () => {
          const broken = c.good[1].map((cell, j) => (j === i ? '' : cell));
          const { draft, diagnostics } = read(HEAD + table(c.header, [broken, c.good[0]]));
          expect(draft && c.keys(draft)).toEqual(READ[c.kind]?.slice(0, 1));
          expect(diagnostics.map((x) => [x.ruleId, x.line, x.severity])).toEqual([['empty-cell', FIRST_ROW, 'error']]);
          // An empty cell has no text to point at: its place is the pipe that opens it.
          expect(diagnostics[0]?.column).toBe(columnOf(broken, i) - 2);
        });
      }

      it('keeps the first of two rows with one key and names the line of the first', () => {
        const { draft, diagnostics } = read(HEAD + table(c.header, [c.good[0], c.good[0]]));
        expect(draft && c.keys(draft)).toHaveLength(c.kind === 'roleKinds' ? 2 : 1);
        expect(diagnostics.map((x) => [x.ruleId, x.line, x.message])).toEqual([[c.repeat.ruleId, FIRST_ROW + 1, `${c.repeat.what} is already defined at line ${FIRST_ROW}`]]);
      });

      if (c.tables) {
        it('keeps two tables of this kind apart, each with its section', () => {
          const text = `${HEAD + table(c.header, [c.good[0]])}\n## 4.2. Next\n\n${table(c.header, [c.good[1]])}`;
          const { draft } = read(text);
          expect(draft && c.tables?.(draft)).toBe(2);
          expect(draft && c.keys(draft)).toEqual(READ[c.kind]);
        });
      }
    });
  }
});

describe('extractRfc, one table at a time', () => {
  it('keeps the metadata rows, the first of a repeated key, and leaves out a row without a key', () => {
    const { draft, diagnostics } = read('# RFC-0009: Test\n\n| Field | Value |\n|---|---|\n| Status | Draft |\n|  | 0.2.0 |\n| Status | Accepted |\n| Version | 0.2.0 |\n');
    expect([...(draft?.metadata ?? [])].map(([k, v]) => [k, v.plain])).toEqual([['Status', 'Draft'], ['Version', '0.2.0']]);
    expect(draft?.hasMetadataTable).toBe(true);
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.message])).toEqual([
      ['empty-cell', 6, 'The Field cell is empty'],
      ['duplicate-entry', 7, 'Metadata row Status is already defined at line 5'],
    ]);
  });

  it('says when an RFC has tables but no metadata table', () => {
    const { draft, diagnostics } = read(`# RFC-0009: Test\n\n${table('| Subject | Note |', [['Text', 'Said.']])}`);
    expect(draft?.hasMetadataTable).toBe(false);
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.column])).toEqual([['missing-table', 1, 1]]);
  });

  it('reads a versioned type once and refuses a second or a row without a name', () => {
    const header = '| Versioned by | Field |';
    const { draft, diagnostics } = read(HEAD + table(header, [['', '`protocol`'], ['`Answer`', '`protocol`'], ['`Other`', '`version`']]));
    expect(draft?.versionField).toEqual({ type: 'Answer', field: 'protocol', place: { file: FILE, line: FIRST_ROW + 1, column: 14 } });
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.message])).toEqual([
      ['empty-cell', FIRST_ROW, 'The Versioned by cell is empty'],
      ['duplicate-entry', FIRST_ROW + 2, `The versioned type is already defined at line ${FIRST_ROW + 1}`],
    ]);
  });

  it('refuses a versioning row with a word it cannot read, in any of its three cells', () => {
    const header = '| Change | Before 1.0 | From 1.0 |';
    const rows = [['breaking', 'minor', 'major'], ['sweeping', 'minor', 'major'], ['editorial', 'tiny', 'patch'], ['additive', 'minor', 'huge']];
    const { draft, diagnostics } = read(HEAD + table(header, rows));
    expect(draft?.versioning.map((v) => v.change)).toEqual(['breaking']);
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.column, x.actual])).toEqual([
      ['bad-cell', FIRST_ROW + 1, 3, 'sweeping'],
      ['bad-cell', FIRST_ROW + 2, 15, 'tiny'],
      ['bad-cell', FIRST_ROW + 3, 22, 'huge'],
    ]);
  });

  it('refuses a role rule in words it does not know', () => {
    const { draft, diagnostics } = read(HEAD + table('| Rule | Role |', [['The top', '`Alpha`'], ['The root', '`Alpha`']]));
    expect(draft?.roleRules.map((r) => r.rule)).toEqual(['root']);
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.actual])).toEqual([['bad-cell', FIRST_ROW, 'The top']]);
  });

  it('splits roles written without backticks at commas, whatever the spaces around them', () => {
    const { draft, diagnostics } = read(HEAD + table('| Kind | Roles |', [['container', 'Alpha, Beta ,Gamma,Delta']]));
    expect(diagnostics).toEqual([]);
    expect(draft?.roleKinds[0]?.roles.map((r) => r.value)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
  });

  it('reads a note that starts the covers cell, and names written in it are not covered', () => {
    const { draft } = read(HEAD + table("| Role | Also covers, from Apple's list |", [['`Alpha`', '. `Sheet` is Beta']]));
    expect(draft?.covers[0]).toMatchObject({ names: [], note: '`Sheet` is Beta' });
  });

  it('a state that forms a path but is not reachable is refused', () => {
    const { draft, diagnostics } = read(HEAD + table('| State | Reachable from the root | Forms a path |', [['`alpha`', 'no', 'yes']]));
    expect(draft?.stateTables[0]?.rows).toEqual([]);
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.column])).toEqual([['bad-cell', FIRST_ROW, 13]]);
  });

  it('reads nothing from a table of a reference file, and nothing from a prose table, however wide its rows', () => {
    const text = `${HEAD}${table('| Status | Counted | Open | Meaning |', [['Draft', 'no', 'yes', 'Not yet.']])}\n${table('| Name | Age |', [['a', '1', 'extra']])}`;
    const { draft, diagnostics } = read(text);
    expect(diagnostics).toEqual([]);
    expect(draft && { ...draft, metadata: [...draft.metadata.keys()], body: null, sections: null }).toMatchObject({
      metadata: ['Status'], types: [], fieldTables: [], stateTables: [], removed: [], roleKinds: [], appleNames: [], covers: [], roleRules: [],
      notReported: [], attributeTables: [], operations: [], versioning: [], versionField: null, requirements: [], examples: [], privacy: [],
    });
  });

  it('names the columns a near-miss table should have, and the header it has', () => {
    const { diagnostics } = read(HEAD + table('| Subject | Notes |', [['Text', 'Said.']]));
    expect(diagnostics.map((x) => [x.ruleId, x.line, x.message, x.actual])).toEqual([['table-columns', 9, "This table's columns should be: Subject | Note", 'Subject | Notes']]);
  });
});

describe('extractRfc, the file and its title', () => {
  it('takes the number and title from the heading, and only numbered sections', () => {
    const { draft } = read('# RFC-0009: A test\n\nSummary.\n\n| Field | Value |\n|---|---|\n| Status | Draft |\n\n## Appendix\n\n## 2. Two\n');
    expect(draft && [draft.id, draft.number, draft.title, draft.summary, draft.sections]).toEqual(['RFC-0009', 9, 'A test', 'Summary.', [{ number: '2', title: 'Two', line: 11 }]]);
  });

  it('refuses a file name out of form, and a heading that is not an RFC title, at the heading', () => {
    expect(read(HEAD, 'test.md').diagnostics.map((x) => [x.ruleId, x.line, x.actual])).toEqual([['bad-rfc-file', 1, 'test.md']]);
    const untitled = read('# A plain title\n');
    expect(untitled.draft).toBeNull();
    expect(untitled.diagnostics.map((x) => [x.ruleId, x.line, x.actual])).toEqual([['bad-rfc-file', 1, 'A plain title']]);
    const bare = read('Text without a heading.\n');
    expect(bare.draft).toBeNull();
    expect(bare.diagnostics.map((x) => [x.ruleId, x.line, x.actual])).toEqual([['bad-rfc-file', 1, undefined]]);
    const mismatch = read(HEAD.replace('0009', '0010'));
    expect(mismatch.draft?.id).toBe('RFC-0010');
    expect(mismatch.diagnostics.map((x) => [x.ruleId, x.message])).toEqual([['bad-rfc-file', `The title's number does not match the file name ${FILE}`]]);
  });
});

describe('extractRfc, json examples', () => {
  const fence = (json: string, indent = '') => `${indent}\`\`\`json\n${json.split('\n').map((l) => indent + l).join('\n')}\n${indent}\`\`\`\n`;

  it('keeps each example with its section, or none before the first section', () => {
    const text = `# RFC-0009: Test\n\n${fence('{"a": 1}')}\n| Field | Value |\n|---|---|\n| Status | Draft |\n\n## 4.1. Section\n\n${fence('[2]')}`;
    const { draft, diagnostics } = read(text);
    expect(diagnostics).toEqual([]);
    expect(draft?.examples.map((e) => [e.value, e.section, e.place.line])).toEqual([[{ a: 1 }, null, 3], [[2], '4.1', 13]]);
  });

  it('places a parse error at its line and column, inside a list item too', () => {
    const at = (text: string) => read(HEAD + text).diagnostics.map((x) => [x.ruleId, x.line, x.column]);
    // HEAD ends on line 8; the fence is line 9, so the json's first line is line 10.
    const firstLine = '{"a" 1}';
    const thirdLine = '{\n  "a": 1\n  "b": 2}';
    expect(at(fence(firstLine))).toEqual([['bad-example', 10, 6]]);
    expect(at(fence(thirdLine))).toEqual([['bad-example', 12, 3]]);
    // In a list item the fence and each line of its code are indented by two.
    expect(at(`- An item:\n\n${fence(firstLine, '  ')}`)).toEqual([['bad-example', 12, 8]]);
    expect(at(`- An item:\n\n${fence(thirdLine, '  ')}`)).toEqual([['bad-example', 14, 5]]);
  });

  it('places an error JSON.parse gives no position for (an unexpected token) at the fence', () => {
    expect(read(HEAD + fence('[1,]')).diagnostics.map((x) => [x.ruleId, x.line, x.column, x.message])).toEqual([['bad-example', 9, 1, 'The json example does not parse']]);
  });
});
