import { type DataField, type DataType, type Declaration, declarationsOf } from '../kit/data-shape.js';
import { type Doc, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
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

const kdoc = (text: string | null, indent: string) => (text ? `${indent}/** ${text} */\n` : '');
const enumCase = (value: string) => inCase(value, 'SCREAMING_SNAKE');

function parameters(fields: DataField[], indent: string): string {
  if (fields.length === 0) return '';
  const lines = fields.map((f) => `${kdoc(f.doc, `${indent}    `)}${indent}    val ${f.name}: ${kotlinType(f.type)}${f.type.kind === 'optional' ? ' = null' : ''},\n`);
  return `(\n${lines.join('')}${indent})`;
}

function declaration(decl: Declaration): string {
  switch (decl.kind) {
    case 'record':
      return `${kdoc(decl.doc, '')}internal class ${decl.name}${parameters(decl.fields, '')}\n`;
    case 'union': {
      const members = decl.members.map((m) => `${kdoc(m.doc, '    ')}    class ${m.name}${parameters(m.fields, '    ')} : ${decl.name}\n`);
      return `${kdoc(decl.doc, '')}internal sealed interface ${decl.name} {\n${members.join('\n')}}\n`;
    }
    case 'enum': {
      const cases = decl.values.map((v) => `    ${enumCase(v)}(${stringLiteral(v)}),\n`).join('');
      return `${kdoc(decl.doc, '')}internal enum class ${decl.name}(val text: String) {\n${cases}}\n`;
    }
  }
}

/** The Kotlin declarations of every type the spec data holds. */
export function kotlinSpecDeclarations(): string {
  return declarations.map(declaration).join('\n');
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
  map: (_of, entries) => ({ open: 'mapOf(', close: ')', items: entries.map((e) => ({ prefix: `${stringLiteral(e.key)} to `, doc: e.value })) }),
  record: (decl, fields) => call(decl.name, fields),
  member: (decl, member, fields) => call(`${decl.name}.${member.name}`, fields),
  enumValue: (decl, value) => `${decl.name}.${enumCase(value)}`,
};

/** The spec data of one version as a Kotlin expression, laid out from `level` indents in. */
export function kotlinSpecLiteral(data: SpecData, level: number): string {
  return layout(literalOf(data, root, declarations, KOTLIN_SYNTAX), KOTLIN_SYNTAX, level, level * 4);
}
