/**
 * The tables the toolchain reads, known by their header row. spec/README.md documents each; a table whose
 * first column matches one of these but whose other columns do not is reported as malformed.
 */
export const TABLE_SIGNATURES = {
  metadata: ['Field', 'Value'],
  types: ['Type', 'Section', 'Kind', 'Meaning'],
  fields: ['Field', 'Type', 'Required', 'Meaning'],
  states: ['State', 'Reachable from the root', 'Forms a path'],
  removed: ['Removed', 'From', 'Replaced by'],
  deprecated: ['Deprecated', 'From', 'Use instead'],
  roleKinds: ['Kind', 'Roles'],
  appleNames: ['Role', "Apple's name"],
  covers: ['Role', "Also covers, from Apple's list"],
  roleRules: ['Rule', 'Role'],
  notReported: ['Not reported', 'Reason'],
  attributes: ['Attribute', 'Type', 'Meaning'],
  operations: ['Operation', 'Takes', 'Returns', 'Meaning'],
  versioning: ['Change', 'Before 1.0', 'From 1.0'],
  versionField: ['Versioned by', 'Field'],
  privacy: ['Subject', 'Note'],
  requirements: ['Draft', 'Requirement', 'Check from outside', 'Rule'],
  follows: ['External type', 'Version', 'Kinds'],
  enumValues: ['Value', 'Meaning'],
  statuses: ['Status', 'Counted', 'Open', 'Meaning'],
  appleRoles: ['Constant', 'Value', 'Name', 'Class', 'Source'],
  externalTypes: ['Type', 'Module', 'Export', 'Format', 'Version', 'Prefix'],
} as const;

export type TableKind = keyof typeof TABLE_SIGNATURES;

/** The phrases of the Rule column in a Rule/Role table, and what each sets. */
export const ROLE_RULE_PHRASES = {
  'The root': 'root',
  'A role the receiver does not know': 'unknown',
  'No role plainly fits': 'fallback',
} as const;

/** The versioning table's words (spec/README.md): a kind of change, and the part of the version it moves. */
export const VERSION_CHANGES = ['breaking', 'additive', 'editorial'] as const;
export const VERSION_PARTS = ['major', 'minor', 'patch', 'none'] as const;

/**
 * The words of a Types row's Kind column (spec/README.md, "Types"), which the language server offers.
 * generator/model/fold/apply-types.ts checks a Kind against the same words, and should read them from here.
 */
export const TYPE_KINDS = ['record', 'enum', 'roles', 'attributes', 'external'] as const;

/** The word that marks an Apple role as one the RFCs map to a protocol role. */
export const CONTENT_CLASS = 'content';

export type Classified = { kind: TableKind } | { kind: 'malformed'; expected: TableKind } | { kind: 'prose' };

/** Header cells compared as a reader would: letter case, spacing and curly apostrophes do not matter. */
const normal = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

const NORMAL_SIGNATURES = (Object.entries(TABLE_SIGNATURES) as [TableKind, readonly string[]][]).map(
  ([kind, columns]) => ({ kind, columns: columns.map(normal) }),
);

/**
 * Which table this is, by its header: a match (ignoring case and spacing), a near miss (the same first column, or
 * two columns in common), or an ordinary table. A near miss is reported rather than read as prose, so a slip in a
 * header never drops the table's rows in silence.
 */
export function classifyTable(header: readonly string[]): Classified {
  const cells = header.map(normal);
  let best: { kind: TableKind; score: number } | null = null;
  for (const { kind, columns } of NORMAL_SIGNATURES) {
    if (sameColumns(cells, columns)) return { kind };
    const shared = columns.filter((c) => cells.includes(c)).length;
    // Between near misses sharing as many names, one with as many columns as the header is the likelier intent.
    const score = shared + (columns.length === cells.length ? 0.5 : 0);
    if ((cells[0] === columns[0] || shared >= 2) && (!best || score > best.score)) best = { kind, score };
  }
  return best ? { kind: 'malformed', expected: best.kind } : { kind: 'prose' };
}

/**
 * Whether a near-miss header is the expected one with a word misspelt: as many columns, all but one of them the
 * expected names in their places, and that one within two edits of its name. Its rows are then read as that
 * table's (after the header is reported); a header that is another table's altogether is not.
 */
export function misspeltHeader(header: readonly string[], expected: TableKind): boolean {
  const columns = TABLE_SIGNATURES[expected].map(normal);
  const cells = header.map(normal);
  if (cells.length !== columns.length) return false;
  const differ = cells.flatMap((c, i) => (c === columns[i] ? [] : [[c, columns[i] as string] as const]));
  return differ.length === 1 && editDistance(...(differ[0] as readonly [string, string])) <= 2;
}

/** Levenshtein's distance: the fewest one-character insertions, deletions and substitutions from a to b. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] as number;
}
