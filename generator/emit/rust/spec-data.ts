import {
  type DataField,
  type DataType,
  type Declaration,
  declarationNamed,
  declarationsOf,
} from '../kit/data-shape.js';
import { type Doc, type Group, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { type Lines, linesOf } from '../core/lines.js';
import { RUST_NAMING, rustDoc, rustString } from './naming.js';

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
  const fields =
    next.kind === 'record' ? next.fields : next.kind === 'union' ? next.members.flatMap((m) => m.fields) : [];
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

const DERIVE = '#[derive(Debug, Clone, Copy, PartialEq)]';

/** Whether a value of the type has an empty value (`Default`): not a union's or an enum's, which have no first choice. */
function defaultable(type: DataType, seen: ReadonlySet<string> = new Set()): boolean {
  if (type.kind === 'optional' || type.kind === 'list' || type.kind === 'map') return true;
  if (type.kind !== 'named') return true;
  if (seen.has(type.name)) return true;
  const decl = declarationNamed(declarations, type.name);
  return decl.kind === 'record' && decl.fields.every((f) => defaultable(f.type, new Set([...seen, type.name])));
}

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
function emptyOf(decl: Declaration): ((w: Lines) => void) | null {
  if (decl.kind !== 'record' || !decl.fields.some((f) => f.type.kind === 'optional')) return null;
  const values = decl.fields.map((f) => emptyValue(f.type));
  if (values.some((v) => v === null)) return null;
  return (w) =>
    w.block(
      `impl ${decl.name} {`,
      (b) => {
        b.line("/// Every field empty: what the data's values of this type leave unsaid.");
        b.block(
          'pub const EMPTY: Self = Self {',
          (c) => decl.fields.forEach((f, i) => c.line(`${fieldName(f.name)}: ${values[i]},`)),
          '};',
        );
      },
      '}',
    );
}
const hasEmpty = new Set(declarations.flatMap((d) => (emptyOf(d) === null ? [] : [d.name])));

function declaration(w: Lines, decl: Declaration): void {
  rustDoc(w, decl.doc);
  switch (decl.kind) {
    case 'record': {
      // A record with an empty value derives Default, so that code can build one by the fields it sets.
      w.line(
        defaultable({ kind: 'named', name: decl.name }) ? DERIVE.replace('PartialEq', 'PartialEq, Default') : DERIVE,
      );
      w.block(
        `pub struct ${decl.name} {`,
        (b) =>
          decl.fields.forEach((f) =>
            rustDoc(b, f.doc ?? '').line(`pub ${fieldName(f.name)}: ${rustType(f.type, decl.name)},`),
          ),
        '}',
      );
      const empty = emptyOf(decl);
      if (empty) {
        w.blank();
        empty(w);
      }
      return;
    }
    case 'union':
      w.line(DERIVE).block(
        `pub enum ${decl.name} {`,
        (b) => {
          for (const m of decl.members)
            rustDoc(b, m.doc).block(
              `${variant(m.name)} {`,
              (c) =>
                m.fields.forEach((f) =>
                  rustDoc(c, f.doc ?? '').line(`${fieldName(f.name)}: ${rustType(f.type, decl.name)},`),
                ),
              '},',
            );
        },
        '}',
      );
      return;
    case 'enum':
      w.line('#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]')
        .block(
          `pub enum ${decl.name} {`,
          (b) => decl.values.forEach((v) => b.line(`/// \`${v}\`.`).line(`${variant(v)},`)),
          '}',
        )
        .blank();
      w.block(
        `impl ${decl.name} {`,
        (b) => {
          b.line('/// The value as the data writes it.');
          b.block(
            "pub const fn as_str(self) -> &'static str {",
            (f) =>
              f.block(
                'match self {',
                (m) => decl.values.forEach((v) => m.line(`Self::${variant(v)} => ${rustString(v)},`)),
                '}',
              ),
            '}',
          );
        },
        '}',
      );
  }
}

/** The names of the spec data's types, as `spec.rs` imports them. */
export const rustSpecTypeNames = (): string[] => declarations.map((d) => d.name);

/** The Rust declarations of every type the spec data holds. */
export function rustSpecDeclarations(): string {
  return linesOf(
    (w) =>
      declarations.forEach((d, i) => {
        if (i > 0) w.blank();
        declaration(w, d);
      }),
    '    ',
  );
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
    if (typeof value !== 'string' && value.open === 'Some(')
      return { field, value: { ...value, items: value.items.map((i) => ({ ...i, doc: reference(i.doc) })) } };
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
    items: entries.map((e) => ({
      doc: { open: '(', close: ')', items: [{ doc: rustString(e.key) }, { doc: e.value }], trailing: false },
    })),
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
