import { type DataField, type DataType, type Declaration, declarationNamed, declarationsOf } from '../kit/data-shape.js';
import { type Doc, type Group, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { RUST_NAMING, docComment, rustString } from './naming.js';

/**
 * The spec data in Rust, from its one declaration (kit/spec-shape.ts), as `static` data with no allocation: a struct
 * per record, an enum with struct variants per tagged union, a fieldless enum per named enum; strings are
 * `&'static str`, lists slices, maps slices of pairs in the data's order, an optional value an `Option` (`None` where
 * absent), and a value of a type that holds itself a `&'static` reference.
 */

const { root, declarations } = declarationsOf(SpecDataSchema);

const fieldName = (name: string) => {
  const snake = inCase(name, 'snake_case');
  return RUST_NAMING.keywords.has(snake) ? RUST_NAMING.escapeMember(snake) : snake;
};
const variant = (name: string) => inCase(name, 'UpperCamel');

/** Whether a value of `type` reaches a value of `decl` again other than through a slice (which is a reference). */
function reachesItself(decl: string, type: DataType, seen: ReadonlySet<string> = new Set()): boolean {
  if (type.kind === 'optional') return reachesItself(decl, type.of, seen);
  if (type.kind !== 'named') return false;
  if (type.name === decl) return true;
  if (seen.has(type.name)) return false;
  const next = declarationNamed(declarations, type.name);
  const fields = next.kind === 'record' ? next.fields : next.kind === 'union' ? next.members.flatMap((m) => m.fields) : [];
  return fields.some((f) => reachesItself(decl, f.type, new Set([...seen, type.name])));
}

/** A field's type in the declaration `owner`: a named type that leads back to `owner` is held by reference. */
function rustType(type: DataType, owner: string): string {
  switch (type.kind) {
    case 'string':
      return "&'static str";
    case 'boolean':
      return 'bool';
    case 'number':
      return 'f64';
    case 'optional':
      return `Option<${rustType(type.of, owner)}>`;
    case 'list':
      return `&'static [${rustType(type.of, '')}]`;
    case 'map':
      return `&'static [(&'static str, ${rustType(type.of, '')})]`;
    case 'named':
      return reachesItself(owner, type) ? `&'static ${type.name}` : type.name;
  }
}

const DERIVE = '#[derive(Debug, Clone, Copy, PartialEq)]\n';

/** Whether a value of the type has an empty value (`Default`): not a union's or an enum's, which have no first choice. */
function defaultable(type: DataType, seen: ReadonlySet<string> = new Set()): boolean {
  if (type.kind === 'optional' || type.kind === 'list' || type.kind === 'map') return true;
  if (type.kind !== 'named') return true;
  if (seen.has(type.name)) return true;
  const decl = declarationNamed(declarations, type.name);
  return decl.kind === 'record' && decl.fields.every((f) => defaultable(f.type, new Set([...seen, type.name])));
}
const doc = (text: string | null, indent: number) => (text ? docComment(text, indent) : '');

/** A type's empty value as a constant expression, or null where it has none (a union's, an enum's). */
function emptyValue(type: DataType): string | null {
  switch (type.kind) {
    case 'string':
      return '""';
    case 'boolean':
      return 'false';
    case 'number':
      return '0.0';
    case 'optional':
      return 'None';
    case 'list':
    case 'map':
      return '&[]';
    case 'named':
      return null;
  }
}

/**
 * A record with optional fields, each field of which has an empty value, gets an `EMPTY` constant: the data's
 * literals then state the fields they hold and take the rest from it (`..NestedShape::EMPTY`), as `Default` cannot
 * in a `static`.
 */
function emptyOf(decl: Declaration): string | null {
  if (decl.kind !== 'record' || !decl.fields.some((f) => f.type.kind === 'optional')) return null;
  const values = decl.fields.map((f) => emptyValue(f.type));
  if (values.some((v) => v === null)) return null;
  const fields = decl.fields.map((f, i) => `        ${fieldName(f.name)}: ${values[i]},
`).join('');
  return `impl ${decl.name} {
    /// Every field empty: what the data's values of this type leave unsaid.
    pub const EMPTY: Self = Self {
${fields}    };
}
`;
}
const hasEmpty = new Set(declarations.flatMap((d) => (emptyOf(d) === null ? [] : [d.name])));

function declaration(decl: Declaration): string {
  switch (decl.kind) {
    case 'record': {
      const fields = decl.fields.map((f) => `${doc(f.doc, 4)}    pub ${fieldName(f.name)}: ${rustType(f.type, decl.name)},\n`).join('');
      // A record with an empty value derives Default, so that code can build one by the fields it sets.
      const derive = defaultable({ kind: 'named', name: decl.name }) ? DERIVE.replace('PartialEq', 'PartialEq, Default') : DERIVE;
      const empty = emptyOf(decl);
      return `${doc(decl.doc, 0)}${derive}pub struct ${decl.name} {\n${fields}}\n${empty ? `\n${empty}` : ''}`;
    }
    case 'union': {
      const members = decl.members.map((m) => {
        const fields = m.fields.map((f) => `${doc(f.doc, 8)}        ${fieldName(f.name)}: ${rustType(f.type, decl.name)},\n`).join('');
        return `${doc(m.doc, 4)}    ${variant(m.name)} {\n${fields}    },\n`;
      });
      return `${doc(decl.doc, 0)}${DERIVE}pub enum ${decl.name} {\n${members.join('')}}\n`;
    }
    case 'enum': {
      const cases = decl.values.map((v) => `    /// \`${v}\`.\n    ${variant(v)},\n`).join('');
      const texts = decl.values.map((v) => `            Self::${variant(v)} => ${rustString(v)},\n`).join('');
      const asStr = `impl ${decl.name} {\n    /// The value as the data writes it.\n    pub const fn as_str(self) -> &'static str {\n        match self {\n${texts}        }\n    }\n}\n`;
      return `${doc(decl.doc, 0)}#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]\npub enum ${decl.name} {\n${cases}}\n\n${asStr}`;
    }
  }
}

/** The names of the spec data's types, as `spec.rs` imports them. */
export const rustSpecTypeNames = (): string[] => declarations.map((d) => d.name);

/** The Rust declarations of every type the spec data holds. */
export function rustSpecDeclarations(): string {
  return declarations.map(declaration).join('\n');
}


const braced = (open: string, fields: { field: DataField; value: Doc }[]): Group => ({
  open: `${open} {`,
  close: '}',
  padded: true,
  items: fields.map(({ field, value }) => ({ prefix: `${fieldName(field.name)}: `, doc: value })),
});

const reference = (doc: Doc): Doc => (typeof doc === 'string' ? `&${doc}` : { ...doc, open: `&${doc.open}` });

/** A field's value, as a reference where its type holds its owner. */
function fieldValues(owner: string, fields: { field: DataField; value: Doc }[]) {
  return fields.map(({ field, value }) => {
    const of = field.type.kind === 'optional' ? field.type.of : field.type;
    if (!reachesItself(owner, of)) return { field, value };
    if (field.type.kind !== 'optional') return { field, value: reference(value) };
    // Some(x) as written by `present`: the reference goes inside.
    if (typeof value !== 'string' && value.open === 'Some(') return { field, value: { ...value, items: value.items.map((i) => ({ ...i, doc: reference(i.doc) })) } };
    return { field, value };
  });
}

const RUST_SYNTAX: LiteralSyntax = {
  width: 120,
  indent: '    ',
  string: rustString,
  number: (n) => (/[.eE]/.test(String(n)) ? String(n) : `${n}.0`),
  boolean: (b) => String(b),
  absent: 'None',
  present: (_of, value) => ({ open: 'Some(', close: ')', items: [{ doc: value }], trailing: false }),
  list: (_of, items) => ({ open: '&[', close: ']', items: items.map((d) => ({ doc: d })) }),
  map: (_of, entries) => ({
    open: '&[',
    close: ']',
    items: entries.map((e) => ({ doc: { open: '(', close: ')', items: [{ doc: rustString(e.key) }, { doc: e.value }], trailing: false } })),
  }),
  record: (decl, fields) => {
    if (!hasEmpty.has(decl.name)) return braced(decl.name, fieldValues(decl.name, fields));
    // The fields the value leaves unsaid come from the record's EMPTY; nothing may follow that base, not even a comma.
    const said = fields.filter(({ field, value }) => !(field.type.kind === 'optional' && value === 'None'));
    if (said.length === fields.length) return braced(decl.name, fieldValues(decl.name, fields));
    const group = braced(decl.name, fieldValues(decl.name, said));
    return { ...group, trailing: false, items: [...group.items, { doc: `..${decl.name}::EMPTY` }] };
  },
  member: (decl, member, fields) => braced(`${decl.name}::${variant(member.name)}`, fieldValues(decl.name, fields)),
  enumValue: (decl, value) => `${decl.name}::${variant(value)}`,
};

/** The spec data of one version as a Rust expression for a `static`. */
export function rustSpecLiteral(data: SpecData): string {
  return layout(literalOf(data, root, declarations, RUST_SYNTAX), RUST_SYNTAX, 0, 0);
}
