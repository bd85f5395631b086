import {
  type DataField,
  type DataType,
  type Declaration,
  declarationNamed,
  declarationsOf,
} from '../kit/data-shape.js';
import { SpecDataSchema } from '../kit/spec-shape.js';

/**
 * The spec data's types in TypeScript, printed from its one declaration (kit/spec-shape.ts): the types a package user
 * meets by name (`SpecData`, and the ones it reaches recursively or that the runtime names) as exported aliases, the
 * rest written where they are used, all readonly.
 */

/** The declarations exported by name, in the order they are printed. */
const EXPORTED = ['StateDefault', 'TypeShape', 'NestedShape', 'Tree', 'SpecData'];

const { declarations } = declarationsOf(SpecDataSchema);

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const doc = (text: string | null, indent: string) => (text ? `${indent}/** ${text} */\n` : '');

function typeOf(type: DataType): string {
  switch (type.kind) {
    case 'string':
      return type.values ? type.values.map(quote).join(' | ') : 'string';
    case 'boolean':
    case 'number':
      return type.kind;
    case 'optional':
      return type.nullable ? `${typeOf(type.of)} | null` : typeOf(type.of);
    case 'list': {
      const items = typeOf(type.of);
      return `readonly ${isUnion(type.of) ? `(${items})` : items}[]`;
    }
    case 'map':
      return `Readonly<Record<string, ${typeOf(type.of)}>>`;
    case 'named':
      return EXPORTED.includes(type.name) ? type.name : inline(declarationNamed(declarations, type.name));
  }
}

/** Whether a type is written as a union, which an array type needs in parentheses. */
function isUnion(type: DataType): boolean {
  if (type.kind === 'string') return (type.values?.length ?? 0) > 1;
  if (type.kind === 'optional') return type.nullable;
  if (type.kind !== 'named' || EXPORTED.includes(type.name)) return false;
  const decl = declarationNamed(declarations, type.name);
  return decl.kind === 'enum' ? decl.values.length > 1 : decl.kind === 'union';
}

const member = (f: DataField) =>
  `readonly ${f.name}${f.type.kind === 'optional' && !f.type.nullable ? '?' : ''}: ${typeOf(f.type)}`;

function inline(decl: Declaration): string {
  switch (decl.kind) {
    case 'enum':
      return decl.values.map(quote).join(' | ');
    case 'record':
      return `{ ${decl.fields.map(member).join('; ')} }`;
    case 'union':
      return decl.members
        .map((m) => `{ ${[`readonly ${decl.tag}: ${quote(m.tag)}`, ...m.fields.map(member)].join('; ')} }`)
        .join(' | ');
  }
}

/** A named record one field a line, each with its doc; anything else as it is written inline. */
function declared(decl: Declaration): string {
  if (decl.kind !== 'record') return inline(decl);
  return `{\n${decl.fields.map((f) => `${doc(f.doc, '  ')}  ${member(f)};`).join('\n')}\n}`;
}

/** Each exported type of the spec data: its name, its type and its doc. */
export function specDataTypes(): { name: string; type: string; doc: string }[] {
  return EXPORTED.map((name) => {
    const decl = declarationNamed(declarations, name);
    return { name, type: declared(decl), doc: decl.doc };
  });
}
