/**
 * Every finding a generated checker can give, stated once: its id, its rule, its severity and its message with
 * named slots. Each binding prints this table in its own syntax beside its spec data, and its checker reports a
 * finding by id with the slots' values, so a message's wording or a finding's severity changes here and nowhere
 * else (spec/README.md, Checker rules, says how a rule is added).
 *
 * A message holds `{slot}` where a value goes. A slot listed in `lists` takes a list of texts, each quoted when
 * `quoted` is set, joined by `joiner`; every other slot takes one text. Which requirement a finding names is not
 * here: the spec's Requirements table decides that, per version.
 */
export type FindingSeverity = 'error' | 'warning';

export interface FindingEntry {
  /** Stable, kebab-case: how a checker asks for this finding. */
  readonly id: string;
  /** The checker rule it belongs to: a rule of CHECK_RULES, or one of the rules no requirement names. */
  readonly rule: string;
  readonly severity: FindingSeverity;
  readonly message: string;
  readonly lists?: Readonly<Record<string, { readonly joiner: string; readonly quoted: boolean }>>;
}

const commas = { joiner: ', ', quoted: false } as const;

/** In the order a reader of the checker's reference meets them: shape, then each rule, then limits and versions. */
export const FINDINGS: readonly FindingEntry[] = [
  // A value of the wrong JSON type. `expected` and `found` are JSON type names ('string', 'object', 'null'...).
  { id: 'wrong-type', rule: 'structure', severity: 'error', message: 'Expected a {expected}, found {found}' },
  { id: 'wrong-role-type', rule: 'structure', severity: 'error', message: 'Expected a role string, found {found}' },
  {
    id: 'wrong-array-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected an array ({label}), found {found}',
  },
  {
    id: 'wrong-record-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected an object ({record}), found {found}',
  },
  {
    id: 'wrong-attributes-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected an object of attributes, found {found}',
  },
  {
    id: 'wrong-children-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected an array of elements, found {found}',
  },
  {
    id: 'missing-field',
    rule: 'structure',
    severity: 'error',
    message: '{record} is missing its required field "{field}"',
  },
  {
    id: 'unknown-field',
    rule: 'structure',
    severity: 'warning',
    message: '{record} has no field "{field}"; a receiver ignores it',
  },
  // A name a version removed (a field, or a reserved attribute), with what replaced it, or `—` in Replaced by.
  {
    id: 'removed-field',
    rule: 'structure',
    severity: 'error',
    message: '"{field}" was removed in {version}; use {replacedBy}',
  },
  {
    id: 'removed-without-replacement',
    rule: 'structure',
    severity: 'error',
    message: '"{field}" was removed in {version}, with no replacement',
  },
  // An enum's value outside its set: as an unknown role, a receiver keeps it (each binding's enum has a case for it).
  {
    id: 'unknown-value',
    rule: 'structure',
    severity: 'warning',
    message: '"{value}" is not a value of {type} ({values}); a receiver keeps it as it is',
    lists: { values: commas },
  },
  // Content blocks: MCP's, checked by the kinds of the pinned MCP version.
  {
    id: 'wrong-content-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected a content block object, found {found}',
  },
  {
    id: 'wrong-content-tag-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected a string content block type, found {found}',
  },
  {
    id: 'wrong-content-property-type',
    rule: 'structure',
    severity: 'error',
    message: 'Expected {expected} for "{property}", found {found}',
  },
  {
    id: 'missing-content-property',
    rule: 'structure',
    severity: 'error',
    message: 'A {kind} content block needs "{property}"',
  },
  {
    id: 'several-alternatives',
    rule: 'structure',
    severity: 'error',
    message: '"{property}" has {present}; it is one of {members}, not several',
    lists: { present: { joiner: ' and ', quoted: true }, members: commas },
  },
  // Inside a content block's nested objects (spec/README.md, Null): what MCP's schema says there (kit/mcp-shapes.ts).
  // A nested value of the wrong JSON type is 'wrong-content-property-type'; a nested object's missing field, 'missing-field'.
  {
    id: 'not-one-of',
    rule: 'structure',
    severity: 'error',
    message: 'Expected one of {allowed} for "{property}"',
    lists: { allowed: { joiner: ', ', quoted: true } },
  },
  { id: 'out-of-range', rule: 'structure', severity: 'error', message: 'Expected a number {bounds} for "{property}"' },
  { id: 'wrong-form', rule: 'structure', severity: 'error', message: 'Expected a {form} string for "{property}"' },
  {
    id: 'no-alternative',
    rule: 'structure',
    severity: 'error',
    message: '"{property}" has none of {keys}; it is one of {members}',
    lists: { keys: { joiner: ' or ', quoted: true }, members: commas },
  },
  {
    id: 'unknown-content-kind',
    rule: 'content-kind',
    severity: 'warning',
    message: '"{kind}" is not a content block type of this version ({kinds}); a receiver keeps it as it is',
    lists: { kinds: commas },
  },
  // States said once, on the element they describe.
  {
    id: 'removed-state',
    rule: 'state-on-element',
    severity: 'error',
    message: '"{field}" states {states} away from the element; it was removed in {version}: use {replacedBy}',
    lists: { states: commas },
  },
  {
    id: 'state-on-record',
    rule: 'state-on-element',
    severity: 'error',
    message: '"{field}" is stated on {record}, not on the element it describes',
  },
  {
    id: 'state-in-attributes',
    rule: 'state-on-element',
    severity: 'error',
    message: '"{field}" is state; state it on the element itself, not in its attributes',
  },
  // The role language.
  { id: 'root-role', rule: 'role-language', severity: 'error', message: 'The root is "{name}"; it must be {rootRole}' },
  {
    id: 'unknown-role',
    rule: 'role-language',
    severity: 'warning',
    message: 'Unknown role "{name}"; a receiver reads it as {unknownRole}',
  },
  // Path states.
  {
    id: 'path-gap',
    rule: 'state-reachable',
    severity: 'error',
    message: '"{state}" is set here but not on the parent "{parent}"; the path from the root has a gap',
  },
  {
    id: 'path-forks',
    rule: 'state-reachable',
    severity: 'warning',
    message: '{count} children have "{state}" set; the path can lead to only one',
  },
  { id: 'duplicate-id', rule: 'unique-id', severity: 'error', message: 'The id "{repeated}" is also used at {path}' },
  // Names an RFC deprecated: valid, and said.
  { id: 'deprecated', rule: 'deprecated-name', severity: 'warning', message: '"{name}" is deprecated since {version}' },
  {
    id: 'deprecated-use-instead',
    rule: 'deprecated-name',
    severity: 'warning',
    message: '"{name}" is deprecated since {version}; use {useInstead}',
  },
  // Text that is no JSON, or JSON every binding refuses (spec/README.md, "Reading JSON"): the one finding a
  // validator gives for it, at the root, and what a reader's error says; the first problem in text order.
  {
    id: 'json-malformed',
    rule: 'json',
    severity: 'error',
    message: 'Not JSON: unexpected {found} at line {line}, column {column}',
  },
  {
    id: 'json-truncated',
    rule: 'json',
    severity: 'error',
    message: 'Not JSON: the text ends at line {line}, column {column} before its value is complete',
  },
  {
    id: 'json-not-utf8',
    rule: 'json',
    severity: 'error',
    message: 'Not JSON: bytes that are not UTF-8 at line {line}, column {column}',
  },
  {
    id: 'json-repeated-key',
    rule: 'json',
    severity: 'error',
    message: 'Refused: a key repeated in one object at line {line}, column {column}',
  },
  {
    id: 'json-lone-surrogate',
    rule: 'json',
    severity: 'error',
    message: 'Refused: a lone surrogate escape at line {line}, column {column}',
  },
  {
    id: 'json-number-range',
    rule: 'json',
    severity: 'error',
    message: 'Refused: a number past the range of a double at line {line}, column {column}',
  },
  // The checker's limits.
  {
    id: 'string-too-long',
    rule: 'limit',
    severity: 'warning',
    message: 'A string of {length} characters, over the limit of {limit}',
  },
  {
    id: 'too-many-elements',
    rule: 'limit',
    severity: 'error',
    message: 'More than {limit} elements; the rest is not checked',
  },
  {
    id: 'too-deep',
    rule: 'limit',
    severity: 'error',
    message: 'Deeper than {limit} elements; what is below is not checked',
  },
  // An answer of a version the package does not read, checked by the current version's rules.
  {
    id: 'version-unwritten',
    rule: 'version',
    severity: 'error',
    message:
      'Protocol version "{version}" is not written in three parts, as {currentVersion} is; checked by the rules of {currentVersion}',
  },
  {
    id: 'version-older',
    rule: 'version',
    severity: 'error',
    message:
      'Protocol version "{version}" is older than every version this checker reads ({read}); checked by the rules of {currentVersion}',
    lists: { read: commas },
  },
  {
    id: 'version-newer',
    rule: 'version',
    severity: 'error',
    message:
      'Protocol version "{version}" is newer than every version this checker reads ({read}); checked by the rules of {currentVersion}',
    lists: { read: commas },
  },
  {
    id: 'version-unread',
    rule: 'version',
    severity: 'error',
    message:
      'Protocol version "{version}" is not a version this checker reads ({read}); checked by the rules of {currentVersion}',
    lists: { read: commas },
  },
];

/** The slots a message names, in the order they appear, each once. */
export function slotsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] as string))];
}

/**
 * A message with its slots filled, as every runtime fills it: a list slot's texts quoted (JSON-style double quotes,
 * no escaping, as the checkers have always written them) and joined; a slot given no value is left as written.
 */
export function formatFinding(
  entry: FindingEntry,
  values: Readonly<Record<string, string | readonly string[]>>,
): string {
  return entry.message.replace(/\{([A-Za-z]+)\}/g, (whole, slot: string) => {
    const value = values[slot];
    if (value === undefined) return whole;
    if (typeof value === 'string') return value;
    const list = entry.lists?.[slot] ?? commas;
    return value.map((v) => (list.quoted ? `"${v}"` : v)).join(list.joiner);
  });
}

/**
 * The catalogue as a template prints it, in the catalogue's order, for a binding's spec data: every string already
 * the language's literal (`literal`), each finding's `name` the identifier the language gives it (`name`, the id
 * itself by default: TypeScript's and Python's checkers report by id), `severity` the word (`error`, `warning`) for
 * the template to spell as its enum, `error` true for an error, `slots` the message's slots, and `lists` each list
 * slot with its joiner and whether its texts are quoted (`hasLists` when there is one). Go and Rust print it the
 * same way.
 */
export function findingsLiterals(literal: (text: string) => string, name: (id: string) => string = (id) => id) {
  return FINDINGS.map((f) => {
    const lists = Object.entries(f.lists ?? {}).map(([slot, list]) => ({
      slot: literal(slot),
      joiner: literal(list.joiner),
      quoted: list.quoted,
    }));
    return {
      id: literal(f.id),
      name: name(f.id),
      rule: literal(f.rule),
      severity: f.severity,
      error: f.severity === 'error',
      message: literal(f.message),
      slots: slotsOf(f.message).map(literal),
      lists,
      hasLists: lists.length > 0,
    };
  });
}
