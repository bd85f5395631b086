/**
 * Names for typed code targets, one config per language: how a name from the model (`resource_link`,
 * `lastModified`, `_meta`, `Application`) becomes a type, member, constant or enum case name there, clear of the
 * language's keywords and of the names the generated code declares itself.
 */

/** Splits `resource_link`, `lastModified`, `two words`, `URLValue` or `_meta` into words. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * How words are joined. The camel cases lower every letter but a word's first; the `Keeping` ones keep a word's
 * inner capitals (`McpRole`, `mimeType`) and read an all-capital word as an acronym (`URL` -> `Url`), as Swift's
 * API guidelines and quicktype's Swift renderer do.
 */
export type Case =
  | 'UpperCamel'
  | 'lowerCamel'
  | 'UpperCamelKeeping'
  | 'lowerCamelKeeping'
  | 'snake_case'
  | 'SCREAMING_SNAKE';

export interface NamingConfig {
  /** Words that cannot be names in the language. */
  readonly keywords: ReadonlySet<string>;
  /** Type names a generated type must not take: the language's own and those the generated code declares. */
  readonly reservedTypes: ReadonlySet<string>;
  /** Member names a generated member must not take (a base class's methods, say). */
  readonly reservedMembers: ReadonlySet<string>;
  readonly types: Case;
  readonly members: Case;
  readonly constants: Case;
  readonly enumCases: Case;
  /** How a type name that is reserved is made free: `List` -> `ListType` in Kotlin, `List_` in Python. */
  readonly escapeType: (name: string) => string;
  /** A language's own spelling of a name already in its case (Go's initialisms: `ID`), applied before a reserved name is looked for. */
  readonly spell?: (name: string) => string;
  /** How any other name that is a keyword or reserved is made legal: `class` -> `class_` in Python, `` `class` `` in Kotlin. */
  readonly escapeMember: (name: string) => string;
  /**
   * Names a role's case must not take, beyond the keywords: the members the generated role type declares beside
   * its cases (Swift's `unknown`, Kotlin's `Unknown` and `Companion`). None by default.
   */
  readonly reservedRoleCases?: ReadonlySet<string>;
  /** How a reserved role case name is made free, where escaping would not do (`unknown` -> `unknownRole`); `escapeMember` by default. */
  readonly freeRoleCase?: (name: string) => string;
}

const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const keeping = (w: string) => (w === w.toUpperCase() && w.length > 1 ? capitalize(w.toLowerCase()) : capitalize(w));

/** A name in the given case; `empty` is the name of a name with no words (the style's own `Unnamed` by default). */
export function inCase(name: string, style: Case, empty?: string): string {
  const parts = words(name);
  let joined: string;
  switch (style) {
    case 'UpperCamel':
      joined = parts.map(upperFirst).join('');
      break;
    case 'lowerCamel':
      joined = parts.map((w, i) => (i === 0 ? w.toLowerCase() : upperFirst(w))).join('');
      break;
    case 'UpperCamelKeeping':
      joined = parts.map(keeping).join('');
      break;
    case 'lowerCamelKeeping':
      joined = parts
        .map((w, i) =>
          i > 0 ? keeping(w) : w === w.toUpperCase() ? w.toLowerCase() : w.charAt(0).toLowerCase() + w.slice(1),
        )
        .join('');
      break;
    case 'snake_case':
      joined = parts.map((w) => w.toLowerCase()).join('_');
      break;
    case 'SCREAMING_SNAKE':
      joined = parts.map((w) => w.toUpperCase()).join('_');
      break;
  }
  if (joined === '')
    joined = empty ?? (style === 'SCREAMING_SNAKE' ? 'UNNAMED' : style.startsWith('Upper') ? 'Unnamed' : 'unnamed');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** One language's names for the model's names. */
export class Names {
  constructor(readonly config: NamingConfig) {}

  /** A name in `style`, spelt as the language spells it. */
  private spelt(name: string, style: NamingConfig['types']): string {
    const n = inCase(name, style);
    return this.config.spell ? this.config.spell(n) : n;
  }

  type(name: string): string {
    const n = this.spelt(name, this.config.types);
    return this.config.keywords.has(n) || this.config.reservedTypes.has(n) ? this.config.escapeType(n) : n;
  }

  member(name: string): string {
    const n = this.spelt(name, this.config.members);
    return this.config.keywords.has(n) || this.config.reservedMembers.has(n) ? this.config.escapeMember(n) : n;
  }

  constant(name: string): string {
    const n = this.spelt(name, this.config.constants);
    return this.config.keywords.has(n) ? this.config.escapeMember(n) : n;
  }

  enumCase(name: string): string {
    const n = this.spelt(name, this.config.enumCases);
    return this.config.keywords.has(n) || this.config.reservedMembers.has(n) ? this.config.escapeMember(n) : n;
  }
}

/** A role's case in the role enum: an enum case clear of the members the role type declares itself. */
export function roleCase(names: Names, name: string): string {
  const n = inCase(name, names.config.enumCases);
  return names.config.reservedRoleCases?.has(n)
    ? (names.config.freeRoleCase ?? names.config.escapeMember)(n)
    : names.enumCase(name);
}

/**
 * The names of one scope (a record's fields, an enum's cases) made distinct: two model names that meet in one
 * identifier (`fooBar`, `foo bar`) number the later ones, inside any backticks: `fooBar`, `fooBar2`.
 */
export function distinct(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/(`?)$/, `${n}$1`);
    taken.add(candidate);
    return candidate;
  });
}
