import type { CanonicalModel, TypeRef } from '../../model/types.js';
import { removedAttributes } from './answer-schema.js';
import type {
  AttributesDecl,
  Decl,
  DeclKind,
  EnumDecl,
  FieldDecl,
  RecordDecl,
  RolesDecl,
  TypeView,
  UnionDecl,
} from './decl-types.js';
import { operationShapes } from './operations.js';

/**
 * What a request reaches and what it must refuse there, as a tool's inputSchema says (the strict answer schema's
 * definitions, shared/tools.ts): a record holds no member it does not define, nested records too, and every
 * required member; a role is a word of the language (a deprecated alias included), an enum's value one of its set;
 * the attributes keep any name but a state's or a removed reserved attribute's; the answer taken whole as a tool's
 * arguments has its root's role fixed (there and nowhere deeper); MCP's content blocks are MCP's own open types,
 * less the unknown kind a receiver keeps. One walk from each operation's Takes gives it, for every binding:
 * - as data (`shapes`, `requests`), for a binding whose runtime checks a request's JSON against it before the
 *   lenient decoders read it;
 * - over the kit's declarations (`reachedDecls`), for a binding that declares a strict twin of each type reached,
 *   or checks a value of it after decoding the lenient type.
 */

/** What one value must be. */
export type Want =
  | { kind: 'string' | 'boolean' | 'number' }
  | { kind: 'list'; items: Want }
  /** A type of the model, by its name in the model: one of the shapes. */
  | { kind: 'shape'; name: string };

export interface WantedField {
  key: string;
  required: boolean;
  want: Want;
}

export type RequestShape =
  /** A record: an object of these members and no other. */
  | { kind: 'record'; name: string; fields: WantedField[] }
  /** The roles type or an enum: a string among these. */
  | { kind: 'values'; name: string; values: string[] }
  /** The attributes: an object whose reserved members are typed, any other name kept but the refused ones. */
  | { kind: 'attributes'; name: string; fields: WantedField[]; refused: string[] }
  /**
   * A type of MCP's (the content blocks): its schema is MCP's, not closed, so the binding's own decoder of the type
   * is what refuses (a missing or mistyped member), and a block of a kind MCP does not define.
   */
  | { kind: 'external'; name: string };

/** One operation's arguments: the members of its JSON object (a record's fields, or the one property of a value). */
export interface RequestArguments {
  operation: string;
  /** Named in a refusal: the record, or the operation's arguments. */
  name: string;
  /** The record it takes, by its name in the model; null for a value held by one property. */
  record: string | null;
  /** The shape that record's arguments are checked against, by name (the taken answer's fixes its root's role). */
  shape: string | null;
  /** The role its root must have: set when it takes the answer whole, the one place the strict schema fixes it. */
  rootRole: string | null;
  fields: WantedField[];
}

export interface RequestReach {
  requests: RequestArguments[];
  /** Every shape a request reaches: the model's types in the model's order, then the taken answer's own. */
  shapes: RequestShape[];
  /**
   * The model's types a request reaches, with their kinds, in the order a depth-first walk from the operations (in
   * the spec's order, fields in theirs) first reaches them; a shape of the taken answer counts as the type it fixes.
   */
  types: { name: string; kind: string }[];
}

const wantOf = (type: TypeRef): Want => {
  if (type.kind === 'array') return { kind: 'list', items: wantOf(type.items) };
  if (type.kind === 'primitive') return { kind: type.name };
  return { kind: 'shape', name: type.name };
};

const namesIn = (want: Want): string[] =>
  want.kind === 'list' ? namesIn(want.items) : want.kind === 'shape' ? [want.name] : [];

/**
 * The answer a tool takes as its arguments, its root and the root's role: shapes of their own, as the strict schema
 * fixes the root's role there, named so that no type of the model can be. Each stands for a type of the model.
 */
function takenShapes(model: CanonicalModel) {
  const t = model.tree;
  const names = {
    answer: `the ${t.answer} a tool takes`,
    root: `the ${t.node} at the root`,
    role: `the ${t.role} of the root`,
  };
  const roles = model.types.find((x) => x.kind === 'roles')?.name ?? t.role;
  const standsFor = new Map([
    [names.answer, t.answer],
    [names.root, t.node],
    [names.role, roles],
  ]);
  return { names, standsFor };
}

function shapeOf(model: CanonicalModel, name: string): RequestShape | null {
  const taken = takenShapes(model);
  if (name === taken.names.role) return { kind: 'values', name, values: [model.roleRules.root] };
  const type = model.types.find((t) => t.name === (taken.standsFor.get(name) ?? name));
  if (!type) return null;
  // A field's want, the taken answer's root and that root's role replaced by the shapes that fix the role.
  const want = (field: string, ref: TypeRef): Want => {
    if (name === taken.names.answer && field === model.tree.root) return { kind: 'shape', name: taken.names.root };
    if (name === taken.names.root && field === model.tree.role) return { kind: 'shape', name: taken.names.role };
    return wantOf(ref);
  };
  const fieldsOf = (list: { name: string; type: TypeRef; required: boolean }[]): WantedField[] =>
    list.map((f) => ({ key: f.name, required: f.required, want: want(f.name, f.type) }));
  switch (type.kind) {
    case 'record':
      return { kind: 'record', name, fields: fieldsOf(type.fields) };
    case 'enum':
      return { kind: 'values', name, values: type.values.map((v) => v.value) };
    case 'roles':
      return {
        kind: 'values',
        name,
        values: model.roles.flatMap((r) => [r.name, ...(r.aliases ?? []).map((a) => a.name)]),
      };
    case 'attributes': // the attributes kind: open, but for the names it may not hold
      return {
        kind: 'attributes',
        name,
        fields: fieldsOf(model.attributes.map((a) => ({ ...a, required: false }))),
        refused: [...model.states.map((s) => s.field), ...removedAttributes(model, name)],
      };
    default:
      return { kind: 'external', name };
  }
}

/** Each operation that takes something, with the shape its arguments are checked against. */
function requestsOf(model: CanonicalModel): RequestArguments[] {
  const taken = takenShapes(model);
  return operationShapes(model).flatMap((o): RequestArguments[] => {
    if (o.takes === null) return [];
    if (o.takes.form === 'wrapped')
      return [
        {
          operation: o.name,
          name: `the arguments of ${o.name}`,
          record: null,
          shape: null,
          rootRole: null,
          fields: [{ key: o.takes.key, required: true, want: wantOf(o.takes.type) }],
        },
      ];
    const record = o.takes.type.name;
    const whole = record === model.tree.answer;
    const shape = shapeOf(model, whole ? taken.names.answer : record);
    const rootRole = whole ? model.roleRules.root : null;
    return shape?.kind === 'record'
      ? [{ operation: o.name, name: record, record, shape: shape.name, rootRole, fields: shape.fields }]
      : [];
  });
}

/** The one walk: every operation's arguments and what they reach, depth first; an external type is not entered. */
export function requestReach(model: CanonicalModel): RequestReach {
  const requests = requestsOf(model);
  const taken = takenShapes(model);
  const reached = new Map<string, RequestShape>();
  const types = new Map<string, string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    const shape = shapeOf(model, name);
    if (!shape) return;
    reached.set(name, shape);
    const type = model.types.find((t) => t.name === (taken.standsFor.get(name) ?? name));
    if (type && !types.has(type.name)) types.set(type.name, type.kind);
    if (shape.kind === 'record' || shape.kind === 'attributes')
      for (const f of shape.fields) namesIn(f.want).forEach(visit);
  };
  for (const r of requests) {
    if (r.shape !== null) visit(r.shape);
    else for (const f of r.fields) namesIn(f.want).forEach(visit);
  }
  const order = [...model.types.map((t) => t.name), taken.names.answer, taken.names.root, taken.names.role];
  return {
    requests,
    shapes: order.flatMap((name) => reached.get(name) ?? []),
    types: [...types].map(([name, kind]) => ({ name, kind })),
  };
}

/** The role the root of what an operation takes must have: set when it takes the answer whole, else null. */
export const fixedRootRole = (reach: RequestReach, operation: string): string | null =>
  reach.requests.find((r) => r.operation === operation)?.rootRole ?? null;

/** What a binding that declares types finds of the walk among its declarations. */
export interface ReachedDecls {
  /** The spec's records a request reaches, first reached first, each with its fields whose values are checked. */
  records: { decl: RecordDecl; fields: FieldDecl[] }[];
  roles: RolesDecl | null;
  enums: EnumDecl[];
  /** The attributes when a request reaches them: the names refused there, and the reserved ones to check. */
  attributes: { decl: AttributesDecl; refused: string[]; reserved: FieldDecl[] } | null;
  /** The external unions (the content blocks) a request reaches: a block of a kind one does not define is refused. */
  unions: UnionDecl[];
  /** Whether a value of the type (a list's items, at any depth) is of a type a request reaches. */
  checked: (t: TypeView) => boolean;
}

/** The declaration kind of a kind of the model's types: its own, but an external type's is the content union. */
const declaredKind = (kind: string): DeclKind => (kind === 'external' ? 'union' : (kind as DeclKind));

/** The walk's types among the kit's declarations `decls`, first reached first (`inDeclarationOrder` reorders). */
export function reachedDecls(reach: RequestReach, decls: readonly Decl[]): ReachedDecls {
  const byKey = new Map(decls.map((d) => [`${d.kind} ${d.key}`, d]));
  const found = reach.types.flatMap((t) => byKey.get(`${declaredKind(t.kind)} ${t.name}`) ?? []);
  const held = new Set(found);
  const declOf = (t: TypeView): Decl | null => {
    if (t.kind === 'array') return declOf(t.items);
    if (t.kind !== 'ref') return null;
    const decl = decls.find((d) => d.name === t.name && d.kind === t.declares);
    return decl && held.has(decl) ? decl : null;
  };
  const checked = (t: TypeView) => declOf(t) !== null;
  const attributes = found.find((d): d is AttributesDecl => d.kind === 'attributes');
  const refused = reach.shapes.find((s) => s.kind === 'attributes' && s.name === attributes?.key);
  return {
    records: found
      .filter((d): d is RecordDecl => d.kind === 'record')
      .map((decl) => ({ decl, fields: decl.fields.filter((f) => f.constant === null && checked(f.type)) })),
    roles: found.find((d): d is RolesDecl => d.kind === 'roles') ?? null,
    enums: found.filter((d): d is EnumDecl => d.kind === 'enum'),
    attributes: attributes
      ? {
          decl: attributes,
          refused: refused?.kind === 'attributes' ? refused.refused : [],
          reserved: attributes.reserved.filter((f) => checked(f.type)),
        }
      : null,
    unions: found.filter((d): d is UnionDecl => d.kind === 'union'),
    checked,
  };
}

/** Some of the declarations, in the order the kit declares them. */
export const inDeclarationOrder = <D extends Decl>(decls: readonly Decl[], some: readonly D[]): D[] =>
  decls.filter((d): d is D => (some as readonly Decl[]).includes(d));
