import { describe, expect, it } from 'vitest';
import { layout } from '../../generator/emit/kit/data-literal.js';
import { declarationsOf } from '../../generator/emit/kit/data-shape.js';
import { specData } from '../../generator/emit/kit/spec-data.js';
import { SpecDataSchema } from '../../generator/emit/kit/spec-shape.js';
import { inCase } from '../../generator/emit/kit/naming.js';
import { specDataTypes } from '../../generator/emit/typescript/spec-data-types.js';
import { BINDINGS, COMPILED } from '../helpers/bindings.js';
import { realModel } from '../helpers/spec.js';

// The spec data's shape is declared once (kit/spec-shape.ts); every language prints its declarations and its
// literals from that one declaration, so a field there reaches every binding.

const { declarations } = declarationsOf(SpecDataSchema);
const fields = declarations.flatMap((d) => (d.kind === 'record' ? d.fields : d.kind === 'union' ? d.members.flatMap((m) => m.fields) : []));
const model = await realModel();
const data = specData(model);

// Each compiled binding's printers, from its folder's spec-data.ts; TypeScript declares the types alone (its
// runtime reads the data as JSON).
const compiled = await Promise.all(
  COMPILED.map(async (b): Promise<[string, () => string, (name: string) => string, string]> => {
    const module = (await import(`../../generator/emit/${b.name}/spec-data.ts`)) as Record<string, unknown>;
    const declare = module[`${b.name}SpecDeclarations`] as () => string;
    const literal = module[`${b.name}SpecLiteral`] as (d: typeof data, level: number) => string;
    return [b.title, declare, (n) => inCase(n, b.fieldCase), literal(data, 1)];
  }),
);

describe('the spec data, declared once', () => {
  it('is read as named records, tagged unions and enums, SpecData among them, each used type declared once', () => {
    const names = declarations.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('SpecData');
    expect(declarations.find((d) => d.name === 'SpecData')?.kind).toBe('record');
    expect(declarations.some((d) => d.kind === 'union')).toBe(true);
    expect(declarations.some((d) => d.kind === 'enum')).toBe(true);
    // Every key the kit's data holds is a field of SpecData, and the other way round.
    const top = declarations.find((d) => d.name === 'SpecData');
    expect(top?.kind === 'record' ? top.fields.map((f) => f.name).sort() : []).toEqual(Object.keys(data).sort());
  });

  it('refuses data that is not of its shape, so no binding prints what its runtime cannot read', () => {
    expect(SpecDataSchema.safeParse(data).success).toBe(true);
    expect(SpecDataSchema.safeParse({ ...data, contentTag: 7 }).success).toBe(false);
    const { roles: _roles, ...withoutRoles } = data;
    expect(SpecDataSchema.safeParse(withoutRoles).success).toBe(false);
  });

  const [typescript] = BINDINGS.filter((b) => !COMPILED.includes(b as never));
  const printers: [string, () => string, (name: string) => string, string][] = [
    ...compiled,
    [typescript?.title ?? '', () => specDataTypes().map((t) => t.type).join('\n'), (n) => n, ''],
  ];
  for (const [language, declare, fieldName, literal] of printers) {
    it(`${language} declares every type and field of the one declaration, and its literal holds the data`, () => {
      const text = declare();
      for (const f of fields) expect(text, `${language}: ${f.name}`).toMatch(new RegExp(`\\b${fieldName(f.name)}\\b`, 'i'));
      if (literal) for (const d of declarations) expect(text, `${language}: ${d.name}`).toContain(d.name);
      if (literal) {
        for (const role of data.roles) expect(literal).toContain(`"${role}"`);
        expect(literal).toContain(`"${data.contentTag}"`);
      }
    });
  }
});

describe('laying out a literal', () => {
  const syntax = { width: 30, indent: '  ' };
  const group = (items: string[]) => ({ open: '[', close: ']', items: items.map((doc) => ({ doc })) });

  it('keeps what fits on one line, and puts one item a line, each with a comma, where it does not', () => {
    expect(layout(group(['"a"', '"b"']), syntax)).toBe('["a", "b"]');
    expect(layout(group(['"aaaaaaaaaa"', '"bbbbbbbbbb"', '"cccccccccc"']), syntax)).toBe('[\n  "aaaaaaaaaa",\n  "bbbbbbbbbb",\n  "cccccccccc",\n]');
  });

  it('leaves out the last comma where the language cannot take it, pads where it wants, and keeps a one-item tuple a tuple', () => {
    expect(layout({ ...group(['"aaaaaaaaaa"', '"bbbbbbbbbb"', '"cccccccccc"']), trailing: false }, syntax)).toBe('[\n  "aaaaaaaaaa",\n  "bbbbbbbbbb",\n  "cccccccccc"\n]');
    expect(layout({ open: 'A {', close: '}', padded: true, items: [{ prefix: 'x: ', doc: '1' }] }, syntax)).toBe('A { x: 1 }');
    expect(layout({ open: '(', close: ')', singleComma: true, items: [{ doc: '1' }] }, syntax)).toBe('(1,)');
  });

  it('lines up the values of one-line entries where the language aligns them, an entry over several lines ending the run', () => {
    const entries = {
      open: 'T{',
      close: '}',
      items: [
        { prefix: 'A: ', doc: '1' },
        { prefix: 'Bbb: ', doc: '2' },
        { prefix: 'List: ', doc: group(['"aaaaaaaaaa"', '"bbbbbbbbbb"', '"cccccccccc"']) },
        { prefix: 'Cc: ', doc: '3' },
        { prefix: 'D: ', doc: '4' },
      ],
    };
    const lines = 'T{\n  A:   1,\n  Bbb: 2,\n  List: [\n    "aaaaaaaaaa",\n    "bbbbbbbbbb",\n    "cccccccccc",\n  ],\n  Cc: 3,\n  D:  4,\n}';
    expect(layout(entries, { ...syntax, aligns: () => true })).toBe(lines);
    // Unless the language says so, nothing is padded; one it declines is written as it is, ending the run.
    expect(layout(entries, syntax)).toBe(lines.replace('A:   1', 'A: 1').replace('D:  4', 'D: 4'));
    expect(layout(entries, { ...syntax, aligns: (prefix) => prefix !== 'Bbb: ' })).toBe(lines.replace('A:   1', 'A: 1'));
  });
});
