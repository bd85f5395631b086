import { STATES, type Answer, type Element, type StateName } from '../model.js';

/** Every state of an element as a receiver reads it: defaults and inheritance applied. */
export type EffectiveState = { [K in StateName]: boolean };

export interface EffectiveElement {
  element: Element;
  /** JSON Pointer from the answer, e.g. `/root/children/0`. */
  path: string;
  depth: number;
  state: EffectiveState;
}

function resolve(element: Element, parent: EffectiveState | null): EffectiveState {
  const out = {} as EffectiveState;
  for (const s of STATES) {
    const stated = (element as unknown as Record<string, unknown>)[s.name];
    if (typeof stated === 'boolean') out[s.name] = stated;
    else if (s.default.kind === 'inherit') out[s.name] = parent ? parent[s.name] : s.default.root;
    else out[s.name] = s.default.value;
  }
  return out;
}

/**
 * Walks the tree in pre-order (an element, then its children in order) and gives each element its effective
 * state. Iterative, so a tree of any depth is read without growing the call stack.
 */
export function effectiveElements(answer: Answer): EffectiveElement[] {
  const out: EffectiveElement[] = [];
  const stack: { element: Element; path: string; depth: number; parent: EffectiveState | null }[] = [
    { element: answer.root, path: '/root', depth: 0, parent: null },
  ];
  while (stack.length) {
    const item = stack.pop() as (typeof stack)[number];
    const state = resolve(item.element, item.parent);
    out.push({ element: item.element, path: item.path, depth: item.depth, state });
    const children = Array.isArray(item.element.children) ? item.element.children : [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child && typeof child === 'object') {
        stack.push({ element: child, path: `${item.path}/children/${i}`, depth: item.depth + 1, parent: state });
      }
    }
  }
  return out;
}

const PATH_STATE = STATES.find((s) => s.path)?.name;

/**
 * The chain of focused elements from the root's child down to the user's position: at each level, the child
 * whose path state is set. Empty when nothing is focused.
 */
export function focusPath(answer: Answer): Element[] {
  const path: Element[] = [];
  if (!PATH_STATE) return path;
  let current: Element | undefined = answer.root;
  while (current) {
    const children: Element[] = Array.isArray(current.children) ? current.children : [];
    current = children.find((c) => (c as unknown as Record<string, unknown>)[PATH_STATE] === true);
    if (current) path.push(current);
  }
  return path;
}
