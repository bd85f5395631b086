import {
  type DataField,
  type DataType,
  type Declaration,
  declarationNamed,
  declarationsOf,
} from '../kit/data-shape.js';
import { type Doc, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { Lines } from '../core/lines.js';
import { alignsKey } from './layout.js';
import { goLiteral, initialisms } from './naming.js';

/**
 * The spec data in Go, from its one declaration (kit/spec-shape.ts): a struct per record; a tagged union as one
 * struct holding its tag and every member's fields (Go has no sum types, and the runtime switches on the tag); a
 * named enum as a string type. An absent string, list or map is its zero value; an absent number or record is nil.
 */

const { root, declarations } = declarationsOf(SpecDataSchema);
/** A data field's or enum value's exported Go name: capitalised, its initialisms in capitals (`ID`). */
const exported = (name: string) => initialisms(name.charAt(0).toUpperCase() + name.slice(1));
const fieldName = exported;

/**
 * A union's fields: its tag, then each member's fields once, in the members' order. A field of another type that not
 * every member has is optional (a nil pointer); any other is its zero value where a member has none.
 */
function unionFields(decl: Extract<Declaration, { kind: 'union' }>): DataField[] {
  const fields: DataField[] = [
    {
      name: decl.tag,
      doc: `Which of ${decl.members.map((m) => JSON.stringify(m.tag)).join(', ')} this is.`,
      type: { kind: 'string' },
    },
  ];
  for (const member of decl.members)
    for (const f of member.fields) {
      if (fields.some((g) => g.name === f.name)) continue;
      const everywhere = decl.members.every((m) => m.fields.some((g) => g.name === f.name));
      fields.push(
        everywhere || f.type.kind !== 'named' ? f : { ...f, type: { kind: 'optional', of: f.type, nullable: false } },
      );
    }
  return fields;
}

/** Whether Go writes the type's absent value as nil through a pointer (zero values say "absent" for the rest). */
const needsPointer = (type: DataType) =>
  type.kind === 'number' ||
  type.kind === 'boolean' ||
  (type.kind === 'named' && declarationNamed(declarations, type.name).kind !== 'enum');

function goType(type: DataType): string {
  switch (type.kind) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return 'float64';
    case 'optional':
      return needsPointer(type.of) ? `*${goType(type.of)}` : goType(type.of);
    case 'list':
      return `[]${goType(type.of)}`;
    case 'map':
      return `map[string]${goType(type.of)}`;
    case 'named':
      return type.name;
  }
}

const sentence = (name: string, doc: string) =>
  `${name} is ${doc.charAt(0).toLowerCase()}${doc.slice(1)}${doc.endsWith('.') ? '' : '.'}`;

/** A struct of the spec data: its fields' types lined up, a field's doc (one line, however long) above it. */
function struct(w: Lines, name: string, doc: string, fields: DataField[]): void {
  w.line(`// ${sentence(name, doc)}`);
  w.block(
    `type ${name} struct {`,
    (b) =>
      b.aligned(() => {
        for (const f of fields) {
          if (f.doc) b.line(`// ${f.doc}`);
          b.row(fieldName(f.name), goType(f.type));
        }
      }),
    '}',
  );
}

/** The Go declarations of every type the spec data holds. */
export function goSpecDeclarations(): string {
  const w = new Lines();
  declarations.forEach((decl, i) => {
    if (i > 0) w.blank();
    if (decl.kind === 'record') return struct(w, decl.name, decl.doc, decl.fields);
    if (decl.kind === 'union') return struct(w, decl.name, decl.doc, unionFields(decl));
    w.line(`// ${sentence(decl.name, decl.doc)}`)
      .line(`type ${decl.name} string`)
      .blank()
      .line(`// The values of ${decl.name}.`);
    w.block(
      'const (',
      (b) =>
        b.aligned(() =>
          decl.values.forEach((v) => b.row(`${decl.name}${exported(v)}`, `${decl.name} = ${goLiteral(v)}`)),
        ),
      ')',
    );
  });
  return w.toString();
}

/** An element of a slice or map literal without its type, which the literal's type already says (as `gofmt -s` writes it). */
const elided = (of: DataType, doc: Doc): Doc =>
  typeof doc !== 'string' && of.kind === 'named' && doc.open === `${of.name}{` ? { ...doc, open: '{' } : doc;

const group = (open: string, items: { prefix?: string; doc: Doc }[]): Doc => ({ open, close: '}', items });
const fieldsOf = (fields: { field: DataField; value: Doc }[]) =>
  fields.map(({ field, value }) => ({ prefix: `${fieldName(field.name)}: `, doc: value }));

const GO_SYNTAX: LiteralSyntax = {
  width: 120,
  indent: '\t',
  string: goLiteral,
  number: (n) => String(n),
  boolean: (b) => String(b),
  absent: null,
  present: (of, value) => {
    if (of.kind === 'number') return `num(${value as string})`;
    if (needsPointer(of)) return typeof value === 'string' ? `&${value}` : { ...value, open: `&${value.open}` };
    return value;
  },
  list: (of, items) =>
    group(
      `[]${goType(of)}{`,
      items.map((doc) => ({ doc: elided(of, doc) })),
    ),
  map: (of, entries) =>
    group(
      `map[string]${goType(of)}{`,
      entries.map((e) => ({ prefix: `${goLiteral(e.key)}: `, doc: elided(of, e.value) })),
    ),
  record: (decl, fields) => group(`${decl.name}{`, fieldsOf(fields)),
  member: (decl, member, fields) => {
    const flattened = unionFields(decl);
    const tag = { field: flattened[0] as DataField, value: goLiteral(member.tag) };
    // A member's own field that the flattened struct makes optional is written as one.
    const values = fields.map(({ field, value }) => {
      const declared = flattened.find((f) => f.name === field.name) ?? field;
      const wrap =
        declared.type.kind === 'optional' && field.type.kind !== 'optional' && GO_SYNTAX.present
          ? GO_SYNTAX.present(field.type, value)
          : value;
      return { field: declared, value: wrap };
    });
    return group(`${decl.name}{`, fieldsOf([tag, ...values]));
  },
  enumValue: (decl, value) => `${decl.name}${exported(value)}`,
  // gofmt's columns of `key: value` entries (./layout.ts); every prefix is a key and `: `.
  aligns: (prefix) => alignsKey(prefix.slice(0, -': '.length)),
};

/** The spec data of one version as an element of a `[]SpecData` literal, laid out from `level` tabs in. */
export function goSpecLiteral(data: SpecData, level: number): string {
  return layout(elided(root, literalOf(data, root, declarations, GO_SYNTAX)), GO_SYNTAX, level, level * 8);
}
