import { declaredNames, matchesOf, specDataTypeNames } from '../kit/declared-names.js';
import { type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';
import { type Lines, linesOf } from '../core/lines.js';

/** Rust's strict and reserved keywords (2024 edition): a name that is one is written as a raw identifier. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'as',
  'async',
  'await',
  'break',
  'const',
  'continue',
  'crate',
  'dyn',
  'else',
  'enum',
  'extern',
  'false',
  'fn',
  'for',
  'gen',
  'if',
  'impl',
  'in',
  'let',
  'loop',
  'match',
  'mod',
  'move',
  'mut',
  'pub',
  'ref',
  'return',
  'self',
  'Self',
  'static',
  'struct',
  'super',
  'trait',
  'true',
  'type',
  'unsafe',
  'use',
  'where',
  'while',
  'abstract',
  'become',
  'box',
  'do',
  'final',
  'macro',
  'override',
  'priv',
  'typeof',
  'unsized',
  'virtual',
  'yield',
  'try',
  'union',
]);

/** Keywords a raw identifier cannot spell: these take a trailing underscore instead. */
const NOT_RAW: ReadonlySet<string> = new Set(['crate', 'self', 'Self', 'super', '_']);

/** A type or trait a Rust source declares at any level: struct, enum, union, trait or type alias. */
const RUST_DECLARATION = /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|union|trait|type)\s+(\w+)/gm;

/**
 * The prelude's and serde's types a model type must not shadow, and the names the crate declares itself (its
 * templates' and runtime's, read from their sources, the spec data's and the reader's).
 */
const RESERVED_TYPES: ReadonlySet<string> = new Set([
  'Option',
  'Result',
  'String',
  'Vec',
  'Box',
  'Some',
  'None',
  'Ok',
  'Err',
  'Value',
  'Map',
  'Number',
  'Serialize',
  'Deserialize',
  'Serializer',
  'Deserializer',
  ...declaredNames('rust', matchesOf(RUST_DECLARATION)),
  ...specDataTypeNames(),
  ...readerTypeNames('UpperCamel'),
]);

/** The member every record declares for the fields it does not know. */
export const REST_FIELD = 'rest';

export const RUST_NAMING: NamingConfig = {
  keywords: KEYWORDS,
  reservedTypes: RESERVED_TYPES,
  reservedMembers: new Set([REST_FIELD]),
  types: 'UpperCamel',
  members: 'snake_case',
  constants: 'SCREAMING_SNAKE',
  enumCases: 'UpperCamel',
  escapeType: (name) => `${name}Type`,
  // A raw identifier (`r#type`), as Rust writes a keyword used as a name; the few it cannot spell take `_`.
  escapeMember: (name) => (NOT_RAW.has(name) || !KEYWORDS.has(name) ? `${name}_` : `r#${name}`),
  // The role enum keeps `Other` for a role outside the language.
  reservedRoleCases: new Set(['Other']),
  freeRoleCase: (name) => `${name}Role`,
};

export const rustNames = (): Names => new Names(RUST_NAMING);

/** A Rust string literal: JSON's escapes, but `\u{...}` for the characters Rust writes that way. */
export function rustString(text: string): string {
  return `"${[...text]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (c === '"') return '\\"';
      if (c === '\\') return '\\\\';
      if (c === '\n') return '\\n';
      if (c === '\r') return '\\r';
      if (c === '\t') return '\\t';
      return code < 0x20 || code === 0x7f ? `\\u{${code.toString(16)}}` : c;
    })
    .join('')}"`;
}

/** A `///` doc comment, wrapped to 100 columns with its indentation; nothing for empty text. */
export const rustDoc = (w: Lines, text: string): Lines => w.docComment('/// ', text, 100);

/** A `///` doc comment at `indent` spaces, for a template's view or a printer's string. */
export const docComment = (text: string, indent: number): string => linesOf((w) => rustDoc(w, text), ' ', indent);
