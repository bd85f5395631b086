import {
  type DataField,
  type DataType,
  type Declaration,
  declarationNamed,
  declarationsOf,
} from '../kit/data-shape.js';
import { type Doc, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { type Lines, linesOf } from '../core/lines.js';
import { SWIFT_KEYWORDS, stringLiteral } from './naming.js';

/**
 * The spec data in Swift, from its one declaration (kit/spec-shape.ts): a struct per record (a final class where the
 * record holds itself, which a value type cannot), an enum with associated values per tagged union (`indirect` where
 * it holds itself), a String-backed enum per named enum; an optional value defaults to nil.
 */

const { root, declarations } = declarationsOf(SpecDataSchema);

/** A data field's name as declared: a Swift keyword in backquotes. */
const declared = (name: string) => (SWIFT_KEYWORDS.has(name) ? `\`${name}\`` : name);
const caseName = (name: string) => inCase(name, 'lowerCamel');

function swiftType(type: DataType): string {
  switch (type.kind) {
    case 'string':
      return 'String';
    case 'boolean':
      return 'Bool';
    case 'number':
      return 'Double';
    case 'optional':
      return `${swiftType(type.of)}?`;
    case 'list':
      return `[${swiftType(type.of)}]`;
    case 'map':
      return `[String: ${swiftType(type.of)}]`;
    case 'named':
      return type.name;
  }
}

/** Whether a declaration holds a value of itself other than through an array or a dictionary (which Swift boxes). */
function holdsItself(decl: Declaration): boolean {
  const reaches = (type: DataType, seen: Set<string>): boolean => {
    if (type.kind === 'optional') return reaches(type.of, seen);
    if (type.kind !== 'named') return false;
    if (type.name === decl.name) return true;
    if (seen.has(type.name)) return false;
    const next = declarationNamed(declarations, type.name);
    const fields =
      next.kind === 'record' ? next.fields : next.kind === 'union' ? next.members.flatMap((m) => m.fields) : [];
    return fields.some((f) => reaches(f.type, new Set([...seen, type.name])));
  };
  const fields =
    decl.kind === 'record' ? decl.fields : decl.kind === 'union' ? decl.members.flatMap((m) => m.fields) : [];
  return fields.some((f) => reaches(f.type, new Set()));
}

/** A one-line doc comment, however long (the data's docs are single sentences); none for no text. */
const doc = (w: Lines, text: string | null): Lines => (text ? w.line(`/// ${text}`) : w);
const defaulted = (f: DataField) => (f.type.kind === 'optional' ? ' = nil' : '');

function record(w: Lines, decl: Extract<Declaration, { kind: 'record' }>): void {
  doc(w, decl.doc);
  if (!holdsItself(decl)) {
    w.block(
      `struct ${decl.name}: Sendable {`,
      (b) =>
        decl.fields.forEach((f) => doc(b, f.doc).line(`var ${declared(f.name)}: ${swiftType(f.type)}${defaulted(f)}`)),
      '}',
    );
    return;
  }
  // A class has no memberwise initializer: it is written out, each optional parameter defaulting to nil.
  const last = decl.fields.length - 1;
  w.block(
    `final class ${decl.name}: Sendable {`,
    (b) => {
      for (const f of decl.fields) doc(b, f.doc).line(`let ${declared(f.name)}: ${swiftType(f.type)}`);
      b.blank().block(
        'init(',
        (p) =>
          decl.fields.forEach((f, i) =>
            p.line(`${declared(f.name)}: ${swiftType(f.type)}${defaulted(f)}${i < last ? ',' : ''}`),
          ),
        ') {',
      );
      b.indent((a) => decl.fields.forEach((f) => a.line(`self.${f.name} = ${declared(f.name)}`))).line('}');
    },
    '}',
  );
}

function declaration(w: Lines, decl: Declaration): void {
  switch (decl.kind) {
    case 'record':
      return record(w, decl);
    case 'union':
      doc(w, decl.doc).block(
        `${holdsItself(decl) ? 'indirect ' : ''}enum ${decl.name}: Sendable {`,
        (b) =>
          decl.members.forEach((m) =>
            doc(b, m.doc).line(
              `case ${caseName(m.name)}(${m.fields.map((f) => `${f.name}: ${swiftType(f.type)}`).join(', ')})`,
            ),
          ),
        '}',
      );
      return;
    case 'enum':
      // A keyword (`enum`) is declared in backquotes; after a dot (`.enum`) Swift reads it as a member (SE-0071).
      doc(w, decl.doc).block(
        `enum ${decl.name}: String, Sendable {`,
        (b) =>
          decl.values.forEach((v) =>
            b.line(caseName(v) === v ? `case ${declared(v)}` : `case ${declared(caseName(v))} = ${stringLiteral(v)}`),
          ),
        '}',
      );
  }
}

/** The Swift declarations of every type the spec data holds. */
export function swiftSpecDeclarations(): string {
  return linesOf(
    (w) =>
      declarations.forEach((d, i) => {
        if (i > 0) w.blank();
        declaration(w, d);
      }),
    '    ',
  );
}

const call = (open: string, fields: { field: DataField; value: Doc }[]): Doc => ({
  open: `${open}(`,
  close: ')',
  items: fields.map(({ field, value }) => ({ prefix: `${field.name}: `, doc: value })),
  // A trailing comma in an argument list needs Swift 6.1.
  trailing: false,
});

const SWIFT_SYNTAX: LiteralSyntax = {
  width: 120,
  indent: '    ',
  string: stringLiteral,
  number: (n) => String(n),
  boolean: (b) => String(b),
  absent: null,
  list: (_of, items) => ({ open: '[', close: ']', items: items.map((d) => ({ doc: d })) }),
  map: (_of, entries) =>
    entries.length === 0
      ? '[:]'
      : { open: '[', close: ']', items: entries.map((e) => ({ prefix: `${stringLiteral(e.key)}: `, doc: e.value })) },
  record: (decl, fields) => call(decl.name, fields),
  member: (_decl, member, fields) => call(`.${caseName(member.name)}`, fields),
  enumValue: (_decl, value) => `.${caseName(value)}`,
};

/** The spec data of one version as a Swift expression, laid out from `level` indents in. */
export function swiftSpecLiteral(data: SpecData, level: number): string {
  return layout(literalOf(data, root, declarations, SWIFT_SYNTAX), SWIFT_SYNTAX, level, level * 4);
}
