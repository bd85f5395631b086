/**
 * Every rule id the spec reader can report, in one table: the id is stable (tests and users match on it),
 * the summary says what is wrong, the hint says how to mend it. spec/README.md lists the same table.
 */
export const RULES = {
  'missing-table': {
    summary: 'A table the toolchain needs is missing',
    hint: 'Add the table under the section named in the message; spec/README.md shows its columns.',
  },
  'table-columns': {
    summary: 'A table does not have the expected columns',
    hint: 'Use exactly the columns spec/README.md gives for this table, in that order.',
  },
  'table-split': {
    summary: 'Rows stand outside their table',
    hint: 'Remove the blank line or the HTML comment between the rows (a comment can go after the table), or give the rows a header and a delimiter row.',
  },
  'empty-cell': {
    summary: 'A required cell is empty',
    hint: 'Fill the cell; write — where a value is meant to be absent and the column allows it.',
  },
  'bad-cell': {
    summary: 'A cell does not hold a value of the expected form',
    hint: 'See spec/README.md for what this column accepts.',
  },
  'duplicate-field': {
    summary: 'A field is defined twice in one table',
    hint: 'Keep one row per field; to change a field in a later RFC, restate its row there.',
  },
  'duplicate-role': {
    summary: 'A role is named twice',
    hint: 'Each role appears in exactly one kind.',
  },
  'duplicate-requirement': {
    summary: 'A requirement id is used twice',
    hint: 'Requirement ids are unique; a later RFC restates a row to change a requirement.',
  },
  'duplicate-entry': {
    summary: 'A row repeats the key of an earlier row',
    hint: 'Keep one row per key.',
  },
  'unknown-type': {
    summary: 'A type names nothing',
    hint: 'Use string, boolean, number, a type from the Types table, or one of those followed by [].',
  },
  'type-cell': {
    summary: 'A Type, Takes or Returns cell holds more than one type',
    hint: 'Write one type as code and nothing else: `string`, `Element`, `Element[]`, or — in Takes and Returns. For a choice, pick one type or define a record with a field for each.',
  },
  'unknown-role': {
    summary: 'A role is not in the role language',
    hint: 'Name a role from the Kind/Roles table, spelled as shown there.',
  },
  'unknown-apple-role': {
    summary: "A name is not in the table of Apple's roles",
    hint: "Use the Name column of spec/reference/apple-roles.md, or add Apple's role there first.",
  },
  'unmapped-apple-role': {
    summary: 'An Apple content role is not mapped to any protocol role',
    hint: "Map it in an RFC's Also-covers table, or give it a class of elements that are not reported.",
  },
  'unknown-class': {
    summary: 'A class of Apple roles is neither content nor a class that is not reported',
    hint: 'Use content, or a class from a Not reported table.',
  },
  'unknown-field': {
    summary: 'A name refers to a field that does not exist',
    hint: 'Refer to a field defined in a Field table.',
  },
  'unknown-status': {
    summary: "An RFC's Status is not one the process knows",
    hint: 'Use a status from the table in spec/process.md.',
  },
  'missing-metadata': {
    summary: 'A metadata row is missing from the RFC',
    hint: 'The metadata table needs the rows Status, Version effect and Supersedes or amends.',
  },
  'bad-version': {
    summary: 'A version is not written as the versioning rule asks',
    hint: 'Write the Version effect as "Breaking: 0.1 to 0.2.0", "Additive: 0.2.0 to 0.2.1" or "Editorial".',
  },
  'version-sequence': {
    summary: "An RFC's version does not follow the previous one",
    hint: 'An RFC starts from the version the previous counted RFC made, and steps it as section 10 says; to make an unreleased version with the RFC that made it, state that RFC\'s Version effect (spec/README.md, "Two RFCs for one version"); before 1.0 a Breaking change may name 1.0.0.',
  },
  'version-effect': {
    summary: "An RFC's Version effect disagrees with what it changes",
    hint: 'A removed or changed field, role, mapping or requirement is breaking; an added optional field, role, mapping row or requirement is additive; wording alone is editorial.',
  },
  'frozen-version': {
    summary: "A released version's tables were changed",
    hint: 'A released version is frozen: restore the row as its record (generated/model/versions/<version>.json) has it, and make the change in a new RFC with its own Version effect. Only wording may change.',
  },
  'bad-default': {
    summary: 'A default is stated in a form the toolchain does not read',
    hint: 'End the Meaning with "Absent means false", "Absent means true" or "Absent means the parent\'s value; the root is visible".',
  },
  'unknown-check-rule': {
    summary: 'A requirement names a checker rule that does not exist',
    hint: 'Use a rule the checker implements (listed in spec/README.md), or — when none applies.',
  },
  'unchecked-requirement': {
    summary: 'A requirement is checkable from outside, but names no checker rule',
    hint: 'Name the checker rule that checks it in the Rule column; if none does, add one as spec/README.md (Checker rules) says; if it cannot be checked from outside, start its Check with "Not checkable".',
  },
  'bad-rfc-file': {
    summary: 'An RFC file is not named or titled as the guide asks',
    hint: 'Name RFC files NNNN-words.md and title them "# RFC-NNNN: Title" with the same number.',
  },
  'example-left-out': {
    summary: "An RFC's example is not a conformance vector of the current version",
    hint: "An example stays a vector while a checker of the current version reads it: on the current version's line, or of a released version (kept under conformance/versions/). To keep such an answer tested, give a later RFC an example of the current version.",
  },
  'external-type': {
    summary: 'An external type could not be loaded from its package',
    hint: 'Check the package and export in spec/reference/external-types.md and that the package is installed.',
  },
  'external-version': {
    summary: "An external type's package gives another version or other kinds than the RFCs declare",
    hint: 'The other specification\'s version is part of the protocol: pin the package back, or move to it in a new RFC that restates the External type | Version | Kinds row (spec/README.md, "Moving to a newer MCP").',
  },
  'misplaced-table': {
    summary: 'A table the toolchain reads, in a file that does not hold that kind',
    hint: 'Each kind of table is read in one place: RFC tables (Field, Role, Deprecated, ...) in an RFC, the Apple mapping and not-reported tables in spec/reference/apple-roles.md, external types in spec/reference/external-types.md. Move the table there, or make it prose.',
  },
  'missing-example': {
    summary: 'The spec gives no example answer',
    hint: "Each package's README shows the newest RFC example marked ```json (with nothing after json on the fence line) that is an answer of the current version, and its tests run it: give one.",
  },
  'no-current-example': {
    summary: 'No RFC example is an answer of the current version',
    hint: "Every package's README shows, and its tests run, the newest RFC example that is an answer of the version generated. When an RFC changes what an answer is (a required field added, a role removed), give it a ```json example of the version it makes.",
  },
  'example-with-findings': {
    summary: 'Every RFC example of the current version uses a deprecated name, so the README example prints warnings (a warning)',
    hint: 'Every package\'s README shows the checker\'s warnings for it. Give a later RFC an example of the current version that uses no deprecated name, and the READMEs show that one with no findings.',
  },
  'bad-example': {
    summary: 'A json example is not valid JSON, or not an answer of its version',
    hint: 'Examples marked json are read as JSON and validated against the generated schema; fix the JSON or mark the block as another language.',
  },
  emitter: {
    summary: 'A target could not emit what the model describes',
    hint: 'The message names the target and what it met; either the spec asks for something the target cannot express, or this is a toolchain fault to report.',
  },
  'bad-model': {
    summary: 'The folded model does not match the model schema',
    hint: 'This is a toolchain fault or an unusual spec; the message names the path in the model.',
  },
  'not-releasable': {
    summary: 'A version cannot be released as the spec and publishing.json stand',
    hint: 'Only the version the counted RFCs make now is released, once: its RFCs Accepted, generated/ regenerated and committed, and publishing.json not listing it (docs/publishing.md, "A release").',
  },
  'not-installable': {
    summary: "A package of the release could not be installed by its README's install line",
    hint: "Set what the package's address is made from in publishing.json (docs/publishing.md) and regenerate; a dry run packs it anyway and warns.",
  },
} as const;

export type RuleId = keyof typeof RULES;

/** The tool name diagnostics carry as their source, the way remark-lint messages carry theirs. */
export const DIAGNOSTIC_SOURCE = 'element-spec';
