import { describe, expect, it } from 'vitest';
import { Lines, linesOf } from '../../generator/emit/core/lines.js';

/** The line emitter (generator/emit/core/lines.ts), against text written out by hand. */

describe('the line emitter', () => {
  it('indents a block and nests blocks, an empty line staying empty', () => {
    const text = linesOf((w) =>
      w.block('func f() {', (b) => {
        b.line('x := 1');
        b.block('if x > 0 {', (c) => c.line('return'), '}');
        b.blank();
        b.line('done()');
      }, '}'),
    );
    expect(text).toBe('func f() {\n\tx := 1\n\tif x > 0 {\n\t\treturn\n\t}\n\n\tdone()\n}\n');
  });

  it('starts at the depth it is given, in the unit it is given', () => {
    const text = linesOf((w) => w.line('a').indent((b) => b.line('b')), '  ', 2);
    expect(text).toBe('    a\n      b\n');
  });

  it('wraps a doc comment within the width, the indentation and the prefix counted', () => {
    // Width 20 with one tab and "// ": at most 16 characters of words a line.
    const text = linesOf((w) => w.docComment('// ', 'the quick brown fox jumps over the lazy dog', 20), '\t', 1);
    expect(text).toBe('\t// the quick brown\n\t// fox jumps over\n\t// the lazy dog\n');
    expect(text.split('\n').every((line) => line.length <= 20)).toBe(true);
  });

  it('writes nothing for an empty doc, and a word longer than the width alone on its line', () => {
    expect(linesOf((w) => w.docComment('// ', '  ', 20))).toBe('');
    expect(linesOf((w) => w.docComment('# ', 'a supercalifragilistic b', 8))).toBe('# a\n# supercalifragilistic\n# b\n');
  });

  it('lines up the rows of a group: each head padded to the widest, then one space', () => {
    const text = linesOf((w) =>
      w.block('type T struct {', (b) => b.aligned(() => b.row('ID', 'string').row('Children', '[]T').row('On', 'bool')), '}'),
    );
    expect(text).toBe('type T struct {\n\tID       string\n\tChildren []T\n\tOn       bool\n}\n');
  });

  it('ends a run at a comment or a blank line: each run is as wide as its own widest head', () => {
    const text = linesOf((w) =>
      w.aligned(() => {
        w.row('a:', '1,').row('bbbb:', '2,');
        w.line('// then');
        w.row('cc:', '3,').row('d:', '4,');
        w.blank();
        w.row('eeeeee:', '5,');
      }),
    );
    expect(text).toBe('a:    1,\nbbbb: 2,\n// then\ncc: 3,\nd:  4,\n\neeeeee: 5,\n');
  });

  it('ends a run at a row written over several lines, and keeps a nested block\'s rows apart', () => {
    const text = linesOf((w) =>
      w.aligned(() => {
        w.row('Name:', '"x",');
        w.block('Children: []T{', (b) => b.aligned(() => b.row('"k":', '1,').row('"long":', '2,')), '},');
        w.row('Rolesss:', 'nil,');
      }),
    );
    expect(text).toBe('Name: "x",\nChildren: []T{\n\t"k":    1,\n\t"long": 2,\n},\nRolesss: nil,\n');
  });

  it('refuses a row outside an aligned group, and inside a block a group does not reach into', () => {
    expect(() => new Lines().row('a', 'b')).toThrow(/outside an aligned group/);
    expect(() => new Lines().aligned((w) => w.indent((b) => b.row('a', 'b')))).toThrow(/outside an aligned group/);
  });
});
