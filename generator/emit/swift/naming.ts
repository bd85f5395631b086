/**
 * Swift's naming config for the kit (generator/emit/kit/naming.ts), and Swift's string literals.
 */

import { declaredNames, matchesOf, runtimeFileNames, specDataTypeNames } from '../kit/declared-names.js';
import { type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';

/** Swift's keywords and the few other words that cannot stand bare as a declaration's name. */
export const SWIFT_KEYWORDS: ReadonlySet<string> = new Set([
  // Declarations
  'associatedtype',
  'borrowing',
  'class',
  'consuming',
  'deinit',
  'enum',
  'extension',
  'fileprivate',
  'func',
  'import',
  'init',
  'inout',
  'internal',
  'let',
  'nonisolated',
  'open',
  'operator',
  'private',
  'precedencegroup',
  'protocol',
  'public',
  'rethrows',
  'static',
  'struct',
  'subscript',
  'typealias',
  'var',
  // Statements
  'break',
  'case',
  'catch',
  'continue',
  'default',
  'defer',
  'do',
  'else',
  'fallthrough',
  'for',
  'guard',
  'if',
  'in',
  'repeat',
  'return',
  'throw',
  'switch',
  'where',
  'while',
  // Expressions and types
  'Any',
  'as',
  'await',
  'false',
  'is',
  'nil',
  'self',
  'Self',
  'super',
  'throws',
  'true',
  'try',
  // Reserved in particular contexts, escaped everywhere to be safe
  'Protocol',
  'Type',
  'async',
  'some',
  'any',
  'actor',
]);

/**
 * The source files the package writes whatever the model, by name (emitSwift writes each through
 * `SwiftSourceFile`): a record is written to a file named for it, so no model type may take one of these either.
 */
export const SWIFT_SOURCE_FILES = [
  'AppleRoleMapping',
  'Operations',
  'EffectiveState',
  'SafeDecoding',
  'Spec',
  'SDKVersion',
] as const;
export type SwiftSourceFile = (typeof SWIFT_SOURCE_FILES)[number];

/** A type a Swift source declares: struct, enum, class, protocol, actor or typealias (an extension declares none). */
const SWIFT_DECLARATION =
  /^\s*(?:(?:public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/gm;

/**
 * Type names a generated type must not shadow: Swift's and Foundation's that the files use, and those the package
 * declares itself (templates/swift/ and runtime/swift/, read from their sources), the names of its files, the spec
 * data's (Spec.swift) and the reader's.
 */
export const SWIFT_RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'String',
  'Bool',
  'Double',
  'Int',
  'Array',
  'Dictionary',
  'Optional',
  'Codable',
  'Decoder',
  'Encoder',
  'Error',
  'CodingKeys',
  'Data',
  'URL',
  'Thread',
  ...declaredNames('swift', matchesOf(SWIFT_DECLARATION)),
  ...runtimeFileNames('swift'),
  ...SWIFT_SOURCE_FILES,
  ...specDataTypeNames(),
  ...readerTypeNames('UpperCamelKeeping'),
]);

/** The members the role enum declares beside its cases (templates/swift/Role.swift.hbs); no case may take one. */
const ROLE_ENUM_MEMBERS: ReadonlySet<string> = new Set([
  'unknown',
  'rootRole',
  'fallbackRole',
  'allKnown',
  'rawValue',
  'isKnown',
  'readsAs',
  'description',
  'appleRoles',
  'fromAppleRole',
]);

/**
 * Swift's names, as Swift's API guidelines and quicktype's Swift renderer have them: types in upper camel case and
 * the rest in lower camel case, keeping a word's inner capitals and reading an all-capital word as an acronym
 * (`McpRole`, `mimeType`); a keyword in backticks (`` `protocol` ``), a reserved type suffixed `Type`.
 */
export const SWIFT_NAMING: NamingConfig = {
  keywords: SWIFT_KEYWORDS,
  reservedTypes: SWIFT_RESERVED_TYPE_NAMES,
  reservedMembers: new Set(),
  types: 'UpperCamelKeeping',
  members: 'lowerCamelKeeping',
  constants: 'lowerCamelKeeping',
  enumCases: 'lowerCamelKeeping',
  escapeType: (name) => `${name}Type`,
  escapeMember: (name) => `\`${name}\``,
  reservedRoleCases: ROLE_ENUM_MEMBERS,
  freeRoleCase: (name) => `${name}Role`,
};

export const swiftNames = (): Names => new Names(SWIFT_NAMING);

/** A name without the backticks that escape a keyword: what an argument label or a derived name starts from. */
export const bare = (name: string): string => name.replace(/`/g, '');

/** A Swift string literal, for values from the model (role names, Apple role strings, reasons). */
export function stringLiteral(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}
