import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver/node';
import { countChangedFiles } from '../../generator/lsp/features/lens-count.js';
import { codeLenses, diffText, resolveLens } from '../../generator/lsp/features/lens.js';
import { documentSymbols } from '../../generator/lsp/features/symbols.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { lineOf, snapshotOf } from '../helpers/lsp-features.js';
import { specWithFixture } from '../helpers/revision.js';
import { GENERATED, ROOT, SPEC, listFiles } from '../helpers/spec.js';

/**
 * Document symbols and the code lens (issue 40, item 6). The outline is written by hand from RFC-0001's headings
 * and tables; the lens's count of generated files is checked against the committed generated/ tree.
 */
const RFC1 = 'spec/rfcs/0001-element-model.md';
const FIXTURES = join(import.meta.dirname, '../fixtures/revision-forms');
const named = (symbols: DocumentSymbol[] | undefined) => (symbols ?? []).map((s) => s.name);
const find = (symbols: DocumentSymbol[] | undefined, name: string) => (symbols ?? []).find((s) => s.name === name);

describe('document symbols', () => {
  let s: SpecSnapshot;
  beforeAll(async () => {
    s = await snapshotOf(SPEC);
  });

  it("RFC-0001's outline: the title, its numbered sections, their subsections, tables and the names each defines", () => {
    const [title, ...rest] = documentSymbols(s, RFC1);
    expect(rest).toEqual([]);
    expect(title?.name).toBe('RFC-0001: The element model');
    expect(named(title?.children)).toEqual([
      'Field | Value',
      '1. Summary',
      '2. Motivation',
      '3. Proposal',
      '4. Specification changes',
      '5. Compatibility',
      '6. Privacy and security',
      '7. Conformance',
      '8. Rationale, alternatives and prior art',
      '9. Open questions',
      '10. Decision and outcome',
    ]);
    const four = find(title?.children, '4. Specification changes');
    expect(named(four?.children)).toEqual([
      'Type | Section | Kind | Meaning',
      'External type | Version | Kinds',
      '4.1 The element (replaces section 5, Items)',
      '4.2 The role language',
      '4.3 Reserved attributes',
      '4.4 Operations (section 4)',
      '4.5 Versioning (section 10)',
    ]);
    expect(named(find(four?.children, 'Type | Section | Kind | Meaning')?.children)).toEqual(['Answer', 'Element', 'Related', 'Attributes', 'Role', 'ContentBlock']);
    const element = find(four?.children, '4.1 The element (replaces section 5, Items)');
    const fields = find(element?.children, 'Field | Type | Required | Meaning');
    expect(named(fields?.children)).toEqual(['id', 'role', 'subrole', 'title', 'content', 'url', 'selected', 'focused', 'visible', 'children', 'attributes']);
    expect(fields?.children?.[0]?.detail).toBe('field of Element');
    const roles = find(find(four?.children, '4.2 The role language')?.children, 'Kind | Roles');
    expect(named(roles?.children)).toEqual(['Application', 'Window', 'Group', 'List', 'Table', 'Row', 'Cell', 'Text', 'Heading', 'Link', 'Image', 'Page', 'Document']);
    expect(named(find(find(title?.children, '7. Conformance')?.children, 'Draft | Requirement | Check from outside | Rule')?.children)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']);
  });

  it('a section runs from its heading to the next heading of its level or above', () => {
    const title = documentSymbols(s, RFC1)[0];
    const four = find(title?.children, '4. Specification changes');
    const five = find(title?.children, '5. Compatibility');
    expect(lineOf(s, RFC1, four?.range.start.line ?? -1)).toBe('## 4. Specification changes');
    expect(four?.range.end.line).toBe(five?.range.start.line);
  });

  it("process.md's outline names its statuses", () => {
    const [title] = documentSymbols(s, 'spec/process.md');
    expect(named(find(title?.children, 'Status | Counted | Open | Meaning')?.children)).toEqual(['Draft', 'Proposed', 'Accepted', 'Implemented', 'Released', 'Superseded', 'Rejected', 'Withdrawn']);
  });
});

describe('the code lens on the Version effect row', () => {
  const made: { dispose: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const m of made) await m.dispose();
  });

  it('RFC-0001 makes the whole model from nothing: every generated file, as generated/ holds them', async () => {
    const s = await snapshotOf(SPEC);
    const [lens, ...more] = codeLenses(s, RFC1);
    expect(more).toEqual([]);
    expect(lineOf(s, RFC1, lens?.range.start.line ?? -1)).toBe('| Version effect | Breaking: 0.1 to 0.2.0 |');
    const resolved = await resolveLens(s, lens as NonNullable<typeof lens>);
    const committed = (await listFiles(GENERATED)).length;
    expect(resolved.command?.title).toMatch(new RegExp(`^breaking from nothing: \\d+ changes, ${committed} generated files$`));
    expect(resolved.command?.command).toBe('element-spec.showDiff');
    expect(resolved.command?.arguments).toEqual([RFC1]);
  }, 120_000);

  it('the count runs on a worker thread where the server is built (dist/), and gives what this thread gives', async () => {
    const f = await specWithFixture(join(FIXTURES, 'rename-role-with-alias'));
    made.push(f);
    const s = await snapshotOf(f.spec);
    const file = 'spec/rfcs/0002-page-is-document.md';
    // npm run build (which every npm test script runs first) writes dist/; the server runs from there.
    const built = (await import(join(ROOT, 'dist/lsp/features/lens-thread.js'))) as typeof import('../../generator/lsp/features/lens-thread.js');
    expect(built.countsOffThread()).toBe(true);
    const [offThread, here] = await Promise.all([built.countChangedOffThread(s.files, file), countChangedFiles(s.files, file)]);
    expect(offThread).toBe(here);
    expect(here).toBeGreaterThan(0);
  }, 240_000);

  it('draft-with-problems: a Draft changes no version yet, and its lens says so', async () => {
    const f = await specWithFixture(join(FIXTURES, 'draft-with-problems'));
    made.push(f);
    const s = await snapshotOf(f.spec);
    expect(s.assembled.model).not.toBeNull();
    const [lens] = codeLenses(s, 'spec/rfcs/0002-hints.md');
    expect((await resolveLens(s, lens as NonNullable<typeof lens>)).command?.title).toBe('Not counted (its Status): it changes no version yet');
  });

  it('rename-role-with-alias: the RFC is breaking against 0.2.0 by its three changes, and the diff lists them', async () => {
    const f = await specWithFixture(join(FIXTURES, 'rename-role-with-alias'));
    made.push(f);
    const s = await snapshotOf(f.spec);
    const file = 'spec/rfcs/0002-page-is-document.md';
    const [lens] = codeLenses(s, file);
    const resolved = await resolveLens(s, lens as NonNullable<typeof lens>);
    expect(resolved.command?.title).toMatch(/^breaking against 0\.2\.0: 3 changes, \d+ generated files$/);
    const files = Number(/(\d+) generated files/.exec(resolved.command?.title ?? '')?.[1]);
    // Renaming a role changes some files of every binding, and not all of them (a README, a license stay).
    expect(files).toBeGreaterThan(6);
    expect(files).toBeLessThan((await listFiles(GENERATED)).length);
    expect(diffText(s, file).split('\n')).toEqual([
      'RFC-0002 against 0.2.0: breaking',
      expect.stringMatching(/^breaking mapping-changed Apple AXPage: /),
      expect.stringMatching(/^additive mapping-added role Document: /),
      expect.stringMatching(/^additive deprecated role Page: /),
    ]);
  }, 240_000);
});
