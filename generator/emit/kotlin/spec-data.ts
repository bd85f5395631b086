import { type DataField, type DataType, type Declaration, declarationsOf } from '../kit/data-shape.js';
import { type Doc, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { type Lines, linesOf } from '../core/lines.js';
import { stringLiteral } from './naming.js';

/**
 * The spec data in Kotlin, from its one declaration (kit/spec-shape.ts): a class per record, a sealed interface with
 * a class per member for a tagged union, an enum class for a named enum; an optional value is nullable and
 * defaults to null. Internal: the checker reads it, a package user does not.
 */

const { root, declarations } = declarationsOf(SpecDataSchema);

function kotlinType(type: DataType): string {
  switch (type.kind) {
    case 'string':
      return 'String';
    case 'boolean':
      return 'Boolean';
    case 'number':
      return 'Double';
    case 'optional':
      return `${kotlinType(type.of)}?`;
    case 'list':
      return `List<${kotlinType(type.of)}>`;
    case 'map':
      return `Map<String, ${kotlinType(type.of)}>`;
    case 'named':
      return type.name;
  }
}

/** A one-line KDoc, however long (the data's docs are single sentences); none for no text. */
const kdoc = (w: Lines, text: string | null): Lines => (text ? w.line(`/** ${text} */`) : w);
const enumCase = (value: string) => inCase(value, 'SCREAMING_SNAKE');

/** `head(` the fields as constructor properties, one a line, `)tail`; `head tail` without fields. */
function withProperties(w: Lines, head: string, fields: DataField[], tail = ''): void {
  if (fields.length === 0) {
    w.line(`${head}${tail}`);
    return;
  }
  w.block(
    `${head}(`,
    (b) =>
      fields.forEach((f) =>
        kdoc(b, f.doc).line(`val ${f.name}: ${kotlinType(f.type)}${f.type.kind === 'optional' ? ' = null' : ''},`),
      ),
    `)${tail}`,
  );
}

function declaration(w: Lines, decl: Declaration): void {
  kdoc(w, decl.doc);
  switch (decl.kind) {
    case 'record':
      return withProperties(w, `internal class ${decl.name}`, decl.fields);
    case 'union':
      w.block(
        `internal sealed interface ${decl.name} {`,
        (b) =>
          decl.members.forEach((m, i) => {
            if (i > 0) b.blank();
            withProperties(kdoc(b, m.doc), `class ${m.name}`, m.fields, ` : ${decl.name}`);
          }),
        '}',
      );
      return;
    case 'enum':
      w.block(
        `internal enum class ${decl.name}(val text: String) {`,
        (b) => decl.values.forEach((v) => b.line(`${enumCase(v)}(${stringLiteral(v)}),`)),
        '}',
      );
  }
}

/** The Kotlin declarations of every type the spec data holds. */
export function kotlinSpecDeclarations(): string {
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
  items: fields.map(({ field, value }) => ({ prefix: `${field.name} = `, doc: value })),
});

const KOTLIN_SYNTAX: LiteralSyntax = {
  width: 120,
  indent: '    ',
  string: stringLiteral,
  // A Double's literal has a point.
  number: (n) => (/[.eE]/.test(String(n)) ? String(n) : `${n}.0`),
  boolean: (b) => String(b),
  absent: null,
  list: (_of, items) => ({ open: 'listOf(', close: ')', items: items.map((doc) => ({ doc })) }),
  map: (_of, entries) => ({
    open: 'mapOf(',
    close: ')',
    items: entries.map((e) => ({ prefix: `${stringLiteral(e.key)} to `, doc: e.value })),
  }),
  record: (decl, fields) => call(decl.name, fields),
  member: (decl, member, fields) => call(`${decl.name}.${member.name}`, fields),
  enumValue: (decl, value) => `${decl.name}.${enumCase(value)}`,
};

/** The spec data of one version as a Kotlin expression, laid out from `level` indents in. */
export function kotlinSpecLiteral(data: SpecData, level: number): string {
  return layout(literalOf(data, root, declarations, KOTLIN_SYNTAX), KOTLIN_SYNTAX, level, level * 4);
}
