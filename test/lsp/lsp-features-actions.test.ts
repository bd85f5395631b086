import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver/node';
import { codeActions } from '../../generator/lsp/features/actions.js';
import type { RuleId } from '../../generator/diagnostics/codes.js';
import { applyEdits, lspDiagnosticOf, snapshotOf } from '../helpers/lsp-features.js';
import { specWithFixture } from '../helpers/revision.js';
import { applyEditScript, type SpecEdit } from '../helpers/spec-edits.js';
import { scratch } from '../helpers/spec.js';

/**
 * Code actions (issue 40, item 5): each slip is made in a scratch copy of the spec (or taken from a revision-forms
 * fixture), the finding it gives is sent as the server sends it, and the fix is taken. The oracle is the toolchain
 * itself reading the fixed text: the finding is gone, and the line reads as a person would have mended it.
 */
const RFC1 = 'spec/rfcs/0001-element-model.md';
const FIXTURES = join(import.meta.dirname, '../fixtures/revision-forms');
const made: { dispose: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const m of made) await m.dispose();
});

async function specWith(edits: SpecEdit[], fixture?: string): Promise<string> {
  const s = fixture ? await specWithFixture(join(FIXTURES, fixture)) : await scratch();
  made.push(s);
  if (edits.length) await applyEditScript(s.spec, { why: 'a slip', edits }, 'lsp-features-actions');
  return s.spec;
}

/** The actions for the file's findings of one rule, and what taking the chosen one leaves: its text and findings. */
async function takeFix(specDir: string, file: string, rule: RuleId, choose: (a: CodeAction[]) => CodeAction | undefined = (a) => a[0]) {
  const snapshot = await snapshotOf(specDir);
  const findings = snapshot.assembled.diagnostics.items.filter((d) => d.file === file && d.ruleId === rule);
  expect(findings.length, `${rule} in ${file}`).toBeGreaterThan(0);
  const actions = codeActions(snapshot, file, findings.map(lspDiagnosticOf));
  const action = choose(actions);
  if (!action?.edit?.changes) throw new Error(`no action among ${JSON.stringify(actions.map((a) => a.title))}`);
  const path = snapshot.absolutePathOf(file);
  const text = applyEdits(await readFile(path, 'utf8'), Object.values(action.edit.changes)[0] ?? []);
  await writeFile(path, text);
  const after = await snapshotOf(specDir);
  return { titles: actions.map((a) => a.title), action, text, after: after.assembled.diagnostics.items.filter((d) => d.severity === 'error'), built: after.assembled.model !== null };
}

describe('quick fixes from findings', () => {
  it('a misspelt role: the nearest role in the role language, and the spec builds again', async () => {
    const spec = await specWith([{ file: 'rfcs/0001-element-model.md', find: '| `Heading` | yes |', replace: '| `Haeding` | yes |' }]);
    const r = await takeFix(spec, RFC1, 'unknown-role');
    expect(r.titles[0]).toBe('Change Haeding to Heading');
    expect(r.action.isPreferred).toBe(true);
    expect(r.text).toContain('| `Heading` | yes |');
    expect(r.after).toEqual([]);
    expect(r.built).toBe(true);
  });

  it('a misspelt Kind (`recrd`, issue 40\'s example): one fix, record, and the spec builds again', async () => {
    const spec = await specWith([{ file: 'rfcs/0001-element-model.md', find: '| `Related` | 4.3 | record |', replace: '| `Related` | 4.3 | recrd |' }]);
    const before = await snapshotOf(spec);
    // The words the reader accepts are those completion offers (test/lsp/lsp-features-completion.test.ts).
    expect(before.assembled.diagnostics.items.find((d) => d.ruleId === 'bad-cell')?.message).toBe('The Kind must be record, enum, roles, attributes or external');
    const r = await takeFix(spec, RFC1, 'bad-cell');
    expect(r.titles).toEqual(['Change recrd to record']);
    expect(r.text).toContain('| `Related` | 4.3 | record |');
    expect(r.built).toBe(true);
  });

  it('a misspelt type (`Elemnt[]`): the nearest type, keeping the list notation', async () => {
    const spec = await specWith([{ file: 'rfcs/0001-element-model.md', find: '| `children` | `Element[]` |', replace: '| `children` | `Elemnt[]` |' }]);
    const r = await takeFix(spec, RFC1, 'unknown-type');
    expect(r.titles[0]).toBe('Change Elemnt to Element');
    expect(r.text).toContain('| `children` | `Element[]` |');
    expect(r.built).toBe(true);
  });

  it("a misspelt Apple role in Also covers, a status and a checker rule", async () => {
    const spec = await specWith([
      { file: 'rfcs/0001-element-model.md', find: '`Sheet`, `Drawer`', replace: '`Shet`, `Drawer`' },
      { file: 'rfcs/0001-element-model.md', find: '| Status | Accepted |', replace: '| Status | Acepted |' },
      { file: 'rfcs/0001-element-model.md', find: '| Reject a repeat | `unique-id` |', replace: '| Reject a repeat | `unique-ids` |' },
    ]);
    expect((await takeFix(spec, RFC1, 'unknown-apple-role')).text).toContain('| `Window` | `Sheet`, `Drawer`');
    expect((await takeFix(spec, RFC1, 'unknown-status')).text).toContain('| Status | Accepted |');
    const last = await takeFix(spec, RFC1, 'unknown-check-rule');
    expect(last.text).toContain('| Reject a repeat | `unique-id` |');
    expect(last.built).toBe(true);
  });

  it('a word no name is near gets no fix: role-table-slips names a Chart role the spec never had', async () => {
    const spec = await specWith([], 'role-table-slips');
    const snapshot = await snapshotOf(spec);
    const file = 'spec/rfcs/0002-role-slips.md';
    const findings = snapshot.assembled.diagnostics.items.filter((d) => d.file === file && d.ruleId === 'unknown-role' && d.actual === 'Chart');
    expect(findings).toHaveLength(1);
    expect(codeActions(snapshot, file, findings.map(lspDiagnosticOf))).toEqual([]);
  });

  it('an empty cell gets —', async () => {
    // A Replaced by cell left empty: — says nothing replaced the name.
    const spec = await specWith([{ file: 'rfcs/0001-element-model.md', find: '| `payload` | `Element` | `attributes` |', replace: '| `payload` | `Element` |   |' }]);
    const r = await takeFix(spec, RFC1, 'empty-cell');
    expect(r.titles).toEqual(['Write — in the empty cell']);
    expect(r.text).toContain('| `payload` | `Element` | — |');
    expect(r.built).toBe(true);
  });

  it('comment-in-table: the comment moves after the table, and the rows are one table again', async () => {
    const spec = await specWith([], 'comment-in-table');
    const r = await takeFix(spec, RFC1, 'table-split');
    expect(r.titles).toEqual(['Move the comment out of the table, after its last row']);
    expect(r.text).toContain("| R3 | A provider's roles all come from the role language, and its root is an `Application` | Reject any other role at the root; flag unknown roles | `role-language` |\n| R4 |");
    expect(r.text).toContain("| `content-kind` |\n\n<!-- R4 is under review -->\n\n## 8.");
    expect(r.built).toBe(true);
  });

  it('blank-line-in-table: the blank line goes', async () => {
    const spec = await specWith([], 'blank-line-in-table');
    const r = await takeFix(spec, RFC1, 'table-split');
    expect(r.titles).toEqual(['Join the rows to the table above: remove the blank line between them']);
    expect(r.text).toContain('| `content` | `ContentBlock[]` | no | MCP content blocks, unchanged from 0.1 |\n| `url` |');
    expect(r.built).toBe(true);
  });

  it('two tables with no blank line between them: one fix for all the findings, splitting them', async () => {
    const spec = await specWith([{ file: 'rfcs/0001-element-model.md', find: '| No role plainly fits | `Group` |\n\n', replace: '| No role plainly fits | `Group` |\n' }]);
    const snapshot = await snapshotOf(spec);
    const findings = snapshot.assembled.diagnostics.items.filter((d) => d.file === RFC1);
    // The Not reported header and each row after it is a Rule that is none of the three: seven findings.
    expect(findings.map((d) => d.ruleId)).toEqual(Array(7).fill('bad-cell'));
    const actions = codeActions(snapshot, RFC1, findings.map(lspDiagnosticOf));
    expect(actions.map((a) => a.title)).toEqual([expect.stringMatching(/^Split the table before the Not reported \| Reason header \(line \d+\)$/)]);
    expect(actions[0]?.diagnostics).toHaveLength(7);
    const r = await takeFix(spec, RFC1, 'bad-cell');
    expect(r.text).toContain('| No role plainly fits | `Group` |\n\n| Not reported | Reason |');
    expect(r.built).toBe(true);
  });

  it('stray-row: a row written above the table it belongs to moves to the end of it', async () => {
    const spec = await specWith([], 'stray-row');
    const r = await takeFix(spec, RFC1, 'table-split');
    expect(r.titles).toEqual(['Move the row into the table below, after its last row']);
    expect(r.text).toContain("Restated as a table, for the reference beside the element definition:\n\n| Subject | Note |");
    expect(r.text).toContain("a provider should send it only where the app already shows it |\n| `title` | A title may name a person |\n\n## 7.");
    expect(r.built).toBe(true);
  });

  it('near-miss-header: the header as the guide gives it', async () => {
    const spec = await specWith([], 'near-miss-header');
    const r = await takeFix(spec, RFC1, 'table-columns');
    expect(r.titles).toEqual(['Write the header as the guide gives it: | Attribute | Type | Meaning |']);
    expect(r.built).toBe(true);
  });

  it('editorial-adds-to-unreleased: the Version effect that makes the version with RFC-0001, which diff agrees with', async () => {
    const spec = await specWith([], 'editorial-adds-to-unreleased');
    const file = 'spec/rfcs/0002-notes.md';
    const r = await takeFix(spec, file, 'version-effect');
    expect(r.titles).toEqual(['Make the version together with RFC-0001: Breaking: 0.1 to 0.2.0']);
    expect(r.text).toContain('| Version effect | Breaking: 0.1 to 0.2.0 |');
    expect(r.after).toEqual([]);
  });

  it('an RFC that declares Additive but removes a field: Breaking, from the version it names to the one that makes', async () => {
    const spec = await specWith([]);
    const rfc = '# RFC-0002: No more urls\n\nA fixture.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | Additive: 0.2.0 to 0.2.1 |\n| Supersedes or amends | Amends RFC-0001 |\n\n## 1. Changes\n\n| Removed | From | Replaced by |\n|---|---|---|\n| `url` | `Related` | — |\n';
    await writeFile(join(spec, 'rfcs/0002-no-urls.md'), rfc);
    const r = await takeFix(spec, 'spec/rfcs/0002-no-urls.md', 'version-effect');
    expect(r.titles).toEqual(['State the Version effect diff computes: Breaking: 0.2.0 to 0.3.0']);
    expect(r.after).toEqual([]);
    expect(r.built).toBe(true);
  });

  it('a step to the wrong version (metadata-slips, 0005): the version the step makes', async () => {
    const spec = await specWith([], 'metadata-slips');
    const r = await takeFix(spec, 'spec/rfcs/0005-wrong-step.md', 'version-sequence');
    expect(r.titles).toEqual(['Step to 0.2.1: Additive: 0.2.0 to 0.2.1']);
    expect(r.after.filter((d) => d.file === 'spec/rfcs/0005-wrong-step.md' && d.ruleId === 'version-sequence')).toEqual([]);
  });
});
