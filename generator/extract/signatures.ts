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
  statuses: ['Status', 'Counted', 'Meaning'],
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

/** The word that marks an Apple role as one the RFCs map to a protocol role. */
export const CONTENT_CLASS = 'content';

export type Classified = { kind: TableKind } | { kind: 'malformed'; expected: TableKind } | { kind: 'prose' };

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/** Which table this is, by its header: exact match, a near miss (same first column), or an ordinary table. */
export function classifyTable(header: readonly string[]): Classified {
  let best: { kind: TableKind; overlap: number } | null = null;
  for (const [kind, columns] of Object.entries(TABLE_SIGNATURES) as [TableKind, readonly string[]][]) {
    if (sameColumns(header, columns)) return { kind };
    if (header[0] === columns[0]) {
      const overlap = columns.filter((c) => header.includes(c)).length;
      if (!best || overlap > best.overlap) best = { kind, overlap };
    }
  }
  return best ? { kind: 'malformed', expected: best.kind } : { kind: 'prose' };
}
