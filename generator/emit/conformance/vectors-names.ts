import type { VectorKit } from './vector-kit.js';

/** Names earlier versions had: each rejected with what replaced it. */
export function removedNameVectors({ model, b, t, req, finding, add, root, childPath, states }: VectorKit): void {
  for (const r of model.removed) {
    const from = model.types.find((x) => x.name === r.from);
    if (from?.kind === 'roles') {
      // A removed role is one the language no longer has: read as the unknown role, unless a later RFC restored it.
      // A role removed with a deprecated alias still reads as its new role: its vector is deprecated-role-<name>.
      if (model.roles.some((x) => x.name === r.name || x.aliases?.some((a) => a.name === r.name))) continue;
      add({
        name: `removed-${r.from.toLowerCase()}-${r.name}`,
        description: `An element has the role ${r.name}, removed in ${r.version}: flagged, and read as ${model.roleRules.unknown}.`,
        covers: [req('role-language')],
        input: b.answer(root([b.element('e-1', r.name)])) as never,
        decodes: true,
        strictValid: false,
        findings: [finding('role-language', 'warning', `${childPath(0)}/${t.role}`, 'e-1')],
      });
      continue;
    }
    // A removed reserved attribute is reported where it stands, as a removed field is, unless a later RFC restored it.
    if (r.kind === 'attribute') {
      if (!t.attributes || model.attributes.some((a) => a.name === r.name)) continue;
      add({
        name: `removed-${r.from.toLowerCase()}-${r.name}`,
        description: `An element's ${t.attributes} hold ${r.name}, a reserved attribute removed in ${r.version}.`,
        input: b.answer(root([b.element('e-1', b.otherRole(), { [t.attributes]: { [r.name]: 'x' } })])) as never,
        decodes: true,
        strictValid: false,
        findings: [finding('structure', 'error', `${childPath(0)}/${t.attributes}/${r.name}`, 'e-1', null)],
      });
      continue;
    }
    // A record's removed fields are refused by name, unless a later RFC restored the field.
    if (from?.kind !== 'record' || from.fields.some((f) => f.name === r.name)) continue;
    // The vector puts the name on the answer or on an element; other records sit deeper, in attributes.
    if (r.from !== t.answer && r.from !== t.node) continue;
    const movesState = [...(r.replacedBy ?? '').matchAll(/`([^`]+)`/g)].some((m) => states.includes(m[1] as string));
    const onAnswer = r.from === t.answer;
    const input = onAnswer
      ? b.answer(root(), { [r.name]: [] })
      : b.answer(root([b.element('e-1', b.otherRole(), { [r.name]: 'x' })]));
    const path = onAnswer ? `/${r.name}` : `${childPath(0)}/${r.name}`;
    add({
      name: `removed-${r.from.toLowerCase()}-${r.name}`,
      description: `${r.from} carries ${r.name}, removed in ${r.version}.`,
      covers: movesState ? [req('state-on-element')] : [],
      input: input as never,
      decodes: true,
      strictValid: false,
      findings: [
        movesState
          ? finding('state-on-element', 'error', path, onAnswer ? null : 'e-1')
          : finding('structure', 'error', path, onAnswer ? null : 'e-1', null),
      ],
    });
  }
}

/** Deprecated names: still valid (strictly so), each a deprecated-name warning with no requirement. */
export function deprecatedNameVectors({ model, b, t, finding, add, root, childPath }: VectorKit): void {
  const deprecatedRoles = model.roles.flatMap((r) => [
    ...(r.deprecated ? [r.name] : []),
    ...(r.aliases ?? []).map((a) => a.name),
  ]);
  for (const role of deprecatedRoles) {
    add({
      name: `deprecated-role-${role}`,
      description: `An element has the deprecated role ${role}: valid, with a warning that says what to use instead.`,
      input: b.answer(root([b.element('e-1', role)])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('deprecated-name', 'warning', `${childPath(0)}/${t.role}`, 'e-1', null)],
    });
  }
  const node = model.types.find((x) => x.name === t.node);
  for (const f of node?.kind === 'record' ? node.fields : []) {
    // A field the tree is made of is on every element, so the builder fills it; the others are put on one element.
    if (!f.deprecated || f.required || f.type.kind !== 'primitive') continue;
    const value =
      f.type.name === 'string'
        ? 'x'
        : f.type.name === 'number'
          ? 1
          : f.default?.kind === 'value'
            ? f.default.value
            : true;
    add({
      name: `deprecated-field-${f.name}`,
      description: `An element carries the deprecated field ${f.name}: valid, with a warning.`,
      input: b.answer(root([b.element('e-1', b.otherRole(), { [f.name]: value })])) as never,
      decodes: true,
      strictValid: true,
      findings: [finding('deprecated-name', 'warning', `${childPath(0)}/${f.name}`, 'e-1', null)],
    });
  }
  for (const a of t.attributes ? model.attributes : []) {
    if (!a.deprecated || a.type.kind !== 'primitive' || a.type.name !== 'string') continue;
    add({
      name: `deprecated-attribute-${a.name}`,
      description: `An element's attributes hold the deprecated reserved attribute ${a.name}: valid, with a warning.`,
      input: b.answer(
        root([b.element('e-1', b.otherRole(), { [t.attributes as string]: { [a.name]: 'x' } })]),
      ) as never,
      decodes: true,
      strictValid: true,
      findings: [
        finding('deprecated-name', 'warning', `${childPath(0)}/${t.attributes as string}/${a.name}`, 'e-1', null),
      ],
    });
  }
}
