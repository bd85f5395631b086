import type { CanonicalModel, TypeRef } from '../../model/types.js';
import { removedAttributes } from './answer-schema.js';
import { operationShapes } from './operations.js';

/**
 * What a request must be, as tools.json's inputSchema says (it takes the answer schema's strict definitions): a
 * record holds no member it does not define, nested records too, and every required member; a role is a word of
 * the language (a deprecated one or an alias included), an enum's value one of its set; the attributes keep any
 * name but a state's or a removed reserved attribute's; each member is of its JSON type. A binding prints these as
 * data and checks a tool call's arguments against them before it decodes them into the (lenient) model types, so
 * its request types refuse what the schema refuses while its answer types stay lenient.
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
  /** The attributes: an object whose reserved members are typed, any other name kept but the forbidden ones. */
  | { kind: 'attributes'; name: string; fields: WantedField[]; forbidden: string[] }
  /**
   * A type of MCP's (the content blocks): its schema is MCP's, not closed, so the binding's own decoder of the type
   * is what refuses (a missing or mistyped member).
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
  fields: WantedField[];
}

export interface RequestShapes {
  requests: RequestArguments[];
  /** Every type a request reaches, in the model's order. */
  shapes: RequestShape[];
}

const wantOf = (type: TypeRef): Want => {
  if (type.kind === 'array') return { kind: 'list', items: wantOf(type.items) };
  if (type.kind === 'primitive') return { kind: type.name };
  return { kind: 'shape', name: type.name };
};

const namesIn = (want: Want): string[] =>
  want.kind === 'list' ? namesIn(want.items) : want.kind === 'shape' ? [want.name] : [];

/**
 * The answer a tool takes as its arguments, its root and the root's role: the strict schema fixes the root's role
 * (the language's root role) there, and only there (not in an answer a record or a list holds). Shapes of their
 * own, named so that no type of the model can be.
 */
const takenAnswerOf = (model: CanonicalModel) => `the ${model.tree.answer} a tool takes`;
const rootOf = (model: CanonicalModel) => `the ${model.tree.node} at the root`;
const rootRoleOf = (model: CanonicalModel) => `the ${model.tree.role} of the root`;

/** A field's want, the taken answer's root and that root's role replaced by the shapes that fix the role. */
function fieldWant(model: CanonicalModel, record: string, field: string, type: TypeRef): Want {
  const t = model.tree;
  if (record === takenAnswerOf(model) && field === t.root) return { kind: 'shape', name: rootOf(model) };
  if (record === rootOf(model) && field === t.role) return { kind: 'shape', name: rootRoleOf(model) };
  return wantOf(type);
}

function shapeOf(model: CanonicalModel, name: string): RequestShape | null {
  if (name === rootRoleOf(model)) return { kind: 'values', name, values: [model.roleRules.root] };
  const stands = new Map([
    [takenAnswerOf(model), model.tree.answer],
    [rootOf(model), model.tree.node],
  ]);
  const type = model.types.find((t) => t.name === (stands.get(name) ?? name));
  if (!type) return null;
  const fieldsOf = (list: { name: string; type: TypeRef; required: boolean }[]): WantedField[] =>
    list.map((f) => ({ key: f.name, required: f.required, want: fieldWant(model, name, f.name, f.type) }));
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
        forbidden: [...model.states.map((s) => s.field), ...removedAttributes(model, name)],
      };
    default:
      return { kind: 'external', name };
  }
}

/** Every operation that takes something, with the shapes its arguments reach. */
export function requestShapes(model: CanonicalModel): RequestShapes {
  const requests = operationShapes(model).flatMap((o): RequestArguments[] => {
    if (o.takes === null) return [];
    if (o.takes.form === 'wrapped')
      return [
        {
          operation: o.name,
          name: `the arguments of ${o.name}`,
          record: null,
          shape: null,
          fields: [{ key: o.takes.key, required: true, want: wantOf(o.takes.type) }],
        },
      ];
    const taken = o.takes.type.name;
    const shape = shapeOf(model, taken === model.tree.answer ? takenAnswerOf(model) : taken);
    return shape?.kind === 'record'
      ? [{ operation: o.name, name: taken, record: taken, shape: shape.name, fields: shape.fields }]
      : [];
  });
  // The records taken and the types they reach, breadth first; an external type's members are its decoder's to check.
  const reached = new Map<string, RequestShape>();
  const taken = requests.flatMap((r) => (r.shape === null ? [] : [r.shape]));
  const queue = [...taken, ...requests.flatMap((r) => r.fields.flatMap((f) => namesIn(f.want)))];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (reached.has(name)) continue;
    const shape = shapeOf(model, name);
    if (!shape) continue;
    reached.set(name, shape);
    if (shape.kind === 'record' || shape.kind === 'attributes')
      queue.push(...shape.fields.flatMap((f) => namesIn(f.want)));
  }
  const order = [...model.types.map((t) => t.name), takenAnswerOf(model), rootOf(model), rootRoleOf(model)];
  const shapes = order.flatMap((name) => {
    const shape = reached.get(name);
    return shape ? [shape] : [];
  });
  return { requests, shapes };
}
