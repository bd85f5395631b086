import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

// effectiveElements and focusPath on small hand-made trees: defaults, inheritance, paths and order.
const lib = await sdk();
const answer = (root: unknown) => ({ protocol: '0.2.0', instance: 'i', root }) as never;

describe('effectiveElements', () => {
  it('applies the default to an unstated state, inherits visible from the parent, and keeps a stated value', () => {
    const got = lib.effectiveElements(answer({
      id: 'app', role: 'Application', visible: false,
      children: [
        { id: 'w', role: 'Window', children: [{ id: 'b', role: 'Button', visible: true, selected: true }] },
        { id: 'x', role: 'Text' },
      ],
    }));
    expect(got.map((e) => [e.element.id, e.path, e.depth, e.state])).toEqual([
      ['app', '/root', 0, { selected: false, focused: false, visible: false }],
      ['w', '/root/children/0', 1, { selected: false, focused: false, visible: false }],
      ['b', '/root/children/0/children/0', 2, { selected: true, focused: false, visible: true }],
      ['x', '/root/children/1', 1, { selected: false, focused: false, visible: false }],
    ]);
  });

  it('a root that does not state visible is visible, and a child inherits that', () => {
    const got = lib.effectiveElements(answer({ id: 'app', role: 'Application', children: [{ id: 'w', role: 'Window' }] }));
    expect(got.map((e) => e.state.visible)).toEqual([true, true]);
  });

  it('a state that is not a boolean is read as unstated', () => {
    const [root] = lib.effectiveElements(answer({ id: 'app', role: 'Application', visible: 'no', selected: 1 }));
    expect(root?.state).toEqual({ selected: false, focused: false, visible: true });
  });

  it('skips children that are not objects, keeping the index of the rest in their paths', () => {
    const got = lib.effectiveElements(answer({ id: 'app', role: 'Application', children: [null, 3, { id: 'c', role: 'Row' }] }));
    expect(got.map((e) => e.path)).toEqual(['/root', '/root/children/2']);
  });
});

describe('focusPath', () => {
  it('follows the focused child at each level from the root down, and stops where none is focused', () => {
    const path = lib.focusPath(answer({
      id: 'app', role: 'Application',
      children: [
        { id: 'w1', role: 'Window' },
        { id: 'w2', role: 'Window', focused: true, children: [{ id: 'a', role: 'Button' }, { id: 'b', role: 'Button', focused: true }] },
      ],
    }));
    expect(path.map((e) => e.id)).toEqual(['w2', 'b']);
  });

  it('is empty when nothing is focused, and a focused value that is not true does not count', () => {
    expect(lib.focusPath(answer({ id: 'app', role: 'Application', children: [{ id: 'w', role: 'Window', focused: 'true' }] }))).toEqual([]);
  });
});
