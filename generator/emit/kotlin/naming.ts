/**
 * Kotlin's naming config for the kit (generator/emit/kit/naming.ts), its string literals, the KDoc text, and the
 * serializers its properties need.
 */

import { declaredNames, matchesOf, runtimeFileNames, specDataTypeNames, usedTypeNames } from '../kit/declared-names.js';
import { inCase, type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';
import { wrap } from '../shared/text.js';

/** Hard keywords (never usable as names) and the soft and modifier keywords a generated name should avoid. */
export const KOTLIN_HARD_KEYWORDS: ReadonlySet<string> = new Set([
  'as',
  'break',
  'class',
  'continue',
  'do',
  'else',
  'false',
  'for',
  'fun',
  'if',
  'in',
  'interface',
  'is',
  'null',
  'object',
  'package',
  'return',
  'super',
  'this',
  'throw',
  'true',
  'try',
  'typealias',
  'typeof',
  'val',
  'var',
  'when',
  'while',
]);

export const KOTLIN_SOFT_KEYWORDS: ReadonlySet<string> = new Set([
  'by',
  'catch',
  'constructor',
  'delegate',
  'dynamic',
  'field',
  'file',
  'finally',
  'get',
  'import',
  'init',
  'param',
  'property',
  'receiver',
  'set',
  'setparam',
  'value',
  'where',
  'abstract',
  'actual',
  'annotation',
  'companion',
  'const',
  'crossinline',
  'data',
  'enum',
  'expect',
  'external',
  'final',
  'infix',
  'inline',
  'inner',
  'internal',
  'lateinit',
  'noinline',
  'open',
  'operator',
  'out',
  'override',
  'private',
  'protected',
  'public',
  'reified',
  'sealed',
  'suspend',
  'tailrec',
  'vararg',
]);

/** Type names a generated class must not shadow: Kotlin's own and the ones the generated files import. */
export const KOTLIN_RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Any',
  'Array',
  'Boolean',
  'Byte',
  'Char',
  'Class',
  'Double',
  'Enum',
  'Float',
  'Int',
  'List',
  'Long',
  'Map',
  'Nothing',
  'Number',
  'Pair',
  'Result',
  'Set',
  'Short',
  'String',
  'System',
  'Unit',
  'Json',
  'JsonArray',
  'JsonElement',
  'JsonNull',
  'JsonObject',
  'JsonPrimitive',
  'Serializable',
  'SerialName',
  'KSerializer',
]);

/**
 * The names a role's object must not take inside the role class: its own `Unknown` and companion, and every type
 * name a generated class must not shadow. A role object named `List` would shadow `kotlin.collections.List` in the
 * role class and wherever a user imports its members, so that role is `ListRole`.
 */
const ROLE_CLASS_MEMBERS: ReadonlySet<string> = new Set(['Unknown', 'Companion', ...KOTLIN_RESERVED_TYPE_NAMES]);

/** Kotlin's names: classes and enum entries in UpperCamel, a reserved one suffixed `Type`; properties in lowerCamel, a hard keyword in backticks. */
/** A Kotlin class, object or interface declaration, and its name. */
const DECLARATION =
  /^\s*(?:(?:internal|private|public|data|sealed|open|abstract|enum|inner)\s+)*(?:class|object|interface)\s+(\w+)/gm;

/**
 * The source files the module writes whatever the model, by name (emitKotlin writes each through `KotlinSourceFile`):
 * a record is written to a file named for it, so no model type may take one of these either.
 */
export const KOTLIN_SOURCE_FILES = [
  'AppleRoles',
  'StrictPrimitives',
  'ElementJson',
  'EffectiveState',
  'OptionalFields',
  'Spec',
  'Operations',
  'SafeDecoding',
] as const;
export type KotlinSourceFile = (typeof KOTLIN_SOURCE_FILES)[number];

/**
 * The classes the module declares itself, which no declaration of the model may take: those written in
 * templates/kotlin/ and runtime/kotlin/ (read from their sources, so one added there is kept too), the names of the
 * runtime's files and the module's own (a record is written to a file named for it), the spec data's types (Spec.kt), the reader's
 * (EffectiveState.kt, named by the kit's vocabulary), and the `ElementJson` configuration.
 */
export const ownClasses = (): string[] => [
  ...declaredNames('kotlin', matchesOf(DECLARATION)),
  ...runtimeFileNames('kotlin'),
  ...KOTLIN_SOURCE_FILES,
  ...specDataTypeNames(),
  ...readerTypeNames('UpperCamel'),
  'ElementJson',
];

export const KOTLIN_NAMING: NamingConfig = {
  keywords: KOTLIN_HARD_KEYWORDS,
  // A class of the package shadows the standard library's of its name in every file: those the code uses are kept too.
  reservedTypes: new Set([...KOTLIN_RESERVED_TYPE_NAMES, ...ownClasses(), ...usedTypeNames('kotlin', '.kt')]),
  reservedMembers: new Set(),
  types: 'UpperCamel',
  members: 'lowerCamel',
  constants: 'SCREAMING_SNAKE',
  enumCases: 'UpperCamel',
  escapeType: (name) => `${name}Type`,
  escapeMember: (name) => `\`${name}\``,
  reservedRoleCases: ROLE_CLASS_MEMBERS,
  freeRoleCase: (name) => `${name}Role`,
};

export const kotlinNames = (): Names => new Names(KOTLIN_NAMING);

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

/** A KDoc block as templates/kotlin/_kdoc.hbs prints it: one short line, or wrapped lines ('' between paragraphs). */
export interface KDoc {
  single: string | null;
  lines: string[];
}

/**
 * The KDoc of some paragraphs for a declaration indented by `indent` spaces, wrapped to 110 columns. The text is
 * Markdown from the spec, which KDoc reads as Markdown too; only a closing comment marker must be broken up.
 */
export function kdoc(paragraphs: readonly string[], indent = 0): KDoc {
  const width = 110 - indent - 3;
  const wrapped = paragraphs.map((p) => wrap(p.replace(/\*\//g, '*&#47;'), width)).filter((p) => p.length > 0);
  const lines = wrapped.flatMap((p, i) => (i > 0 ? ['', ...p] : p));
  const only = lines.length === 1 ? (lines[0] ?? '') : null;
  return only !== null && only.length <= width - 4 ? { single: only, lines: [] } : { single: null, lines };
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

/**
 * Serializers for optional properties: an absent field reads as null, but an explicit `null` fails, as in the
 * Swift and TypeScript bindings (no field's type includes null). One `internal object` per type, rendered
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

  /** The serializer for an optional property of this (non-null) Kotlin type, or null to keep the default. */
  serializerFor(type: string): string | null {
    const inner = this.serializer(type);
    if (inner === null) return null;
    let entry = this.entries.get(type);
    if (!entry) {
      const wanted = `Optional${inCase(type, 'UpperCamelKeeping')}Serializer`;
      let name = wanted;
      for (let n = 2; [...this.entries.values()].some((e) => e.name === name); n++)
        name = wanted.replace(/Serializer$/, `${n}Serializer`);
      entry = { name, type, inner };
      this.entries.set(type, entry);
    }
    return entry.name;
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
