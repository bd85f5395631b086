import { declaredNames, specDataTypeNames } from '../kit/declared-names.js';
import { type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';

/** Go's keywords and predeclared identifiers a generated name must not shadow. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
  'any',
  'bool',
  'byte',
  'error',
  'string',
  'int',
  'nil',
  'true',
  'false',
  'iota',
  'len',
  'cap',
  'make',
  'new',
]);

/** An exported package-level name: `type`, `func` (not a method), `var` or `const`, alone or in a ( ) block. */
const TOP_LEVEL = /^(?:type|func|var|const)\s+([A-Z]\w*)/gm;
const BLOCK = /^(?:type|var|const)\s*\(\n([\s\S]*?)^\)/gm;
const IN_BLOCK = /^\t([A-Z]\w*)\b/gm;

/** The exported names a Go source declares at package level. */
export function goDeclarations(source: string): string[] {
  const inBlocks = [...source.matchAll(BLOCK)].flatMap((b) =>
    [...(b[1] ?? '').matchAll(IN_BLOCK)].map((m) => m[1] as string),
  );
  return [...[...source.matchAll(TOP_LEVEL)].map((m) => m[1] as string), ...inBlocks];
}

/**
 * The exported names the package declares itself, which no model type may take: those written in runtime/go/ and
 * templates/go/ (read from their sources), the spec data's types (spec.go) and the reader's; no record field may
 * take `Extra` (where a record keeps the fields it does not know) or `Kind`.
 */
const RESERVED_TYPES: ReadonlySet<string> = new Set([
  ...declaredNames('go', goDeclarations),
  ...specDataTypeNames(),
  ...readerTypeNames('UpperCamel'),
]);

const RESERVED_MEMBERS: ReadonlySet<string> = new Set(['Extra', 'Kind', 'MarshalJSON', 'UnmarshalJSON', 'String']);

/** Go's initialisms (Effective Go, and the Go wiki's code review comments): `ID`, `URL`, not `Id`, `Url`. */
const INITIALISMS = /(Id|Url|Uri|Mcp|Json|Http|Api|Mime)(?=[A-Z0-9]|$)/g;
export const initialisms = (name: string): string => name.replace(INITIALISMS, (word) => word.toUpperCase());

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
  spell: initialisms,
};

/** Names in Go's cases, each with its initialisms in capitals, clear of what the package declares. */
export const goNames = (): Names => new Names(GO_NAMING);

/** A Go string literal: JSON's escapes are Go's for every character a spec holds. */
export const goLiteral = (text: string): string => JSON.stringify(text);
