/**
 * The rules the generated checker implements, by the name a requirement's Rule column gives. The spec decides
 * which requirement each rule serves; this list is only what the checker can do.
 */
export const CHECK_RULES = {
  'state-on-element': 'States appear only as fields of the element they describe',
  'state-reader': "The reader applies each state's default or inheritance (effectiveElements)",
  'role-language': 'The root has the root role; roles outside the language are flagged',
  'unique-id': 'No two elements share an id',
  'state-reachable': 'Elements with a reachable state are in the tree, and a path state has no gaps',
  'content-kind': 'A content block of a kind the MCP version does not define is kept and flagged, never refused',
} as const;

export type CheckRule = keyof typeof CHECK_RULES;
