import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics/report.js';
import { classifyTable } from '../../generator/read/signatures.js';
import { documentOf, reportStrayRows, reportWideRows } from '../../generator/read/tables.js';
import { parseMarkdown } from '../../generator/read/markdown.js';

// generator/read/tables.ts and signatures.ts on short Markdown texts: what a document holds, and where.
const doc = (text: string) => documentOf('x.md', parseMarkdown(text));

describe('classifyTable', () => {
  it('knows a table by its header, whatever the case, spacing and apostrophes', () => {
    expect(classifyTable(['Field', 'Type', 'Required', 'Meaning'])).toEqual({ kind: 'fields' });
    expect(classifyTable(['  field ', 'TYPE', 'required', 'meaning'])).toEqual({ kind: 'fields' });
    expect(classifyTable(['Role', 'Apple\u2019s  name'])).toEqual({ kind: 'appleNames' });
    expect(classifyTable(['Role', 'Apple\u2018s name'])).toEqual({ kind: 'appleNames' });
  });

  it('calls a header with the same first column, or two columns in common, a near miss of the likeliest table', () => {
    expect(classifyTable(['Field', 'Type', 'Required'])).toEqual({ kind: 'malformed', expected: 'fields' });
    expect(classifyTable(['Something', 'Section', 'Kind'])).toEqual({ kind: 'malformed', expected: 'types' });
    // Two names in common with Types (four columns) and with Attributes (three, as many as the header).
    expect(classifyTable(['Something', 'Type', 'Meaning'])).toEqual({ kind: 'malformed', expected: 'attributes' });
    expect(classifyTable(['Attribute', 'Type', 'Meanings'])).toEqual({ kind: 'malformed', expected: 'attributes' });
    expect(classifyTable(['State', 'Reachable'])).toEqual({ kind: 'malformed', expected: 'states' });
  });

  it('leaves any other table as prose', () => {
    expect(classifyTable(['Name', 'Age'])).toEqual({ kind: 'prose' });
    expect(classifyTable(['Type'])).toEqual({ kind: 'malformed', expected: 'types' });
    expect(classifyTable([])).toEqual({ kind: 'prose' });
  });
});

describe('documentOf', () => {
  it('reads the title, the summary after it, numbered sections and their tables with cells and places', () => {
    const d = doc('# RFC-0009: A title\n\nThe *summary* `x`.\n\nMore prose.\n\n## 4.1. The element\n\n| Field | Value |\n|---|---|\n| `id` and `b` | **bold** [l](u) |\n| short |\n');
    expect(d.title).toEqual({ text: 'RFC-0009: A title', place: { file: 'x.md', line: 1, column: 1 } });
    expect(d.summary).toBe('The *summary* `x`.');
    expect(d.sections).toEqual([{ number: '4.1', title: 'The element', place: { file: 'x.md', line: 7, column: 1 } }]);
    const [table] = d.tables;
    expect(table?.header).toEqual(['Field', 'Value']);
    expect(table?.section?.number).toBe('4.1');
    expect(table?.place).toEqual({ file: 'x.md', line: 9, column: 1 });
    expect(table?.rows[0]?.map((c) => [c.markdown, c.plain, c.codes, c.place.line, c.place.column])).toEqual([
      ['`id` and `b`', 'id and b', ['id', 'b'], 11, 3],
      ['**bold** [l](u)', 'bold l', [], 11, 18],
    ]);
    // A short row is padded with an empty cell at the row's place.
    expect(table?.rows[1]?.map((c) => [c.plain, c.codes, c.place.line])).toEqual([['short', [], 12], ['', [], 12]]);
    expect(d.strayRows).toEqual([]);
  });

  it('keeps a heading without a number whole, and marks of every kind in Markdown cells', () => {
    const d = doc('## Appendix\n\n| Field | Value |\n|---|---|\n| ~~old~~ *new* | a<br>b |\n');
    expect(d.sections[0]).toMatchObject({ number: null, title: 'Appendix' });
    expect(d.title).toBeNull();
    expect(d.tables[0]?.rows[0]?.map((c) => c.markdown)).toEqual(['~~old~~ *new*', 'a<br>b']);
  });

  it('numbers a section only by a leading dotted number followed by a space', () => {
    const d = doc('## 4.12.3 Deep\n\n## 5. Dotted\n\n## Appendix 2 notes\n\n## 6.Close\n');
    expect(d.sections.map((x) => [x.number, x.title])).toEqual([['4.12.3', 'Deep'], ['5', 'Dotted'], [null, 'Appendix 2 notes'], [null, '6.Close']]);
  });

  it('collapses runs of spaces in a cell and trims it, in its Markdown and its plain text', () => {
    const [row] = doc('| Field | Value |\n|---|---|\n| a   `b`    c | *x*   y |\n').tables[0]?.rows ?? [];
    expect(row?.map((c) => [c.markdown, c.plain])).toEqual([['a `b` c', 'a b c'], ['*x* y', 'x y']]);
  });

  it('takes json code blocks as examples with their section, and no other language', () => {
    const d = doc('## 2 Examples\n\n```json\n{"a": 1}\n```\n\n```js\nx\n```\n');
    expect(d.examples).toEqual([{ text: '{"a": 1}', section: d.sections[0], place: { file: 'x.md', line: 3, column: 1 } }]);
  });

  it('finds a row cut off from its table by a blank line or a comment, and a row in no table', () => {
    const cut = doc('| Field | Value |\n|---|---|\n| a | b |\n\n| c | d |\n');
    expect(cut.strayRows).toEqual([{ place: { file: 'x.md', line: 5, column: 1 }, table: { file: 'x.md', line: 1, column: 1 } }]);
    const commented = doc('| Field | Value |\n|---|---|\n| a | b |\n<!-- note -->\n| c | d |\n');
    expect(commented.strayRows.map((r) => [r.place.line, r.table?.line])).toEqual([[5, 1]]);
    const alone = doc('Some text.\n\n| c | d |\n');
    expect(alone.strayRows).toEqual([{ place: { file: 'x.md', line: 3, column: 1 }, table: null }]);
    // A row on a later line of a paragraph, and a prose paragraph between, which ends the table's reach.
    const later = doc('| Field | Value |\n|---|---|\n| a | b |\n\nProse.\n\nText\n| c | d |\n');
    expect(later.strayRows).toEqual([{ place: { file: 'x.md', line: 8, column: 1 }, table: null }]);
    // A stray backtick before a header opens a code span that runs over the rows below it, so no text node starts
    // with a pipe (the spec fuzzer found this one): the paragraph's own lines still give the rows away.
    const text = '`| Role | Also covers |\n|---|---|\n| `Window` | `Drawer` |\n';
    expect(documentOf('x.md', parseMarkdown(text), text).strayRows).toEqual([{ place: { file: 'x.md', line: 2, column: 1 }, table: null }]);
  });

  it('notes rows with more cells than the header, at the pipe that opens the first extra cell', () => {
    const d = doc('| Field | Value |\n|---|---|\n| a | b | c |\n| d | e |\n');
    expect(d.tables[0]?.wideRows).toEqual([{ file: 'x.md', line: 3, column: 9 }]);
  });

  it('reads a table inside a list or a quote', () => {
    expect(doc('- item\n\n  | Field | Value |\n  |---|---|\n  | a | b |\n').tables).toHaveLength(1);
    expect(doc('> | Field | Value |\n> |---|---|\n> | a | b |\n').tables).toHaveLength(1);
  });
});

describe('reports of rows that would be lost', () => {
  it('say which table a row was cut off from, or that it is in none', () => {
    const d = new Diagnostics();
    reportStrayRows(doc('| Field | Value |\n|---|---|\n| a | b |\n\n| c | d |\n\nText.\n\n| e | f |\n'), d);
    expect(d.items.map((x) => [x.ruleId, x.line, x.message])).toEqual([
      ['table-split', 5, 'This row is cut off from the table at line 1 by a blank line or an HTML comment, which ends a table in GFM'],
      ['table-split', 9, 'This looks like a table row, but it is in no table: a table needs a header row and a delimiter row (|---|)'],
    ]);
  });

  it('say how many cells the header has', () => {
    const d = new Diagnostics();
    const table = doc('| Field | Value |\n|---|---|\n| a | b | c |\n').tables[0];
    if (!table) throw new Error('no table');
    reportWideRows(table, d);
    expect(d.items.map((x) => [x.ruleId, x.line, x.column, x.message])).toEqual([
      ['table-columns', 3, 9, "This row has more cells than the header's 2; the extra cells would be lost. Write a | inside a cell as \\|"],
    ]);
  });
});
