import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diagnostics/codes.js';
import { Diagnostics } from '../../generator/diagnostics/report.js';
import { defaultOf, identifier, identifiers, isAbsent, name, required, typeCell, typeRef, yesNo } from '../../generator/read/cells.js';
import type { Cell } from '../../generator/read/tables.js';

// The cell readers of generator/read/cells.ts, one cell at a time: what each reads and what each refuses.
const place = { file: 'rfc.md', line: 7, column: 3 };
const cell = (plain: string, codes: string[] = []): Cell => ({ markdown: plain, plain, codes, codePlaces: codes.map((_, i) => ({ ...place, column: place.column + 10 * (i + 1) })), place });
/** What a reader said about a cell: rule, place and message, with the offending text when there is one. */
const said = (d: Diagnostics) => d.items.map((x) => [x.ruleId, `${x.line}:${x.column}`, x.message, x.actual]);

describe('cell readers', () => {
  it('an empty required cell is an empty-cell error naming the column', () => {
    const d = new Diagnostics();
    expect(required(cell(''), 'Type', d)).toBeNull();
    expect(required(cell('x'), 'Type', d)).toBe('x');
    expect(said(d)).toEqual([['empty-cell', '7:3', 'The Type cell is empty', undefined]]);
  });

  it('a name is the first code span, or the plain text when there is none', () => {
    const d = new Diagnostics();
    expect(name(cell('the id field', ['id', 'other']), 'Field', d)).toBe('id');
    expect(name(cell('plain'), 'Field', d)).toBe('plain');
    expect(name(cell(''), 'Field', d)).toBeNull();
    expect(d.items.map((x) => x.ruleId)).toEqual(['empty-cell']);
  });

  it('an identifier starts with a letter and holds letters, digits and underscores only', () => {
    expect(identifier(cell('a_B9'), 'Field', new Diagnostics())).toBe('a_B9');
    for (const bad of ['9a', '_a', 'a-b', 'a b', 'é', 'ab!']) {
      const d = new Diagnostics();
      expect(identifier(cell(bad), 'Field', d), bad).toBeNull();
      expect(said(d), bad).toEqual([['bad-cell', '7:3', 'The Field cell must hold one name of letters and digits, starting with a letter, and nothing else', bad]]);
    }
    expect(identifier(cell(''), 'Field', new Diagnostics())).toBeNull();
    // The name alone: other words beside its code span are a slip, such as a dropped pipe joining two cells.
    expect(identifier(cell('id', ['id']), 'Field', new Diagnostics())).toBe('id');
    const joined = new Diagnostics();
    expect(identifier(cell("R4 Each element's id is unique", ['id']), 'Draft', joined)).toBeNull();
    expect(said(joined)).toEqual([['bad-cell', '7:3', 'The Draft cell must hold one name of letters and digits, starting with a letter, and nothing else', "R4 Each element's id is unique"]]);
  });

  it('a list of identifiers keeps the good ones in order and reports each bad one', () => {
    const d = new Diagnostics();
    expect(identifiers(['Row', 'two words', 'Cell', '1st'], cell('…'), 'Roles', d)).toEqual(['Row', 'Cell']);
    // Diagnostics keeps one report per rule, place and message: the first bad name in the cell.
    expect(said(d)).toEqual([['bad-cell', '7:3', 'The Roles must be names of letters and digits, each starting with a letter', 'two words']]);
  });

  it('yes or no is read from the first word, in any case, before punctuation', () => {
    const d = new Diagnostics();
    expect(yesNo(cell('Yes'), 'Required', d)).toBe(true);
    expect(yesNo(cell('no: only when shown'), 'Required', d)).toBe(false);
    expect(yesNo(cell('yes, if set'), 'Required', d)).toBe(true);
    expect(yesNo(cell('NO.'), 'Required', d)).toBe(false);
    expect(yesNo(cell('yes;'), 'Required', d)).toBe(true);
    expect(yesNo(cell('yes\tthen'), 'Required', d)).toBe(true);
    expect(yesNo(cell('yesterday'), 'Required', d)).toBeNull();
    expect(yesNo(cell(''), 'Required', d)).toBeNull();
    expect(said(d)).toEqual([
      ['bad-cell', '7:3', 'The Required cell must start with yes or no', 'yesterday'],
      ['empty-cell', '7:3', 'The Required cell is empty', undefined],
    ]);
  });

  it('the absent marks are the dashes and None', () => {
    for (const mark of ['—', '–', '-', 'None', 'none']) expect(isAbsent(cell(mark)), mark).toBe(true);
    for (const text of ['', 'no', 'N/A', '--']) expect(isAbsent(cell(text)), text).toBe(false);
  });
});

describe('type notation', () => {
  it('reads primitives, named types and arrays of any depth', () => {
    expect(typeRef('string')).toEqual({ kind: 'primitive', name: 'string' });
    expect(typeRef('boolean')).toEqual({ kind: 'primitive', name: 'boolean' });
    expect(typeRef('number')).toEqual({ kind: 'primitive', name: 'number' });
    expect(typeRef('Element')).toEqual({ kind: 'named', name: 'Element' });
    expect(typeRef('Element[]')).toEqual({ kind: 'array', items: { kind: 'named', name: 'Element' } });
    expect(typeRef('string[][]')).toEqual({ kind: 'array', items: { kind: 'array', items: { kind: 'primitive', name: 'string' } } });
  });

  it('refuses anything else', () => {
    for (const bad of ['', '[]', 'Element[', 'a b', '1x', 'Element []', 'x[]y', ' string']) expect(typeRef(bad), bad).toBeNull();
  });
});

describe('a Type, Takes or Returns cell, read whole', () => {
  const read = (c: Cell, column = 'Type') => {
    const d = new Diagnostics();
    return { value: typeCell(c, column, d), said: d.items.map((x) => [x.ruleId, `${x.line}:${x.column}`, x.message, x.actual, x.hint]) };
  };

  it('one type, as code or as a bare word, is read with the cell\'s place', () => {
    expect(read(cell('Element[]', ['Element[]']))).toEqual({ value: { notation: 'Element[]', type: { kind: 'array', items: { kind: 'named', name: 'Element' } }, place }, said: [] });
    expect(read(cell('string')).value?.type).toEqual({ kind: 'primitive', name: 'string' });
    // One word not in the notation names nothing; the cell is still one type, so the rule is unknown-type.
    expect(read(cell('string{}', ['string{}'])).said.map((x) => x[0])).toEqual(['unknown-type']);
  });

  it('two types, words beside a type, or a choice inside one span are type-cell errors at the cell; the row is kept', () => {
    const cases: [Cell, string, string, string][] = [
      [cell('string or string[]', ['string', 'string[]']), 'Type', 'The Type cell holds 2 types, not one', 'A field or attribute has one type; the model cannot express a choice between `string` and `string[]`. Pick one, or define a record with a field for each.'],
      [cell('string (or Related)', ['string', 'Related']), 'Type', 'The Type cell holds 2 types, not one', 'A field or attribute has one type; the model cannot express a choice between `string` and `Related`. Pick one, or define a record with a field for each.'],
      [cell('string, boolean', ['string', 'boolean']), 'Takes', 'The Takes cell holds 2 types, not one', 'An operation takes one value: Takes names one type, or —. To take `string` and `boolean`, define a record with a field for each and name it here.'],
      [cell('id: string', ['string']), 'Type', 'The Type cell holds words beside its type', 'Write `string` alone, as code; say the rest in the Meaning.'],
      [cell('Answer.', ['Answer']), 'Returns', 'The Returns cell holds words beside its type', 'Write `Answer` alone, as code; say the rest in the Meaning.'],
      [cell('string | number', ['string | number']), 'Returns', 'The Returns cell holds a choice of types, not one', 'An operation returns one value: Returns names one type, or —. To return `string` and `number`, define a record with a field for each and name it here.'],
      [cell('string or number'), 'Type', 'The Type cell holds a choice of types, not one', 'A field or attribute has one type; the model cannot express a choice between `string` and `number`. Pick one, or define a record with a field for each.'],
      [cell('a list of strings'), 'Type', 'The Type cell holds words, not one type', RULES['type-cell'].hint],
    ];
    for (const [c, column, message, hint] of cases) {
      expect(read(c, column).said, c.plain).toEqual([['type-cell', '7:3', message, c.plain, hint]]);
    }
    // The build stops at the error; the first type named stands in, so later checks do not fail for the cell too.
    expect(read(cell('string | number', ['string | number'])).value?.type).toEqual({ kind: 'primitive', name: 'string' });
    expect(read(cell('id: string', ['string'])).value?.type).toEqual({ kind: 'primitive', name: 'string' });
    expect(read(cell('a list of strings')).value).toEqual({ notation: 'a list of strings', type: null, place });
  });

  it('an empty cell is empty-cell, and gives nothing', () => {
    expect(read(cell('')).value).toBeNull();
    expect(read(cell('')).said.map((x) => x[0])).toEqual(['empty-cell']);
  });
});

describe('defaults in a Meaning', () => {
  const read = (meaning: string, field = 'visible') => {
    const d = new Diagnostics();
    return { value: defaultOf(cell(meaning), field, d), said: said(d) };
  };

  it('none stated is null; false and true are values', () => {
    expect(read('Shown on screen.')).toEqual({ value: null, said: [] });
    expect(read('Whether it is chosen. Absent means false.')).toEqual({ value: { kind: 'value', value: false }, said: [] });
    expect(read('Absent means true')).toEqual({ value: { kind: 'value', value: true }, said: [] });
  });

  it("the parent's value is inherited, with the root's value said or left true", () => {
    expect(read("Absent means the parent's value; the root is visible.").value).toEqual({ kind: 'inherit', root: true });
    expect(read("Absent means the parent's value; the root is not visible").value).toEqual({ kind: 'inherit', root: false });
    expect(read("Absent means the parent's value.").value).toEqual({ kind: 'inherit', root: true });
    expect(read("Absent means the parent's value;the root is visible").value).toEqual({ kind: 'inherit', root: true });
  });

  it('any other form is a bad-default error with the words after "Absent means"', () => {
    expect(read('Absent means maybe.')).toEqual({ value: undefined, said: [['bad-default', '7:3', 'The default is not in a form the toolchain reads', 'maybe.']] });
    // The root must be said of this field, not another.
    expect(read("Absent means the parent's value; the root is selected.").said.map((x) => x[0])).toEqual(['bad-default']);
    expect(read("Absent means the parent's value and more").said.map((x) => x[0])).toEqual(['bad-default']);
    expect(read('Absent means falsehood').said.map((x) => x[0])).toEqual(['bad-default']);
  });
});
