/**
 * The canonical model: everything an emitter needs, folded from the counted RFCs and the reference tables.
 * Emitters read only this; none of them sees Markdown. generated/model/model.schema.json describes it.
 */

/** Where an item was stated: the RFC (or reference file), its section, and the place in the file. */
export interface Source {
  document: string;
  section: string | null;
  file: string;
  line: number;
  column: number;
}

// A type and a default as a cell states them: the spec reader's words (read/cell-types.ts), which the model keeps.
export type { FieldDefault, TypeRef } from '../read/cell-types.js';
import type { FieldDefault, TypeRef } from '../read/cell-types.js';

/** A name an RFC's `Deprecated, From, Use instead` row marks: still valid, but a provider should stop using it. */
export interface Deprecation {
  /** What to use instead, as the spec writes it (Markdown), or null for `—`. */
  useInstead: string | null;
  /** The name Use instead gives as code (its first code span), when it gives one. */
  useInsteadName: string | null;
  /** The version that deprecated it. */
  version: string;
  source: Source;
}

/** A role removed under a new name that receivers still read, as the role that replaced it (spec/README.md). */
export interface RoleAlias {
  name: string;
  /** The version that removed the role and left the alias. */
  version: string;
  source: Source;
}

export interface Field {
  name: string;
  /** The type as the spec writes it, e.g. `ContentBlock[]`. */
  notation: string;
  type: TypeRef;
  required: boolean;
  /** Markdown, as the spec states it. */
  meaning: string;
  default: FieldDefault | null;
  since: string;
  source: Source;
  deprecated?: Deprecation;
}

export interface RecordType {
  name: string;
  kind: 'record';
  meaning: string;
  fields: Field[];
  since: string;
  source: Source;
}

/** One word of an enum: the string on the wire and what it means. */
export interface EnumValue {
  value: string;
  /** Markdown, as the spec states it. */
  meaning: string;
  since: string;
  source: Source;
}

/** A closed set of words a field may hold (`horizontal`, `vertical`): its `Value | Meaning` table, in order. */
export interface EnumType {
  name: string;
  kind: 'enum';
  meaning: string;
  values: EnumValue[];
  since: string;
  source: Source;
}

export interface OtherType {
  name: string;
  kind: 'roles' | 'attributes' | 'external';
  meaning: string;
  since: string;
  source: Source;
}

export type TypeDef = RecordType | EnumType | OtherType;

export interface Role {
  name: string;
  kind: string;
  /** True where the role is named after one of Apple's roles; false for this protocol's own. */
  appleName: boolean;
  /** Apple role names (the Name column of Apple's list) this role also covers, in the spec's order. */
  covers: string[];
  /** The note that follows the covered names, e.g. "Nesting shows the hierarchy". */
  coversNote: string | null;
  /** Where the role's Also covers row was last stated (absent without one): a change of the list is said there. */
  coversSource?: Source;
  since: string;
  source: Source;
  deprecated?: Deprecation;
  /** Old names of this role, removed and deprecated, that decode as it. */
  aliases?: RoleAlias[];
}

export interface RoleKind {
  name: string;
  roles: string[];
}

export interface RoleRules {
  /** The role the root must have. */
  root: string;
  /** The role a receiver reads an unknown role as. */
  unknown: string;
  /** The role a provider uses when no role plainly fits. */
  fallback: string;
  source: Source;
}

export interface State {
  field: string;
  /** The record type the state is a field of. */
  type: string;
  reachable: boolean;
  path: boolean;
  source: Source;
}

/**
 * What a Removed row took out: a name an answer held (a record's field, a role, a reserved attribute), which a
 * checker still reports where it stands; a value of an enum, which an answer held too, and which a checker reports
 * as a value outside its enum; or a requirement or an operation, which an answer never held.
 */
export type RemovedKind = 'field' | 'role' | 'attribute' | 'value' | 'requirement' | 'operation';

export interface Removed {
  name: string;
  from: string;
  kind: RemovedKind;
  /** What replaced it, as the spec writes it (Markdown), or null for `—`: nothing does. */
  replacedBy: string | null;
  /** The version that removed it. */
  version: string;
  source: Source;
}

export interface NotReportedClass {
  name: string;
  reason: string;
  source: Source;
}

export interface AppleRole {
  constant: string | null;
  value: string;
  name: string;
  /** `content`, or the class of elements that are not reported. */
  class: string;
  origin: string;
  /** The protocol role it becomes, or null when such elements are not reported. */
  role: string | null;
  source: Source;
}

export interface ReservedAttribute {
  name: string;
  notation: string;
  type: TypeRef;
  meaning: string;
  since: string;
  source: Source;
  deprecated?: Deprecation;
}

export interface Operation {
  name: string;
  takes: string | null;
  returns: string | null;
  meaning: string;
  since: string;
  source: Source;
  deprecated?: Deprecation;
}

export interface Requirement {
  id: string;
  requirement: string;
  check: string;
  checkable: boolean;
  /** The checker rule that implements it, or null when none does. */
  rule: string | null;
  since: string;
  source: Source;
  deprecated?: Deprecation;
}

export interface VersionRule {
  change: string;
  beforeOne: string;
  fromOne: string;
}

export interface PrivacyNote {
  subject: string;
  note: string;
  source: Source;
}

export interface RfcSection {
  number: string;
  title: string;
}

/** One change an RFC made, as `diff` classes it. */
export interface ModelChange {
  rule: string;
  class: 'breaking' | 'additive' | 'editorial';
  subject: string;
  message: string;
}

export interface RfcBodyPart {
  /** The heading the part starts with (null for the text before the first one): its level, number and title. */
  heading: { depth: number; number: string | null; title: string; text: string } | null;
  /** The Markdown up to the next heading, as the RFC writes it. */
  markdown: string;
}

export interface RfcSummary {
  id: string;
  number: number;
  title: string;
  summary: string;
  status: string;
  effect: 'breaking' | 'additive' | 'editorial';
  from: string | null;
  version: string;
  supersedesOrAmends: string;
  metadata: Record<string, string>;
  /** The RFC's numbered sections, for citations that name them. */
  sections: RfcSection[];
  /** The RFC's own text after its title, cut at its headings, so the reference can carry the whole RFC. */
  body: RfcBodyPart[];
  /** What the RFC changed, against the model before it: the changelog is written from these. */
  changes: ModelChange[];
  source: Source;
}

export interface ExternalType {
  name: string;
  module: string;
  export: string;
  format: string;
  package: string;
  packageVersion: string;
  /** For MCP: the protocol version the package speaks. */
  protocolVersion: string | null;
  /** The kinds of the type's union (MCP's content kinds, by their `type`), in the package's order. */
  kinds: string[];
  /** The RFC row that declares the version and kinds this type follows: only an RFC moves them. */
  source: Source;
  /** The JSON Schema of the type (its root) with its definitions; `$ref`s point into `definitions`. */
  schema: Record<string, unknown>;
  definitions: Record<string, Record<string, unknown>>;
}

/**
 * How the answer forms a tree, resolved from the types: which record is the answer, which field holds the root,
 * which record is a node of the tree and which of its fields are its children, id, role, attributes and content.
 */
export interface TreeShape {
  answer: string;
  root: string;
  node: string;
  children: string;
  id: string;
  role: string;
  attributes: string | null;
  content: string | null;
  /** The answer's field that holds the protocol version. */
  version: string;
}

export interface Example {
  /** The JSON value, as the spec writes it. */
  value: unknown;
  source: Source;
}

export interface CanonicalModel {
  format: 1;
  protocolVersion: string;
  rfcs: RfcSummary[];
  versioning: VersionRule[];
  types: TypeDef[];
  roleKinds: RoleKind[];
  roles: Role[];
  roleRules: RoleRules;
  states: State[];
  removed: Removed[];
  notReported: NotReportedClass[];
  appleRoles: AppleRole[];
  attributes: ReservedAttribute[];
  operations: Operation[];
  requirements: Requirement[];
  tree: TreeShape;
  examples: Example[];
  privacy: PrivacyNote[];
  external: ExternalType[];
}
