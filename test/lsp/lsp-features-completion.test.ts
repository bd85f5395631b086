import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver/node';
import { completion } from '../../generator/lsp/features/completion.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { lineOf, positionOf, snapshotOf } from '../helpers/lsp-features.js';
import { SPEC, scratch } from '../helpers/spec.js';

/**
 * Completion (issue 40, item 4), called as the server calls it: what each cell may hold, read from the model and
 * the spec's own tables. The expected lists are copied by hand from spec/ (the role language, process.md's statuses)
 * and from spec/README.md (the Kind words, the checker rules).
 */
const RFC1 = 'spec/rfcs/0001-element-model.md';
const labels = (items: CompletionItem[]) => items.map((i) => i.label);
/** What accepting an item leaves on its line. */
const accept = (s: SpecSnapshot, file: string, item: CompletionItem | undefined) => {
  const edit = item?.textEdit as { range: { start: { line: number; character: number }; end: { character: number } }; newText: string } | undefined;
  if (!edit) throw new Error('no edit');
  const line = lineOf(s, file, edit.range.start.line);
  return line.slice(0, edit.range.start.character) + edit.newText + line.slice(edit.range.end.character);
};

const ROLES = ['Application', 'Window', 'Group', 'List', 'Table', 'Row', 'Cell', 'Text', 'Heading', 'Link', 'Image', 'Page', 'Document'];

describe('completion on the real spec', () => {
  let s: SpecSnapshot;
  beforeAll(async () => {
    s = await snapshotOf(SPEC);
  });

  it('a Types row\'s Kind offers the five kinds', () => {
    const at = positionOf(s, RFC1, '| `Answer` | 4.4 | record', 22);
    expect(labels(completion(s, RFC1, at))).toEqual(['record', 'enum', 'roles', 'attributes', 'external']);
  });

  it("the Role column of Apple's names offers the thirteen roles, in the role language's order, as code", () => {
    const at = positionOf(s, RFC1, '| `Cell` | yes |', 2);
    const items = completion(s, RFC1, at);
    expect(labels(items)).toEqual(ROLES);
    expect(accept(s, RFC1, items[2])).toBe('| `Group` | yes |');
  });

  it('a Roles list completes the item after the last comma', () => {
    const at = positionOf(s, RFC1, '| Entries | `Row`, `Cell` |', 20);
    const items = completion(s, RFC1, at);
    expect(accept(s, RFC1, items.find((i) => i.label === 'Heading'))).toBe('| Entries | `Row`, `Heading` |');
  });

  it('a field\'s Type offers the primitives, every type and a list of each', () => {
    const got = labels(completion(s, RFC1, positionOf(s, RFC1, '| `title` | `string`', 12)));
    expect(got.slice(0, 9)).toEqual(['string', 'boolean', 'number', 'Answer', 'Element', 'Related', 'Attributes', 'Role', 'ContentBlock']);
    expect(got).toContain('Element[]');
    expect(got).toContain('string[]');
  });

  it("Also covers offers Apple's content roles only", () => {
    const got = labels(completion(s, RFC1, positionOf(s, RFC1, '| `Document` | `WebArea` |', 16)));
    expect(got).toContain('Sheet');
    expect(got).toContain('WebArea');
    // A control is a class of elements that are not reported, never a role's cover.
    expect(got).not.toContain('Button');
  });

  it("a requirement's Rule offers the checker's rules and —", () => {
    const got = labels(completion(s, RFC1, positionOf(s, RFC1, '| Reject a repeat | `unique-id` |', 22)));
    expect(got).toEqual(['state-on-element', 'state-reader', 'role-language', 'unique-id', 'state-reachable', 'content-kind', '—']);
  });

  it('Status offers the statuses of process.md', () => {
    const got = labels(completion(s, RFC1, positionOf(s, RFC1, '| Status | Accepted |', 11)));
    expect(got).toEqual(['Draft', 'Proposed', 'Accepted', 'Implemented', 'Released', 'Superseded', 'Rejected', 'Withdrawn']);
  });

  it('a code span in prose offers names and rule ids', () => {
    const at = positionOf(s, RFC1, 'uses `Group`', 7);
    const got = labels(completion(s, RFC1, at));
    expect(got).toEqual(expect.arrayContaining(['Group', 'Element', 'focused', 'locate', 'unique-id', 'unknown-type']));
  });

  it('an empty line outside a table offers each kind of table\'s header', () => {
    const at = positionOf(s, RFC1, '\n\n## 2. Motivation', 1);
    const items = completion(s, RFC1, at);
    expect(items).toHaveLength(22);
    expect(items.map((i) => i.label)).toContain('| Field | Type | Required | Meaning |');
    expect((items[0]?.textEdit as { newText: string }).newText).toBe('| Field | Value |\n|---|---|\n| ');
  });
});

describe('completion in an RFC being written', () => {
  let dispose: () => Promise<void>;
  let s: SpecSnapshot;
  const RFC2 = 'spec/rfcs/0002-subtitle.md';
  beforeAll(async () => {
    const sc = await scratch();
    dispose = sc.dispose;
    // The real spec first, as the server sees it before the new file, so the last model that built is 0.2.0's.
    await snapshotOf(sc.spec).then((good) => completion(good, RFC1, { line: 0, character: 0 }));
    await writeFile(join(sc.spec, 'rfcs/0002-subtitle.md'), '# RFC-0002: Subtitles\n\nA new field.\n\n| Field | Value |\n|---|---|\n| Status | Dr |\n| Version effect |  |\n');
    s = await snapshotOf(sc.spec);
  });
  afterAll(() => dispose());

  it('the new RFC does not build yet, and its Version effect offers each form from 0.2.0, the version before it', () => {
    expect(s.assembled.model).toBeNull();
    const at = positionOf(s, RFC2, '| Version effect |  |', 19);
    expect(labels(completion(s, RFC2, at))).toEqual(['Breaking: 0.2.0 to 0.3.0', 'Additive: 0.2.0 to 0.2.1', 'Editorial', 'Breaking: 0.2.0 to 1.0.0']);
  });

  it('a status being typed is completed over what was typed', () => {
    const items = completion(s, RFC2, positionOf(s, RFC2, '| Status | Dr |', 13));
    expect(accept(s, RFC2, items.find((i) => i.label === 'Draft'))).toBe('| Status | Draft |');
  });
});
