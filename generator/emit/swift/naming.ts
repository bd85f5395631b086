/**
 * Swift identifiers from names in the model, in the manner of quicktype's Swift renderer: split a name into words,
 * join them in camel case, keep only characters Swift allows, and escape the words Swift reserves.
 */

import { inCase } from '../kit/naming.js';

/** Swift's keywords and the few other words that cannot stand bare as a declaration's name. */
export const SWIFT_KEYWORDS: ReadonlySet<string> = new Set([
  // Declarations
  'associatedtype', 'borrowing', 'class', 'consuming', 'deinit', 'enum', 'extension', 'fileprivate', 'func', 'import',
  'init', 'inout', 'internal', 'let', 'nonisolated', 'open', 'operator', 'private', 'precedencegroup', 'protocol',
  'public', 'rethrows', 'static', 'struct', 'subscript', 'typealias', 'var',
  // Statements
  'break', 'case', 'catch', 'continue', 'default', 'defer', 'do', 'else', 'fallthrough', 'for', 'guard', 'if', 'in',
  'repeat', 'return', 'throw', 'switch', 'where', 'while',
  // Expressions and types
  'Any', 'as', 'await', 'false', 'is', 'nil', 'self', 'Self', 'super', 'throws', 'true', 'try',
  // Reserved in particular contexts, escaped everywhere to be safe
  'Protocol', 'Type', 'async', 'some', 'any', 'actor',
]);

/** Names the generated package declares itself; a model name that would collide with one is an error. */
export const SWIFT_RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'String', 'Bool', 'Double', 'Int', 'Array', 'Dictionary', 'Optional', 'Codable', 'Decoder', 'Encoder', 'Error',
  'JSONValue', 'CodingKeys', 'Data', 'URL', 'DecodingLimits', 'JSONInputError', 'JSONPreScan', 'AnyCodingKey', 'LargeStack', 'Thread',
]);

/** The members the role enum declares beside its cases (templates/swift/Role.swift.hbs); no case may take one. */
export const ROLE_ENUM_MEMBERS: readonly string[] = [
  'unknown', 'rootRole', 'fallbackRole', 'allKnown', 'rawValue', 'isKnown', 'readsAs', 'description', 'appleRoles',
  'fromAppleRole',
];


/** A type's name: `McpRole` stays, `window furniture` -> `WindowFurniture`. */
export const upperCamel = (name: string): string => inCase(name, 'UpperCamelKeeping', 'empty');

/** A property's or a case's name: `Application` -> `application`, `resource_link` -> `resourceLink`. */
export const lowerCamel = (name: string): string => inCase(name, 'lowerCamelKeeping', 'empty');

/** Escapes a keyword with backticks, so `protocol` can be a property: `` `protocol` ``. */
export function escape(identifier: string): string {
  return SWIFT_KEYWORDS.has(identifier) ? `\`${identifier}\`` : identifier;
}

/** Makes names unique within one scope by numbering the later ones, as quicktype does. */
export class Namer {
  private readonly taken = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }
  name(proposed: string): string {
    let candidate = proposed;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${proposed}${n}`;
    this.taken.add(candidate);
    return candidate;
  }
}

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

/** `///` lines from the spec's Markdown text, wrapped at about 100 columns, ending with a full stop. */
export function docLines(text: string | null | undefined, width = 100): string[] {
  const trimmed = (text ?? '').replace(/\s+/g, ' ').trim();
  if (trimmed.length === 0) return [];
  const sentence = /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
  const lines: string[] = [];
  let line = '';
  for (const word of sentence.split(' ')) {
    if (line.length > 0 && line.length + 1 + word.length > width) {
      lines.push(`/// ${line}`);
      line = word;
    } else {
      line = line.length > 0 ? `${line} ${word}` : word;
    }
  }
  if (line.length > 0) lines.push(`/// ${line}`);
  return lines;
}
