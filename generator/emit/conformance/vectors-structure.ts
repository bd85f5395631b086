import type { VectorKit } from './vector-kit.js';

/** An answer whose tree is the root alone. */
export function minimalVector({ b, add, root }: VectorKit): void {
  add({
    name: 'minimal',
    description: 'An answer whose tree is the root alone.',
    input: b.answer(root()) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
}

/** The root's role, roles outside the language, fields outside the spec, and ids unique within an answer. */
export function roleAndIdVectors({ model, b, t, req, finding, add, root, childPath }: VectorKit): void {
  add({
    name: 'role-language-root',
    description: `The root is not ${model.roleRules.root}.`,
    covers: [req('role-language')],
    input: b.answer(b.element('app', b.otherRole())) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('role-language', 'error', `/${t.root}/${t.role}`, 'app')],
  });
  add({
    name: 'unknown-role',
    description: `A role the language does not have: flagged, and read as ${model.roleRules.unknown}.`,
    covers: [req('role-language')],
    input: b.answer(root([b.element('e-1', b.unknownRole())])) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('role-language', 'warning', `${childPath(0)}/${t.role}`, 'e-1')],
  });
  add({
    name: 'unknown-field',
    description: 'A field the spec does not define: a receiver ignores it.',
    input: b.answer(root([b.element('e-1', b.otherRole(), { vendorNote: 'kept by the app' })])) as never,
    decodes: true,
    strictValid: false,
    findings: [finding('structure', 'warning', `${childPath(0)}/vendorNote`, 'e-1', null)],
  });

  // Ids are unique within an answer.
  add({
    name: 'unique-id-repeat',
    description: 'Two elements share an id.',
    covers: [req('unique-id')],
    input: b.answer(root([b.element('e-1', b.otherRole()), b.element('e-1', b.otherRole(1))])) as never,
    decodes: true,
    strictValid: true,
    findings: [finding('unique-id', 'error', `${childPath(1)}/${t.id}`, 'e-1')],
  });
  add({
    name: 'unique-id-pass',
    description: 'Every id differs.',
    covers: [req('unique-id')],
    input: b.answer(root([b.element('e-1', b.otherRole()), b.element('e-2', b.otherRole(1))])) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
}

/** Shape errors a receiver cannot decode. */
export function shapeErrorVectors({ b, t, finding, add, root, childPath }: VectorKit): void {
  const noId = b.element('e-1', b.otherRole());
  delete noId[t.id];
  add({
    name: 'missing-id',
    description: 'An element without its id.',
    input: b.answer(root([noId])) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', childPath(0), null, null)],
  });
  add({
    name: 'role-not-string',
    description: 'A role that is not a string.',
    input: b.answer(root([b.element('e-1', 5 as never)])) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', `${childPath(0)}/${t.role}`, 'e-1', null)],
  });
  add({
    name: 'children-not-array',
    description: 'Children that are not an array.',
    input: b.answer(root([], { [t.children]: 'none' })) as never,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', `/${t.root}/${t.children}`, 'app', null)],
  });
  add({
    name: 'not-an-object',
    description: 'An answer that is not a JSON object.',
    input: 42,
    decodes: false,
    strictValid: false,
    findings: [finding('structure', 'error', '', null, null)],
  });
}

/** Size: a deep chain and a wide list, within what every binding decodes. */
export function sizeVectors({ b, add, root }: VectorKit): void {
  let deep = b.element('d-100', b.otherRole());
  for (let i = 99; i >= 1; i--) deep = b.element(`d-${i}`, b.otherRole(), {}, [deep]);
  add({
    name: 'deep-tree',
    description: 'A chain of 100 nested elements.',
    input: b.answer(root([deep])) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
  const wide = Array.from({ length: 2000 }, (_, i) => b.element(`w-${i + 1}`, b.otherRole(i)));
  add({
    name: 'wide-tree',
    description: 'A root with 2,000 children.',
    input: b.answer(root(wide)) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
}
