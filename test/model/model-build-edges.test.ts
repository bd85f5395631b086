import { describe, expect, it } from 'vitest';
import { assembleModel } from '../../generator/model/assemble.js';
import { type SpecFiles, readSpecFiles } from '../../generator/spec-files.js';
import { SPEC, realModel } from '../helpers/spec.js';

// assembleModel on the live spec's files edited in memory: what each stage hands the next when a file is missing,
// has a byte-order mark, or holds a row the next stage has no place for.
const said = (items: { ruleId: string; file: string; line: number; column: number; message: string }[]) =>
  items.map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column} ${d.message}`);

async function liveFiles(): Promise<SpecFiles> {
  return readSpecFiles(SPEC);
}

function rfc(files: SpecFiles, edit: (text: string) => string): SpecFiles {
  const [first, ...rest] = files.rfcs;
  if (!first) throw new Error('the live spec has no RFC');
  return { ...files, rfcs: [{ ...first, text: edit(first.text) }, ...rest] };
}

const ADDITIVE_BUT_REMOVES_SIX = `# RFC-0002: Fewer fields

A fixture: it declares itself additive and removes six fields.

| Field | Value |
|---|---|
| Status | Accepted |
| Version effect | Additive: 0.2.0 to 0.2.1 |
| Supersedes or amends | Amends RFC-0001 |

## 1. Specification changes

| Removed | From | Replaced by |
|---|---|---|
| \`url\` | \`Element\` | Nothing |
| \`title\` | \`Element\` | Nothing |
| \`subrole\` | \`Element\` | Nothing |
| \`content\` | \`Element\` | Nothing |
| \`url\` | \`Related\` | Nothing |
| \`instance\` | \`Answer\` | Nothing |
`;

/** ADDITIVE_BUT_REMOVES_SIX declared Breaking, with an example of 0.3.0: the README example must be an answer of it. */
const BREAKING_REMOVES_SIX = `${ADDITIVE_BUT_REMOVES_SIX.replace('Additive: 0.2.0 to 0.2.1', 'Breaking: 0.2.0 to 0.3.0')}
## 2. Example

\`\`\`json
{ "protocol": "0.3.0", "root": { "id": "app", "role": "Application" } }
\`\`\`
`;

/** What a breaking RFC-0002 over an unreleased 0.2.0 says of RFC-0001's example, which it no longer carries as a vector. */
const EXAMPLE_LEFT_OUT = 'example-left-out spec/rfcs/0001-element-model.md:42:1 The example of RFC-0001 section 3 is not a conformance vector of 0.3.0: it is an answer of 0.2.0, never released, and RFC-0002 changed what an answer is after it (field-removed Answer.instance), so it need not be an answer of 0.3.0';

describe('assembleModel at the edges of its stages', () => {
  it('reads a file that starts with a byte-order mark as the same file without it', async () => {
    const files = await liveFiles();
    const process = files.process as { path: string; text: string };
    const withMarks: SpecFiles = { ...rfc(files, (t) => `\uFEFF${t}`), process: { ...process, text: `\uFEFF${process.text}` } };
    const { model, diagnostics } = await assembleModel(withMarks);
    expect(said(diagnostics.items)).toEqual([]);
    expect(model).toEqual(await realModel());
  });

  it('a spec without process.md names that file alone, and folds nothing from a status it cannot read', async () => {
    const files = await liveFiles();
    const { model, diagnostics } = await assembleModel({ ...files, process: null });
    expect(model).toBeNull();
    expect(said(diagnostics.items)).toEqual([
      'missing-table spec/process.md:1:1 The spec has no process.md',
      expect.stringMatching(/^unknown-status spec\/rfcs\/0001-element-model\.md:\d+:\d+ /),
    ]);
  });

  it('a spec without the Apple roles file names that file, and every Apple role an RFC maps is unknown', async () => {
    const files = await liveFiles();
    const { model, diagnostics } = await assembleModel({ ...files, appleRoles: null });
    expect(model).toBeNull();
    const lines = said(diagnostics.items);
    expect(lines[0]).toBe('missing-table spec/reference/apple-roles.md:1:1 The spec has no reference/apple-roles.md');
    expect(lines.slice(1).every((l) => l.startsWith('unknown-apple-role spec/rfcs/0001-element-model.md:'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('a spec without the external types file names that file alone', async () => {
    const files = await liveFiles();
    const { model, diagnostics } = await assembleModel({ ...files, externalTypes: null });
    expect(model).toBeNull();
    expect(said(diagnostics.items)).toEqual(['missing-table spec/reference/external-types.md:1:1 The spec has no reference/external-types.md']);
  });

  it('an RFC file the reader refuses is left out, and the others are still folded', async () => {
    const files = await liveFiles();
    const refused = { path: 'spec/rfcs/notes.md', baseName: 'notes.md', text: '# Notes\n' };
    const { model, diagnostics } = await assembleModel({ ...files, rfcs: [...files.rfcs, refused] });
    expect(said(diagnostics.items)).toEqual(['bad-rfc-file spec/rfcs/notes.md:1:1 An RFC file name must be NNNN-words.md']);
    expect(model).toBeNull();
  });

  it('an external type no Types table declares is an error at its row, and is not loaded', async () => {
    const files = await liveFiles();
    const external = files.externalTypes as { path: string; text: string };
    const row = '| `Stranger` | `no-such-package/types.js` | `StrangerSchema` | zod | — | `Str` |';
    const text = external.text.replace(/\n$/, `\n${row}\n`);
    const line = text.split('\n').indexOf(row) + 1;
    const { model, diagnostics } = await assembleModel({ ...files, externalTypes: { ...external, text } });
    expect(model).toBeNull();
    // Only the one error: a row that is not declared is never loaded, so its missing package says nothing.
    expect(said(diagnostics.items)).toEqual([`unknown-type spec/reference/external-types.md:${line}:3 No Types table declares this external type`]);
  });

  it('a released RFC is one of the versions, an unreleased one only of allVersions', async () => {
    const files = await liveFiles();
    const released = rfc(files, (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
    const second = BREAKING_REMOVES_SIX;
    const built = await assembleModel({ ...released, rfcs: [...released.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: second }] });
    expect(said(built.diagnostics.items)).toEqual([]);
    expect(built.versions.map((m) => m.protocolVersion)).toEqual(['0.2.0', '0.3.0']);
    expect(built.allVersions.map((m) => m.protocolVersion)).toEqual(['0.2.0', '0.3.0']);
    expect(built.allVersions.at(-1)).toBe(built.model);
    // Each version's RFC carries the changes it makes, in the model of its version and in the current model.
    const current = built.model?.rfcs.find((r) => r.id === 'RFC-0002');
    expect(current?.changes.map((c) => `${c.rule} ${c.subject}`)).toHaveLength(6);
    expect(built.versions[0]?.rfcs.find((r) => r.id === 'RFC-0001')?.changes.length).toBeGreaterThan(0);

    const unreleased = await assembleModel({ ...files, rfcs: [...files.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: second }] });
    expect(said(unreleased.diagnostics.items)).toEqual([EXAMPLE_LEFT_OUT]);
    expect(unreleased.versions.map((m) => m.protocolVersion)).toEqual(['0.3.0']);
    expect(unreleased.allVersions.map((m) => m.protocolVersion)).toEqual(['0.2.0', '0.3.0']);
  });

  it('reads Released in by its first word, so a date may follow the version', async () => {
    const files = await liveFiles();
    const second = BREAKING_REMOVES_SIX;
    const dated = rfc(files, (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 (2026-12-01) |'));
    const built = await assembleModel({ ...dated, rfcs: [...dated.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: second }] });
    expect(said(built.diagnostics.items)).toEqual([]);
    expect(built.versions.map((m) => m.protocolVersion)).toEqual(['0.2.0', '0.3.0']);
    // The first word must be the version: text alone, or another version, is an error at the cell.
    for (const [cell, message] of [['soon', /^bad-version .*Released in is — until a release, then the version released \(0\.2\.0\)$/], ['0.3.0 (2026-12-01)', /^bad-version .*RFC-0001 makes 0\.2\.0, but its Released in row names 0\.3\.0$/]] as const) {
      const wrong = rfc(files, (t) => t.replace('| Released in | — |', `| Released in | ${cell} |`));
      const { model, diagnostics } = await assembleModel(wrong);
      expect(model).toBeNull();
      expect(said(diagnostics.items)).toEqual([expect.stringMatching(message)]);
    }
  });

  it('a Draft RFC-0001 leaves no counted RFC: its problems are warnings, and the spec has no version', async () => {
    const files = await liveFiles();
    const draft = rfc(files, (t) => t.replace('| Status | Accepted |', '| Status | Draft |'));
    const { model, diagnostics } = await assembleModel(draft);
    expect(model).toBeNull();
    expect(said(diagnostics.items)).toEqual(['missing-table spec/rfcs/0001-element-model.md:1:1 No counted RFC states a version']);
  });

  it('a versioning table restated in a later RFC governs its own step and every later one', async () => {
    const files = await liveFiles();
    const versioning = '\n| Change | Before 1.0 | From 1.0 |\n|---|---|---|\n| breaking | minor | major |\n| additive | minor | minor |\n| editorial | none | none |\n';
    const header = (n: string, title: string, effect: string) => `# RFC-${n}: ${title}\n\nA fixture.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | ${effect} |\n| Supersedes or amends | Amends RFC-0001 |\n`;
    const notReported = (name: string) => `\n| Not reported | Reason |\n|---|---|\n| ${name} | Not reported |\n`;
    const add = (n: string, effect: string, body: string) => ({ path: `spec/rfcs/${n}-x.md`, baseName: `${n}-x.md`, text: header(n, 'X', effect) + body });
    const ok = await assembleModel({ ...files, rfcs: [...files.rfcs, add('0002', 'Breaking: 0.2.0 to 0.3.0', versioning), add('0003', 'Additive: 0.3.0 to 0.4.0', notReported('gauges'))] });
    expect(said(ok.diagnostics.items)).toEqual([]);
    expect(ok.model?.protocolVersion).toBe('0.4.0');
    expect(ok.model?.versioning.find((v) => v.change === 'additive')?.beforeOne).toBe('minor');
    expect(ok.model?.rfcs.find((r) => r.id === 'RFC-0002')?.changes.map((c) => c.rule)).toEqual(['versioning-changed']);
    // Under the old table the same step is wrong.
    const old = await assembleModel({ ...files, rfcs: [...files.rfcs, add('0002', 'Additive: 0.2.0 to 0.3.0', notReported('gauges'))] });
    expect(said(old.diagnostics.items)).toEqual([expect.stringMatching(/^version-sequence spec\/rfcs\/0002-x\.md:8:20 An additive change from 0\.2\.0 makes 0\.2\.1, not 0\.3\.0$/)]);
  });

  it('a third RFC keeps what the first two removed, their examples and their place in the list', async () => {
    const files = await liveFiles();
    const second = BREAKING_REMOVES_SIX;
    const third = `# RFC-0003: A note\n\nA fixture that changes nothing.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | Editorial |\n| Supersedes or amends | Amends RFC-0002 |\n`;
    const two = await assembleModel({ ...files, rfcs: [...files.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: second }] });
    const three = await assembleModel({ ...files, rfcs: [...files.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: second }, { path: 'spec/rfcs/0003-a-note.md', baseName: '0003-a-note.md', text: third }] });
    expect(said(three.diagnostics.items)).toEqual([EXAMPLE_LEFT_OUT]);
    const model = three.model;
    if (!model || !two.model) throw new Error('no model');
    expect(model.rfcs.map((r) => r.id)).toEqual(['RFC-0001', 'RFC-0002', 'RFC-0003']);
    expect(model.removed.length).toBeGreaterThanOrEqual(6);
    expect(model.removed).toEqual(two.model.removed);
    expect(model.examples).toEqual(two.model.examples);
    // RFC-0001's example, then RFC-0002's own.
    expect(model.examples.slice(0, -1)).toEqual((await realModel()).examples);
    expect(model.examples.at(-1)?.source.document).toBe('RFC-0002');
    expect(model.examples.length).toBeGreaterThan(0);
    expect(model.versioning).toEqual(two.model.versioning);
    expect(model.versioning).toEqual((await realModel()).versioning);
  });

  it('a misdeclared effect lists five of the changes that make it, and counts the rest', async () => {
    const files = await liveFiles();
    const { model, diagnostics } = await assembleModel({ ...files, rfcs: [...files.rfcs, { path: 'spec/rfcs/0002-fewer-fields.md', baseName: '0002-fewer-fields.md', text: ADDITIVE_BUT_REMOVES_SIX }] });
    expect(model).toBeNull();
    const lines = said(diagnostics.items);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^version-effect spec\/rfcs\/0002-fewer-fields\.md:8:20 RFC-0002 declares its change additive, but what it changes is breaking: /);
    const listed = (lines[0] ?? '').split(': ').slice(1).join(': ');
    expect(listed.split('; ')).toHaveLength(6);
    expect(listed).toMatch(/^field-removed \S+ \(spec\/rfcs\/0002-fewer-fields\.md:\d+:3\)/);
    expect(listed.endsWith('; and 1 more')).toBe(true);
  });
});
