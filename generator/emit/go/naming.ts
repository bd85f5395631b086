import { type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';

/** Go's keywords and predeclared identifiers a generated name must not shadow. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func', 'go', 'goto',
  'if', 'import', 'interface', 'map', 'package', 'range', 'return', 'select', 'struct', 'switch', 'type', 'var',
  'any', 'bool', 'byte', 'error', 'string', 'int', 'nil', 'true', 'false', 'iota', 'len', 'cap', 'make', 'new',
]);

/**
 * The exported names the package declares itself (runtime/go/*.go and the templates): no model type may take
 * one, and no record field may take `Extra` (where a record keeps the fields it does not know) or `Kind`.
 */
const RESERVED_TYPES: ReadonlySet<string> = new Set([
  'Value', 'Number', 'Member', 'Object', 'JSONError', 'DecodeError', 'Finding', 'Severity', 'Checker', 'CheckOptions',
  'SpecData', 'TypeShape', 'StateDefault', 'StateRule', 'Tree', 'RoleRules', 'FieldRule', 'Removed', 'Deprecated',
  'Alias', 'Alternatives', 'Property', 'ContentKind', 'Requirement', 'TypeKindOf', 'RecordRules', 'Spec', 'Specs',
  'Limits', 'ReadRole', 'AppleRoleMapping', 'ParsedAnswer', 'AnswerError', 'Operations', 'ToolDefinition',
  ...readerTypeNames('UpperCamel'),
]);

const RESERVED_MEMBERS: ReadonlySet<string> = new Set(['Extra', 'Kind', 'MarshalJSON', 'UnmarshalJSON', 'String']);

export const GO_NAMING: NamingConfig = {
  keywords: KEYWORDS,
  reservedTypes: RESERVED_TYPES,
  reservedMembers: RESERVED_MEMBERS,
  types: 'UpperCamel',
  members: 'UpperCamel',
  constants: 'UpperCamel',
  enumCases: 'UpperCamel',
  escapeType: (name) => `${name}Type`,
  escapeMember: (name) => `${name}Field`,
};

/** Go's initialisms (Effective Go, and the Go wiki's code review comments): `ID`, `URL`, not `Id`, `Url`. */
const INITIALISMS = /(Id|Url|Uri|Mcp|Json|Http|Api|Mime)(?=[A-Z0-9]|$)/g;
export const initialisms = (name: string): string => name.replace(INITIALISMS, (word) => word.toUpperCase());

/** Names in Go's cases, each with its initialisms in capitals. */
class GoNames extends Names {
  override type(name: string): string {
    return initialisms(super.type(name));
  }
  override member(name: string): string {
    return initialisms(super.member(name));
  }
  override constant(name: string): string {
    return initialisms(super.constant(name));
  }
  override enumCase(name: string): string {
    return initialisms(super.enumCase(name));
  }
}

export const goNames = (): Names => new GoNames(GO_NAMING);

/** A Go string literal: JSON's escapes are Go's for every character a spec holds. */
export const goLiteral = (text: string): string => JSON.stringify(text);

/** Doc comment lines for `text`, each `// ` and at most about 110 columns wide, indented by `indent`. */
export function goDoc(text: string, indent = ''): string {
  if (!text) return '';
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > 110 - indent.length) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `${indent}// ${l}\n`).join('');
}
