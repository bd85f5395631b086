import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { codeActions } from '../../generator/lsp/features/actions.js';
import { completion } from '../../generator/lsp/features/completion.js';
import { definition } from '../../generator/lsp/features/definition.js';
import { hover } from '../../generator/lsp/features/hover.js';
import { codeLenses } from '../../generator/lsp/features/lens.js';
import { references } from '../../generator/lsp/features/references.js';
import { documentSymbols } from '../../generator/lsp/features/symbols.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { lspDiagnosticOf, snapshotOf, textOf } from '../helpers/lsp-features.js';
import { scratch } from '../helpers/spec.js';

/**
 * Every feature at every fourth character of every spec file answers without throwing, on the real spec and on one cut to
 * pieces the way a file looks halfway through an edit (every third line ends mid-row); and every code action's
 * edits lie inside the file. A feature that throws would be caught by the server, but would answer nothing.
 */
const made: { dispose: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const m of made) await m.dispose();
});

function sweep(s: SpecSnapshot): number {
  let calls = 0;
  const files = [s.files.process, s.files.appleRoles, s.files.externalTypes, ...s.files.rfcs].flatMap((f) => (f ? [f.path] : []));
  for (const file of files) {
    const lines = textOf(s, file).split('\n');
    documentSymbols(s, file);
    codeLenses(s, file);
    lines.forEach((line, i) => {
      for (let c = 0; c <= line.length; c += 4) {
        const at = { line: i, character: c };
        hover(s, file, at);
        definition(s, file, at);
        references(s, file, at);
        completion(s, file, at);
        calls += 4;
      }
    });
    const findings = s.assembled.diagnostics.items.filter((d) => d.file === file);
    for (const action of codeActions(s, file, findings.map(lspDiagnosticOf))) {
      for (const edit of Object.values(action.edit?.changes ?? {}).flat()) expect(edit.range.start.line).toBeLessThan(lines.length);
    }
  }
  return calls;
}

describe('every feature at every position', () => {
  it('on the real spec', async () => {
    const sc = await scratch();
    made.push(sc);
    expect(sweep(await snapshotOf(sc.spec))).toBeGreaterThan(5_000);
  }, 120_000);

  it('on the spec halfway through an edit: every third line of the RFC cut in half', async () => {
    const sc = await scratch();
    made.push(sc);
    const path = `${sc.spec}/rfcs/0001-element-model.md`;
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.split('\n').map((l, i) => (i % 3 === 1 ? l.slice(0, Math.floor(l.length / 2)) : l)).join('\n'));
    const s = await snapshotOf(sc.spec);
    expect(s.assembled.diagnostics.items.length).toBeGreaterThan(10);
    expect(sweep(s)).toBeGreaterThan(2_500);
  }, 120_000);
});
