import type { CanonicalModel, EnumType, OtherType, RecordType, TypeRef } from '../../model/types.js';
import { deprecationView, docOf } from './decl-docs.js';
import type { AttributesDecl, EnumDecl, FieldDecl, RecordDecl, RoleCase, RolesDecl, TypeView } from './decl-types.js';
import { distinct, type Names, roleCase } from './naming.js';

/** How a field's type refers to a type: by its name in the target, with what kind of declaration it is. */
export function typeViews(model: CanonicalModel, names: Names): (ref: TypeRef) => TypeView {
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
  return viewOf;
}

/** The open role type: its cases by kind, their deprecated aliases, and the root, unknown and fallback cases. */
export function rolesDecl(model: CanonicalModel, t: OtherType, names: Names): RolesDecl {
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
  const aliasNames = distinct([...caseNames, ...aliasOf.map((a) => roleCase(names, a.value))]).slice(caseNames.length);
  const aliases = aliasOf.map((a, i) => ({
    value: a.value,
    name: aliasNames[i] as string,
    target: find(a.role),
    message: `Deprecated since ${a.version}; use ${a.role}.`,
  }));
  return {
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
}

/** A spec enum: a case per value, and the case that keeps a value this version does not know. */
export function enumDecl(t: EnumType, names: Names): EnumDecl {
  // The values' cases keep clear of the member the type declares for an unknown value, as the roles' do.
  const caseNames = distinct([...t.values.map((v) => roleCase(names, v.value)), names.enumCase('unknown')]);
  const cases = t.values.map((v, i) => ({ value: v.value, name: caseNames[i] as string, doc: docOf(v.meaning) }));
  return {
    kind: 'enum',
    key: t.name,
    name: names.type(t.name),
    doc: docOf(t.meaning),
    cases,
    unknown: caseNames.at(-1) as string,
    source: t.source,
  };
}

/** The attributes' type: the reserved attributes, typed, each with its accessor. */
export function attributesDecl(
  model: CanonicalModel,
  t: OtherType,
  names: Names,
  viewOf: (ref: TypeRef) => TypeView,
): AttributesDecl {
  const accessorNames = distinct(model.attributes.map((a) => names.member(a.name)));
  const accessorOf = (name: string | null) => accessorNames[model.attributes.findIndex((a) => a.name === name)] ?? null;
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
  return { kind: 'attributes', key: t.name, name: names.type(t.name), doc: docOf(t.meaning), reserved };
}

/** A model record, each field with its member name and deprecation. */
export function recordDecl(t: RecordType, names: Names, viewOf: (ref: TypeRef) => TypeView): RecordDecl {
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
}
