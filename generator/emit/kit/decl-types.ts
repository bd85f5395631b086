import type { FieldDefault, Source } from '../../model/types.js';
import type { Diagnostic } from '../../diagnostics/report.js';

// The shapes kit/declarations.ts builds and every code target's printer reads.

/**
 * The model as a typed language declares it, the same for every code target: records, the open role enum, the
 * attributes with their reserved names, the tagged content union with an unknown case, and the types the content
 * blocks reach. Each target prints these through its own templates; names are already in the target's style.
 */

/** A type as a declaration refers to it; each target prints these in its syntax. */
export type TypeView =
  | { kind: 'string' | 'boolean' | 'number' | 'integer' }
  /** Any JSON value; `jsonObject` is an object of them. */
  | { kind: 'json' | 'jsonObject' }
  | { kind: 'array'; items: TypeView }
  /** A declared type (record, union, roles, attributes, alias), by its name in the target. */
  | { kind: 'ref'; name: string; declares: DeclKind }
  /** One of a closed set of strings. */
  | { kind: 'literal'; values: string[] }
  /** One of several declared types, told apart by shape (no tag). */
  | { kind: 'union'; members: TypeView[] };

export type DeclKind = 'record' | 'union' | 'roles' | 'enum' | 'attributes' | 'alias';

export interface FieldDecl {
  /** The JSON key. */
  key: string;
  /** The member name in the target. */
  name: string;
  type: TypeView;
  required: boolean;
  /** Plain text, a sentence, or empty. */
  doc: string;
  default: FieldDefault | null;
  /** For a tag field (the content union's discriminator): the one value it holds. */
  constant: string | null;
  /** Set when an RFC deprecated the field or reserved attribute. */
  deprecated?: DeprecationView;
}

/** A deprecation as a binding marks it: the sentence it shows, and the member to use instead when there is one. */
export interface DeprecationView {
  /** "Deprecated since 0.2.1; use attributes." */
  message: string;
  /** The target's name of the field (or role case) Use instead names, in the same record (or role type); else null. */
  replacement: string | null;
}

export interface RecordDecl {
  kind: 'record';
  /** The name in the model (or the external schema). */
  key: string;
  name: string;
  doc: string;
  fields: FieldDecl[];
  source: Source | null;
  /**
   * Fields that hold one of several records, each told by a key only it requires (kit/spec-data.ts
   * alternativesOf): a value with the keys of two is neither, and a decoder refuses it rather than drop one.
   */
  exclusive: { key: string; name: string; keys: string[]; members: string[] }[];
}

export interface UnionDecl {
  kind: 'union';
  key: string;
  name: string;
  doc: string;
  /** The JSON key whose value tells the members apart, and its member name. */
  discriminator: { key: string; name: string };
  members: { tag: string; type: string }[];
  /** The record that keeps a member of a kind this version does not know, whole. */
  unknown: { name: string; doc: string };
}

export interface AliasDecl {
  kind: 'alias';
  key: string;
  name: string;
  doc: string;
  type: TypeView;
}

export interface RoleCase {
  value: string;
  name: string;
  kind: string;
  /** Set when an RFC deprecated the role. */
  deprecated?: DeprecationView;
}

/** A removed role's name that still reads as the role that replaced it (a deprecated alias). */
export interface RoleAliasView {
  value: string;
  /** The alias's name as a member beside the cases (distinct from every case's name), for a deprecated constant. */
  name: string;
  target: RoleCase;
  message: string;
}

export interface RolesDecl {
  kind: 'roles';
  key: string;
  name: string;
  doc: string;
  cases: RoleCase[];
  /** The deprecated aliases, in the model's order: each decodes as its target. */
  aliases: RoleAliasView[];
  root: RoleCase;
  unknown: RoleCase;
  fallback: RoleCase;
}

/**
 * An enum of the spec: its values, each a case with its meaning, and the case that keeps a value this version does
 * not know (as the role type keeps an unknown role), named clear of the cases.
 */
export interface EnumDecl {
  kind: 'enum';
  key: string;
  name: string;
  doc: string;
  cases: { value: string; name: string; doc: string }[];
  unknown: string;
  source: Source;
}

export interface AttributesDecl {
  kind: 'attributes';
  key: string;
  name: string;
  doc: string;
  /** The reserved attributes, typed; any other name holds any JSON value. */
  reserved: FieldDecl[];
}

export type Decl = RecordDecl | UnionDecl | AliasDecl | RolesDecl | EnumDecl | AttributesDecl;

export interface Declarations {
  /** In the order a language that needs a name declared before use can print them: what is reached first. */
  decls: Decl[];
  roles: RolesDecl | null;
  attributes: AttributesDecl | null;
  content: UnionDecl | null;
  answer: RecordDecl | null;
  node: RecordDecl | null;
  diagnostics: Diagnostic[];
}
