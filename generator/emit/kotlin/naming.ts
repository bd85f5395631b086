/**
 * Kotlin identifiers and literals, in the manner of quicktype's Kotlin renderer: split a name into words,
 * restyle the words, drop characters Kotlin does not allow, and keep clear of the language's keywords.
 */

import { inCase, type NamingConfig, Names, words } from '../kit/naming.js';

/** The words of a name, split the same way for every language. */
export { words };

/** Hard keywords (never usable as names) and the soft and modifier keywords a generated name should avoid. */
export const KOTLIN_HARD_KEYWORDS: ReadonlySet<string> = new Set([
  'as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is', 'null',
  'object', 'package', 'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof', 'val', 'var',
  'when', 'while',
]);

export const KOTLIN_SOFT_KEYWORDS: ReadonlySet<string> = new Set([
  'by', 'catch', 'constructor', 'delegate', 'dynamic', 'field', 'file', 'finally', 'get', 'import', 'init', 'param',
  'property', 'receiver', 'set', 'setparam', 'value', 'where', 'abstract', 'actual', 'annotation', 'companion',
  'const', 'crossinline', 'data', 'enum', 'expect', 'external', 'final', 'infix', 'inline', 'inner', 'internal',
  'lateinit', 'noinline', 'open', 'operator', 'out', 'override', 'private', 'protected', 'public', 'reified',
  'sealed', 'suspend', 'tailrec', 'vararg',
]);

/** Type names a generated class must not shadow: Kotlin's own and the ones the generated files import. */
export const KOTLIN_RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Any', 'Array', 'Boolean', 'Byte', 'Char', 'Class', 'Double', 'Enum', 'Float', 'Int', 'List', 'Long', 'Map',
  'Nothing', 'Number', 'Pair', 'Result', 'Set', 'Short', 'String', 'System', 'Unit', 'Json', 'JsonArray',
  'JsonElement', 'JsonNull', 'JsonObject', 'JsonPrimitive', 'Serializable', 'SerialName', 'KSerializer',
]);


/** Kotlin's names: classes and enum entries in UpperCamel, a reserved one suffixed `Type`; properties in lowerCamel, a hard keyword in backticks. */
export const KOTLIN_NAMING: NamingConfig = {
  keywords: KOTLIN_HARD_KEYWORDS,
  reservedTypes: KOTLIN_RESERVED_TYPE_NAMES,
  reservedMembers: new Set(),
  types: 'UpperCamel',
  members: 'lowerCamel',
  constants: 'SCREAMING_SNAKE',
  enumCases: 'UpperCamel',
  escapeType: (name) => `${name}Type`,
  escapeMember: (name) => `\`${name}\``,
};

const names = new Names(KOTLIN_NAMING);

/** `resource_link` -> `ResourceLink`: a class, object or enum entry name. */
export const typeName = (original: string): string => names.type(original);

/** `_meta` -> `meta`, `mimeType` -> `mimeType`: a property or parameter name. */
export const propertyName = (original: string): string => names.member(original);

/** `two words` -> `TWO_WORDS`: a constant name. */
export const constantName = (original: string): string => names.constant(original);

/** A Kotlin string literal, with `$` escaped so no template expression is formed. */
export function stringLiteral(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '$') out += '\\$';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A JSON Pointer reference token (RFC 6901). */
export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A KDoc block at the given indent, the text wrapped to about 110 columns. Text is Markdown from the spec, which
 * KDoc reads as Markdown too; only a closing comment marker must be broken up.
 */
export function kdoc(paragraphs: readonly string[], indent = ''): string {
  const width = 110 - indent.length - 3;
  const lines: string[] = [];
  paragraphs
    .map((p) => p.replace(/\*\//g, '*&#47;').replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
    .forEach((p, i) => {
      if (i > 0) lines.push('');
      let line = '';
      for (const word of p.split(' ')) {
        if (line.length > 0 && line.length + 1 + word.length > width) {
          lines.push(line);
          line = word;
        } else line = line.length > 0 ? `${line} ${word}` : word;
      }
      if (line.length > 0) lines.push(line);
    });
  if (lines.length === 0) return '';
  if (lines.length === 1 && (lines[0] ?? '').length <= width - 4) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`].join('\n');
}

/**
 * kotlinx.serialization reads `"true"` as a boolean and `"12"` as a number; the spec's JSON types do not. These
 * generated serializers (StrictPrimitives.kt) accept only the JSON type itself.
 */
export const STRICT_SERIALIZERS: Readonly<Record<string, string>> = {
  Boolean: 'StrictBooleanSerializer',
  Double: 'StrictDoubleSerializer',
  Long: 'StrictLongSerializer',
};

/** The annotation a property of this Kotlin type needs (or ''), and the type with any list items annotated. */
export function strictType(type: string): { annotation: string; type: string } {
  const direct = STRICT_SERIALIZERS[type];
  if (direct) return { annotation: `@Serializable(with = ${direct}::class) `, type };
  return {
    annotation: '',
    type: type.replace(/<(Boolean|Double|Long)>/g, (_, t: string) => `<@Serializable(with = ${STRICT_SERIALIZERS[t] ?? ''}::class) ${t}>`),
  };
}

/**
 * The name of a role's object nested in the role class. Nested names shadow Kotlin's own inside that class, which
 * the class body allows for by spelling `kotlin.collections.List` and `Map` in full; the few names it cannot
 * allow for gain a suffix.
 */
export function nestedObjectName(original: string): string {
  const name = inCase(original, 'UpperCamel');
  const clashes = new Set(['Unknown', 'Companion', 'String', 'Boolean', 'Any', 'Unit', 'Nothing']);
  return clashes.has(name) || KOTLIN_HARD_KEYWORDS.has(name) ? `${name}Role` : name;
}

/**
 * Serializers for optional properties: an absent field reads as null, but an explicit `null` fails, as in the
 * Swift and TypeScript bindings (no field's type includes null). One `internal object` per Kotlin type, rendered
 * into OptionalFields.kt; a type whose values include null (`JsonElement`) keeps kotlinx.serialization's own.
 */
export class OptionalSerializers {
  private readonly entries = new Map<string, { name: string; type: string; inner: string }>();

  /** `aliases`: type names to read as others (the attributes typealias); `serializers`: types with their own object. */
  constructor(
    private readonly aliases: ReadonlyMap<string, string> = new Map(),
    private readonly serializers: Map<string, string> = new Map(),
  ) {}

  /** Registers a type whose serializer is an object of its own rather than `Type.serializer()`. */
  own(type: string, serializer: string): void {
    this.serializers.set(type, serializer);
  }

  /** The property annotation for an optional property of this (non-null) Kotlin type, or null to keep the default. */
  annotation(type: string): string | null {
    const inner = this.serializer(type);
    if (inner === null) return null;
    let entry = this.entries.get(type);
    if (!entry) {
      entry = { name: `Optional${words(type).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}Serializer`, type, inner };
      if ([...this.entries.values()].some((e) => e.name === entry?.name)) throw new Error(`kotlin: two optional types are named ${entry.name}`);
      this.entries.set(type, entry);
    }
    return `@Serializable(with = ${entry.name}::class)\n    `;
  }

  private serializer(type: string): string | null {
    const list = /^List<(.+)>$/.exec(type);
    if (list) {
      const items = this.serializer(list[1] ?? '');
      return items === null ? null : `ListSerializer(${items})`;
    }
    if (type.endsWith('?') || type === 'JsonElement') return null;
    const strict = STRICT_SERIALIZERS[type];
    if (strict) return strict;
    const own = this.serializers.get(type);
    if (own) return own;
    const alias = this.aliases.get(type);
    if (alias) return this.serializer(alias);
    return `${type}.serializer()`;
  }

  /** Every registered serializer, by name. */
  all(): { name: string; type: string; inner: string }[] {
    return [...this.entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
