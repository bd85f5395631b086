import type { CanonicalModel, RecordType, TypeRef } from '../../model/types.js';

/**
 * A sample answer for a binding's own tests, from `model.tree` and the records: a root element holding every
 * reserved attribute, with one child whose role is outside the role language and which carries a field no record
 * has. Every binding's test decodes it, reads the child's role as the unknown role, and encodes it back.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface SampleAnswer {
  json: { [key: string]: Json };
  /** The child's role: one of Apple's roles that the role language lacks. */
  unknownRole: string;
  /** A key no record of the model has (nor had), on the child. */
  extraField: string;
}

/** The sample answer, or what the model lacks for one (a model no valid spec makes). */
export function sampleAnswer(model: CanonicalModel): SampleAnswer | { missing: string } {
  const { tree } = model;
  const records = model.types.filter((t): t is RecordType => t.kind === 'record');
  const answer = records.find((r) => r.name === tree.answer);
  const node = records.find((r) => r.name === tree.node);
  if (!answer || !node) return { missing: `${!answer ? tree.answer : tree.node} is not a record` };
  const kinds = new Map(model.types.map((t) => [t.name, t.kind]));

  // A value of the type; a record holds its required fields, to a depth that ends a record reaching itself.
  const sample = (ref: TypeRef, depth: number): Json => {
    if (ref.kind === 'primitive') return ref.name === 'string' ? 'sample' : ref.name === 'boolean' ? true : 1;
    if (ref.kind === 'array') return depth > 3 ? [] : [sample(ref.items, depth + 1)];
    if (kinds.get(ref.name) === 'roles') return model.roleRules.fallback;
    const record = records.find((r) => r.name === ref.name);
    return record && depth <= 3 ? required(record, depth + 1) : {};
  };
  const required = (record: RecordType, depth: number): { [key: string]: Json } =>
    Object.fromEntries(
      record.fields.filter((f) => f.required && f.name !== tree.children).map((f) => [f.name, sample(f.type, depth)]),
    );

  const known = new Set(model.roles.map((r) => r.name));
  const outside = model.appleRoles.filter((a) => a.role === null && !known.has(a.name));
  let unknownRole =
    (outside.find((a) => a.class === model.notReported[0]?.name) ?? outside[0])?.name ??
    `${model.roleRules.fallback}Unknown`;
  while (known.has(unknownRole)) unknownRole += 'X';
  const fieldNames = new Set([
    ...records.flatMap((r) => r.fields.map((f) => f.name)),
    ...model.removed.map((r) => r.name),
  ]);
  let extraField = 'unrecognizedField';
  while (fieldNames.has(extraField)) extraField += 'X';

  const child = {
    ...required(node, 1),
    [tree.id]: 'child',
    [tree.role]: unknownRole,
    [extraField]: { nested: [1, 'two', null] },
  };
  const attributes = tree.attributes
    ? { [tree.attributes]: Object.fromEntries(model.attributes.map((a) => [a.name, sample(a.type, 1)])) }
    : {};
  const root = {
    ...required(node, 1),
    [tree.id]: 'top',
    [tree.role]: model.roleRules.root,
    ...attributes,
    [tree.children]: [child],
  };
  const json = { ...required(answer, 0), [tree.version]: model.protocolVersion, [tree.root]: root };
  return { json, unknownRole, extraField };
}
