import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { GENERATED, scratch } from '../helpers/spec.js';

const REVISIONS = join(import.meta.dirname, '../fixtures/revisions');

async function diff(args: string[]) {
  const io = { out: '', err: '' };
  const code = await main(['diff', ...args, '--json'], { out: (t) => { io.out += t; }, err: (t) => { io.err += t; } });
  return { code, report: io.out ? JSON.parse(io.out) : null, err: io.err };
}

const R9 = `# RFC-0003: Paths without gaps

A fixture for the toolchain's tests.

| Field | Value |
|---|---|
| Status | Accepted |
| Version effect | Additive: 0.2.1 to 0.2.2 |
| Supersedes or amends | Amends RFC-0001 |

## 1. Conformance

| Draft | Requirement | Check from outside | Rule |
|---|---|---|---|
| R9 | A focused path has no gaps | Walk the tree | \`state-reachable\` |
`;

const EDITORIAL = `# RFC-0002: Clearer wording for titles

A fixture for the toolchain's tests: an Editorial RFC that rewords one field.

| Field | Value |
|---|---|
| Status | Accepted |
| Version effect | Editorial |
| Supersedes or amends | Amends RFC-0001 |

## 1. Types

| Type | Section | Kind | Meaning |
|---|---|---|---|
| \`Element\` | 2 | record | One thing the app shows; the elements form one tree rooted at the application |

## 2. The element

| Field | Type | Required | Meaning |
|---|---|---|---|
| \`title\` | \`string\` | no | One line a person could read, with no line break |
`;

describe('diff', () => {
  it('names every version a counted RFC makes, released or not, and by default compares the one before the current', async () => {
    const s = await scratch(false);
    try {
      await cp(join(REVISIONS, 'additive/0002-hovered-state.md'), join(s.spec, 'rfcs/0002-hovered-state.md'));
      await writeFile(join(s.spec, 'rfcs/0003-r9.md'), R9);
      const plain = await diff(['--spec', s.spec]);
      expect(plain.code, plain.err).toBe(0);
      expect(plain.report).toMatchObject({ from: '0.2.1', to: '0.2.2', class: 'additive' });
      expect(plain.report.changes.map((c: { rule: string; subject: string }) => `${c.rule} ${c.subject}`)).toEqual(['requirement-added R9']);
      const middle = await diff(['--spec', s.spec, '--from', '0.2.0', '--to', '0.2.1']);
      expect(middle.code, middle.err).toBe(0);
      expect(middle.report.changes.map((c: { rule: string }) => c.rule)).toContain('state-added');
      const back = await diff(['--spec', s.spec, '--from', '0.2.2', '--to', '0.2.0']);
      expect(back.report.class).toBe('breaking');
      // A version no RFC makes is a usage error that names the versions there are.
      const unknown = await diff(['--spec', s.spec, '--from', '0.9.0']);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain('0.2.0, 0.2.1, 0.2.2');
    } finally {
      await s.dispose();
    }
  });

  it('by default shows only the newest RFC\'s own changes, even when it keeps the version (Editorial, 0.2.0 unreleased)', async () => {
    const s = await scratch(false);
    try {
      await writeFile(join(s.spec, 'rfcs/0002-wording.md'), EDITORIAL);
      const plain = await diff(['--spec', s.spec]);
      expect(plain.code, plain.err).toBe(0);
      expect(plain.report).toMatchObject({ from: '0.2.0', fromRfc: 'RFC-0001', to: '0.2.0', toRfc: 'RFC-0002', class: 'editorial' });
      expect(plain.report.changes.map((c: { rule: string; subject: string }) => `${c.rule} ${c.subject}`)).toEqual(['wording-changed Element.title']);
      // The text names the RFC on each side, since the versions are the same.
      let text = '';
      expect(await main(['diff', '--spec', s.spec], { out: (t) => { text += t; }, err: () => {} })).toBe(0);
      expect(text).toBe('0.2.0 (RFC-0001) -> 0.2.0 (RFC-0002): editorial (1 change)\n  editorial wording-changed  The meaning of Element.title was reworded\n');
      // --to names a version as it finally stood, compared with the version before it, as before: here none.
      const named = await diff(['--spec', s.spec, '--to', '0.2.0']);
      expect(named.report).toMatchObject({ from: null, to: '0.2.0', toRfc: 'RFC-0002', class: 'breaking' });
    } finally {
      await s.dispose();
    }
  });

  it('by default shows the whole version for an RFC that makes it with the RFC before it (an amendment of 0.2.1)', async () => {
    const s = await scratch(false);
    try {
      const amend = join(import.meta.dirname, '../fixtures/revision-forms/amend-unreleased-rfc');
      for (const name of ['0002-shortcuts.md', '0003-shortcut-record.md']) await cp(join(amend, name), join(s.spec, 'rfcs', name));
      const plain = await diff(['--spec', s.spec]);
      expect(plain.code, plain.err).toBe(0);
      // Not RFC-0003's own edit (a string field made a record, breaking), but 0.2.1 from 0.2.0: additive.
      expect(plain.report).toMatchObject({ from: '0.2.0', fromRfc: 'RFC-0001', to: '0.2.1', toRfc: 'RFC-0003', class: 'additive' });
      expect(plain.report.changes.map((c: { rule: string; subject: string }) => `${c.rule} ${c.subject}`)).toEqual(['field-added Element.shortcut', 'type-added Shortcut']);
    } finally {
      await s.dispose();
    }
  });

  it('compares the only version with nothing before it', async () => {
    const only = await diff([]);
    expect(only.code).toBe(0);
    expect(only.report).toMatchObject({ from: null, to: '0.2.0', class: 'breaking' });
  });

  it('finds no change between the model and the same model read from its file, either way round', async () => {
    const file = join(GENERATED, 'model/model.json');
    for (const args of [['--from', file], ['--from', file, '--to', '0.2.0'], ['--to', file, '--from', '0.2.0']]) {
      const same = await diff(args);
      expect(same.code, same.err).toBe(0);
      expect(same.report).toMatchObject({ from: '0.2.0', to: '0.2.0', class: 'editorial', changes: [] });
    }
  });
});

describe('version-effect', () => {
  it('names the changes that make the RFC breaking, each with its place', async () => {
    const s = await scratch(false);
    try {
      await cp(join(REVISIONS, 'misdeclared/0002-no-url.md'), join(s.spec, 'rfcs/0002-no-url.md'));
      const { diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      const found = diagnostics.items.filter((d) => d.ruleId === 'version-effect');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ file: 'spec/rfcs/0002-no-url.md', line: 8, column: 20 });
      expect(found[0]?.message).toBe('RFC-0002 declares its change additive, but what it changes is breaking: field-removed Element.url (spec/rfcs/0002-no-url.md:15:3)');
    } finally {
      await s.dispose();
    }
  });
});
