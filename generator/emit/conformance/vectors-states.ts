import type { VectorKit } from './vector-kit.js';

/** States on the element they describe, and nowhere else. */
export function stateOnElementVectors({ b, t, req, finding, add, root, childPath, states }: VectorKit): void {
  if (!states.length) return;
  add({
    name: 'state-on-element-pass',
    description: 'Every state is stated on the element it describes.',
    covers: [req('state-on-element')],
    input: b.answer(
      root([b.element('e-1', b.otherRole(), Object.fromEntries(states.map((s) => [s, true])) as never)]),
    ) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
  if (t.attributes) {
    add({
      name: 'state-on-element-in-attributes',
      description: 'A state stated among the attributes instead of on the element.',
      covers: [req('state-on-element')],
      input: b.answer(
        root([b.element('e-1', b.otherRole(), { [t.attributes]: { [states[0] as string]: true } })]),
      ) as never,
      decodes: true,
      strictValid: false,
      findings: [finding('state-on-element', 'error', `${childPath(0)}/${t.attributes}/${states[0] as string}`, 'e-1')],
    });
  }
}

/** The path state runs without gaps from the root's child down. */
export function pathStateVectors({ b, t, req, finding, add, root, childPath, pathState }: VectorKit): void {
  if (!pathState) return;
  const on = { [pathState]: true };
  add({
    name: 'state-reachable-path',
    description: `${pathState} set on every element from the root's child down.`,
    covers: [req('state-reachable')],
    input: b.answer(root([b.element('e-1', b.otherRole(), on, [b.element('e-2', b.otherRole(1), on)])])) as never,
    decodes: true,
    strictValid: true,
    findings: [],
  });
  add({
    name: 'state-reachable-gap',
    description: `${pathState} set on a grandchild but not on its parent.`,
    covers: [req('state-reachable')],
    input: b.answer(root([b.element('e-1', b.otherRole(), {}, [b.element('e-2', b.otherRole(1), on)])])) as never,
    decodes: true,
    strictValid: true,
    findings: [finding('state-reachable', 'error', `${childPath(0, 0)}/${pathState}`, 'e-2')],
  });
  add({
    name: 'state-reachable-fork',
    description: `Two siblings both have ${pathState} set: the path is ambiguous.`,
    covers: [req('state-reachable')],
    input: b.answer(root([b.element('e-1', b.otherRole(), on), b.element('e-2', b.otherRole(), on)])) as never,
    decodes: true,
    strictValid: true,
    findings: [finding('state-reachable', 'warning', `/${t.root}/${t.children}`, 'app')],
  });
}

/** Defaults and inheritance, on a fixed tree with every state stated false, true and absent. */
export function stateReaderVector({ model, b, req, finding, add, root, childPath, states }: VectorKit): void {
  const mixed = (v: boolean) => Object.fromEntries(states.map((s) => [s, v]));
  add({
    name: 'state-reader',
    description: "Absent states read as their defaults or the parent's value.",
    covers: [req('state-reader')],
    input: b.answer(
      root([
        b.element('e-1', b.otherRole(), mixed(false), [
          b.element('e-2', b.otherRole(1)),
          b.element('e-3', b.otherRole(1), mixed(true)),
        ]),
        b.element('e-4', b.otherRole(), {}, [b.element('e-5', b.otherRole(1))]),
      ]),
    ) as never,
    decodes: true,
    strictValid: true,
    // e-3 states every state true under a parent that states them false: each path state has a gap there.
    findings: model.states
      .filter((s) => s.path)
      .map((s) => finding('state-reachable', 'error', `${childPath(0, 1)}/${s.field}`, 'e-3')),
  });
}
