import type {
  CanonicalModel,
  Deprecation,
  ExternalType,
  FieldDefault,
  RecordType,
  Source,
  TypeRef,
} from '../../model/types.js';
import { emitterDiagnostic } from '../core/report.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import { plainText, sentence } from '../shared/text.js';
import { anyOfRefs, constOf, isSchema, refName, type Schema, stringEnum } from './json-schema.js';
import { distinct, type Names, roleCase } from './naming.js';
import { alternativesOf } from './spec-data.js';

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

const docOf = (markdown: string | null | undefined): string => sentence(plainText(markdown ?? '').replace(/\s+/g, ' '));

/** The sentence a binding shows for a deprecation, and its replacement's member name (`memberOf` the name Use instead gives). */
function deprecationView(d: Deprecation, memberOf: (name: string | null) => string | null): DeprecationView {
  const instead =
    d.useInstead === null ? '' : `; use ${plainText(d.useInstead).replace(/`/g, '').replace(/\s+/g, ' ')}`;
  return { message: sentence(`Deprecated since ${d.version}${instead}`), replacement: memberOf(d.useInsteadName) };
}

/** The name of an external type's member for a block of another kind, clear of the model's types' names. */
const unknownName = (name: string, names: Names, taken: ReadonlySet<string>): string =>
  taken.has(name) ? unknownName(names.config.escapeType(name), names, taken) : name;

/** The declarations of an external type (MCP's content blocks) from its JSON Schema: a tagged union and what it reaches. */
function externalDecls(
  ext: ExternalType,
  meaning: string,
  names: Names,
  taken: ReadonlySet<string>,
  report: (m: string) => void,
): { root: UnionDecl; decls: Decl[] } | null {
  const defs = ext.definitions;
  const members = anyOfRefs(ext.schema);
  if (!members) {
    report(`${ext.name}: the root schema is not a union of definitions`);
    return null;
  }
  const props = (def: string): Schema => (isSchema(defs[def]?.properties) ? (defs[def]?.properties as Schema) : {});
  const discriminator = Object.keys(props(members[0] as string)).find((k) =>
    members.every((m) => constOf(props(m)[k]) !== null),
  );
  if (!discriminator) {
    report(`${ext.name}: its members share no constant property to tell them apart`);
    return null;
  }
  const reached: string[] = [];
  const decls: Decl[] = [];
  const reach = (def: string): TypeView => {
    const schema = defs[def];
    if (!schema) {
      report(`${ext.name}: no definition ${def}`);
      return { kind: 'json' };
    }
    const values = stringEnum(schema);
    const kind: DeclKind = values ? 'alias' : 'record';
    if (!reached.includes(def)) {
      reached.push(def);
      decls.push(
        values
          ? {
              kind: 'alias',
              key: def,
              name: names.type(def),
              doc: docOf(schema.description as string),
              type: { kind: 'literal', values },
            }
          : recordOf(def, schema),
      );
    }
    return { kind: 'ref', name: names.type(def), declares: kind };
  };
  const typeOf = (schema: unknown): TypeView => {
    if (!isSchema(schema)) return { kind: 'json' };
    const ref = refName(schema);
    if (ref) return reach(ref);
    const refs = anyOfRefs(schema);
    if (refs) return { kind: 'union', members: refs.map(reach) };
    const values = stringEnum(schema);
    if (values) return { kind: 'literal', values };
    switch (schema.type) {
      case 'string':
      case 'boolean':
      case 'number':
      case 'integer':
        return { kind: schema.type };
      case 'array':
        return { kind: 'array', items: typeOf(schema.items) };
      case 'object':
        return { kind: 'jsonObject' };
      default:
        return { kind: 'json' };
    }
  };
  const recordOf = (def: string, schema: Schema): RecordDecl => {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    // Required first, in the schema's order, then the rest: the order a reader meets what matters.
    const order = [...required, ...Object.keys(properties).filter((k) => !required.includes(k))];
    const memberNames = distinct(order.map((key) => names.member(key)));
    const fields = order.map((key, i): FieldDecl => {
      const prop = properties[key];
      const constant = constOf(prop);
      return {
        key,
        name: memberNames[i] as string,
        type: constant === null ? typeOf(prop) : { kind: 'literal', values: [constant] },
        required: required.includes(key),
        doc: isSchema(prop) ? docOf(prop.description as string) : '',
        default: null,
        constant,
      };
    });
    const exclusive = alternativesOf(schema, defs).flatMap((a) => {
      const field = fields.find((f) => f.key === a.property);
      return field
        ? [
            {
              key: a.property,
              name: field.name,
              keys: a.members.map((m) => m.key),
              members: a.members.map((m) => names.type(m.name)),
            },
          ]
        : [];
    });
    return {
      kind: 'record',
      key: def,
      name: names.type(def),
      doc: docOf(schema.description as string) || `MCP's ${def}.`,
      fields,
      source: null,
      exclusive,
    };
  };
  const root: UnionDecl = {
    kind: 'union',
    key: ext.name,
    name: names.type(ext.name),
    doc: docOf(meaning),
    discriminator: { key: discriminator, name: names.member(discriminator) },
    members: members.map((m) => ({
      tag: constOf(props(m)[discriminator]) as string,
      type: (reach(m) as { name: string }).name,
    })),
    unknown: {
      name: unknownName(names.type(`Unknown ${ext.name}`), names, taken),
      doc: `A block of a kind this version does not know, kept whole.`,
    },
  };
  return { root, decls };
}

/** The model's declarations for one code target, with its names. */
export function declarations(model: CanonicalModel, names: Names): Declarations {
  const diagnostics: Diagnostic[] = [];
  const kinds = new Map(model.types.map((t) => [t.name, t.kind]));
  const viewOf = (ref: TypeRef): TypeView => {
    if (ref.kind === 'array') return { kind: 'array', items: viewOf(ref.items) };
    if (ref.kind === 'primitive') return { kind: ref.name };
    const kind = kinds.get(ref.name);
    return {
      kind: 'ref',
      name: names.type(ref.name),
      declares:
        kind === 'external' ? 'union' : kind === 'roles' || kind === 'enum' || kind === 'attributes' ? kind : 'record',
    };
  };
  const decls: Decl[] = [];
  let roles: RolesDecl | null = null;
  let attributes: AttributesDecl | null = null;
  let content: UnionDecl | null = null;
  for (const t of model.types) {
    if (t.kind === 'roles') {
      const byName = new Map(model.roleKinds.flatMap((k) => k.roles.map((r) => [r, k.name] as const)));
      const caseNames = distinct(model.roles.map((r) => roleCase(names, r.name)));
      const plainCases = model.roles.map((r, i) => ({
        value: r.name,
        name: caseNames[i] as string,
        kind: byName.get(r.name) ?? '',
      }));
      const caseOf = (role: string | null) => plainCases.find((c) => c.value === role)?.name ?? null;
      const cases: RoleCase[] = model.roles.map((r, i) => ({
        ...(plainCases[i] as RoleCase),
        ...(r.deprecated ? { deprecated: deprecationView(r.deprecated, caseOf) } : {}),
      }));
      const find = (role: string): RoleCase =>
        cases.find((c) => c.value === role) ?? { value: role, name: roleCase(names, role), kind: '' };
      const aliasOf = model.roles.flatMap((r) =>
        (r.aliases ?? []).map((a) => ({ value: a.name, role: r.name, version: a.version })),
      );
      const aliasNames = distinct([...caseNames, ...aliasOf.map((a) => roleCase(names, a.value))]).slice(
        caseNames.length,
      );
      const aliases = aliasOf.map((a, i) => ({
        value: a.value,
        name: aliasNames[i] as string,
        target: find(a.role),
        message: `Deprecated since ${a.version}; use ${a.role}.`,
      }));
      roles = {
        kind: 'roles',
        key: t.name,
        name: names.type(t.name),
        doc: docOf(t.meaning),
        cases,
        aliases,
        root: find(model.roleRules.root),
        unknown: find(model.roleRules.unknown),
        fallback: find(model.roleRules.fallback),
      };
      decls.push(roles);
    } else if (t.kind === 'enum') {
      // The values' cases keep clear of the member the type declares for an unknown value, as the roles' do.
      const caseNames = distinct([...t.values.map((v) => roleCase(names, v.value)), names.enumCase('unknown')]);
      const cases = t.values.map((v, i) => ({ value: v.value, name: caseNames[i] as string, doc: docOf(v.meaning) }));
      decls.push({
        kind: 'enum',
        key: t.name,
        name: names.type(t.name),
        doc: docOf(t.meaning),
        cases,
        unknown: caseNames.at(-1) as string,
        source: t.source,
      });
    } else if (t.kind === 'attributes') {
      const accessorNames = distinct(model.attributes.map((a) => names.member(a.name)));
      const accessorOf = (name: string | null) =>
        accessorNames[model.attributes.findIndex((a) => a.name === name)] ?? null;
      const reserved = model.attributes.map(
        (a, i): FieldDecl => ({
          key: a.name,
          name: accessorNames[i] as string,
          type: viewOf(a.type),
          required: false,
          doc: docOf(a.meaning),
          default: null,
          constant: null,
          ...(a.deprecated ? { deprecated: deprecationView(a.deprecated, accessorOf) } : {}),
        }),
      );
      attributes = { kind: 'attributes', key: t.name, name: names.type(t.name), doc: docOf(t.meaning), reserved };
      decls.push(attributes);
    } else if (t.kind === 'external') {
      const ext = model.external.find((e) => e.name === t.name);
      const made = ext
        ? externalDecls(ext, t.meaning, names, new Set(model.types.map((m) => names.type(m.name))), (m) =>
            diagnostics.push(emitterDiagnostic(t.source, m)),
          )
        : null;
      if (!ext) diagnostics.push(emitterDiagnostic(t.source, `${t.name}: the model has no external type of that name`));
      if (made) {
        content = made.root;
        decls.push(...made.decls, made.root);
      }
    }
  }
  const records = model.types.filter((t): t is RecordType => t.kind === 'record');
  const recordDecl = (t: RecordType): RecordDecl => {
    const fieldNames = distinct(t.fields.map((f) => names.member(f.name)));
    return {
      kind: 'record',
      key: t.name,
      name: names.type(t.name),
      doc: docOf(t.meaning),
      fields: t.fields.map((f, i) => ({
        key: f.name,
        name: fieldNames[i] as string,
        type: viewOf(f.type),
        required: f.required,
        doc: docOf(f.meaning),
        default: f.default,
        constant: null,
        ...(f.deprecated
          ? {
              deprecated: deprecationView(
                f.deprecated,
                (n) => fieldNames[t.fields.findIndex((x) => x.name === n)] ?? null,
              ),
            }
          : {}),
      })),
      source: t.source,
      exclusive: [],
    };
  };
  const recordDecls = records.map(recordDecl);
  // Records that others refer to come first (a related link before the attributes that hold it).
  const answer = recordDecls.find((r) => r.key === model.tree.answer) ?? null;
  const node = recordDecls.find((r) => r.key === model.tree.node) ?? null;
  if (!answer || !node)
    diagnostics.push(
      emitterDiagnostic(
        model.roleRules.source,
        `The tree's ${!answer ? `answer ${model.tree.answer}` : `element ${model.tree.node}`} is not a record`,
      ),
    );
  const tree = new Set([model.tree.answer, model.tree.node]);
  const leaves = recordDecls.filter((r) => !tree.has(r.key));
  const treeDecls = [node, answer].filter((r): r is RecordDecl => r !== null);
  const ordered = [
    ...leaves,
    ...decls.filter((d) => d.kind !== 'attributes'),
    ...decls.filter((d) => d.kind === 'attributes'),
    ...treeDecls,
  ];
  return { decls: ordered, roles, attributes, content, answer, node, diagnostics };
}
