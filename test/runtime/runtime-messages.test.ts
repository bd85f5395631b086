import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

// Every kind of finding check gives, with its message: the conformance vectors pin rule, place and severity but
// not the words a provider reads, nor the findings of shape the vectors do not reach.
const lib = await sdk();
const base = (root: unknown, extra: object = {}) => ({ protocol: '0.2.0', instance: 'i', root, ...extra });
const app = (extra: object) => ({ id: 'a', role: 'Application', ...extra });
const found = (answer: unknown, options?: Parameters<typeof lib.check>[1]) =>
  lib.check(answer, options).map((f) => [f.requirement, f.rule, f.severity, f.elementId, f.path, f.message]);

describe('check says what is wrong, and where', () => {
  it('an answer or element that is not an object, or lacks a required field', () => {
    expect(found(5)).toEqual([[null, 'structure', 'error', null, '', 'Expected an object (Answer), found number']]);
    expect(found([])).toEqual([[null, 'structure', 'error', null, '', 'Expected an object (Answer), found array']]);
    expect(found(null)).toEqual([[null, 'structure', 'error', null, '', 'Expected an object (Answer), found null']]);
    expect(found({ protocol: '0.2.0', instance: 'i' })).toEqual([[null, 'structure', 'error', null, '', 'Answer is missing its required field "root"']]);
    expect(found(base({ role: 'Application' }))).toEqual([[null, 'structure', 'error', null, '/root', 'Element is missing its required field "id"']]);
    expect(found(base(app({ children: [5] })))).toEqual([[null, 'structure', 'error', null, '/root/children/0', 'Expected an object (Element), found number']]);
  });

  it('a field of the wrong JSON type', () => {
    expect(found(base(app({ title: 3, selected: 'x', children: {} })))).toEqual([
      [null, 'structure', 'error', 'a', '/root/children', 'Expected an array of elements, found object'],
      [null, 'structure', 'error', 'a', '/root/selected', 'Expected a boolean, found string'],
      [null, 'structure', 'error', 'a', '/root/title', 'Expected a string, found number'],
    ]);
    expect(found(base({ id: 'a', role: 5 }))).toEqual([[null, 'structure', 'error', 'a', '/root/role', 'Expected a role string, found number']]);
    expect(found(base(app({ content: {} })))).toEqual([[null, 'structure', 'error', 'a', '/root/content', 'Expected an array (ContentBlock[]), found object']]);
  });

  it('a name removed in 0.2.0, with its replacement, and one that stated state away from the element (R1)', () => {
    expect(found(base(app({ type: 'x' }), { focus: ['a'] }))).toEqual([
      ['R1', 'state-on-element', 'error', null, '/focus', '"focus" states focused away from the element; it was removed in 0.2.0: use focused on each element of the path'],
      [null, 'structure', 'error', 'a', '/root/type', '"type" was removed in 0.2.0; use role, with the app\'s own word in subrole'],
    ]);
  });

  it('attributes: reserved ones checked by type, state among them (R1), and not an object', () => {
    expect(found(base(app({ attributes: { selected: true, author: 3, related: [{}, 5], free: { any: 'thing' } } })))).toEqual([
      [null, 'structure', 'error', 'a', '/root/attributes/author', 'Expected a string, found number'],
      [null, 'structure', 'error', 'a', '/root/attributes/related/0', 'Related is missing its required field "relation"'],
      [null, 'structure', 'error', 'a', '/root/attributes/related/1', 'Expected an object (Related), found number'],
      ['R1', 'state-on-element', 'error', 'a', '/root/attributes/selected', '"selected" is state; state it on the element itself, not in its attributes'],
    ]);
    expect(found(base(app({ attributes: [] })))).toEqual([[null, 'structure', 'error', 'a', '/root/attributes', 'Expected an object of attributes, found array']]);
    expect(found(base(app({ attributes: { related: [{ relation: 'r', selected: true }] } })))).toEqual([
      ['R1', 'state-on-element', 'error', 'a', '/root/attributes/related/0/selected', '"selected" is stated on Related, not on the element it describes'],
    ]);
  });

  it('content blocks: not an object, an unknown type, a missing or mistyped property', () => {
    const content = [5, { type: 'video' }, { type: {} }, { type: 'text' }, { type: 'text', text: 5, annotations: 1, _meta: [], extra: 1 }, { type: 'image', data: 'd', mimeType: 'm', annotations: null },
      { type: 'resource', resource: { uri: 'u', text: 't', blob: 'b' } }, { type: 'resource', resource: { uri: 'u', blob: 'b' } }];
    const types = '(text, image, audio, resource_link, resource)';
    expect(found(base(app({ content })))).toEqual([
      [null, 'structure', 'error', 'a', '/root/content/0', 'Expected a content block object, found number'],
      ['R8', 'content-kind', 'warning', 'a', '/root/content/1/type', `"video" is not a content block type of this version ${types}; a receiver keeps it as it is`],
      [null, 'structure', 'error', 'a', '/root/content/2/type', 'Expected a string content block type, found object'],
      [null, 'structure', 'error', 'a', '/root/content/3', 'A text content block needs "text"'],
      [null, 'structure', 'error', 'a', '/root/content/4/_meta', 'Expected object for "_meta", found array'],
      // annotations names MCP's Annotations, an object: a number or null there is the wrong type (spec/README.md, Null).
      [null, 'structure', 'error', 'a', '/root/content/4/annotations', 'Expected object for "annotations", found number'],
      [null, 'structure', 'error', 'a', '/root/content/4/text', 'Expected string for "text", found number'],
      [null, 'structure', 'error', 'a', '/root/content/5/annotations', 'Expected object for "annotations", found null'],
      [null, 'structure', 'error', 'a', '/root/content/6/resource', '"resource" has "text" and "blob"; it is one of TextResourceContents, BlobResourceContents, not several'],
    ]);
  });

  it('a gap in the focus path (R6), two focused siblings, and an unknown role (R3)', () => {
    expect(found(base(app({ children: [{ id: 'w', role: 'Window', children: [{ id: 'b', role: 'Button', focused: true }] }] })))).toEqual([
      ['R6', 'state-reachable', 'error', 'b', '/root/children/0/children/0/focused', '"focused" is set here but not on the parent "w"; the path from the root has a gap'],
      ['R3', 'role-language', 'warning', 'b', '/root/children/0/children/0/role', 'Unknown role "Button"; a receiver reads it as Group'],
    ]);
    expect(found(base(app({ children: [{ id: 'w', role: 'Window', focused: true }, { id: 'v', role: 'Window', focused: true }] })))).toEqual([
      ['R6', 'state-reachable', 'warning', 'a', '/root/children', '2 children have "focused" set; the path can lead to only one'],
    ]);
    // A focused child of the root needs nothing above it; nor does a focused root.
    expect(found(base(app({ focused: true, children: [{ id: 'w', role: 'Window', focused: true }] })))).toEqual([]);
  });

  it('a string over the limit, in a field, an attribute and a content block, is a warning', () => {
    const answer = base(app({ title: 'xxxxx', content: [{ type: 'text', text: 'yyyyyy' }], attributes: { author: 'zzzzzz' } }));
    expect(found(answer, { maxStringLength: 5 })).toEqual([
      [null, 'limit', 'warning', 'a', '/root/attributes/author', 'A string of 6 characters, over the limit of 5'],
      [null, 'limit', 'warning', 'a', '/root/content/0/text', 'A string of 6 characters, over the limit of 5'],
    ]);
  });
});
