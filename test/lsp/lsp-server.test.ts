import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestClient, inProcess, uri } from '../helpers/lsp-client.js';
import { editFile, scratch } from '../helpers/spec.js';

/**
 * The language server's handlers in this process (lsp/server.ts): what it publishes for the spec as an editor
 * changes it. The expected ranges are found in the text here by hand, not by the server's code.
 */
const RFC = 'rfcs/0001-element-model.md';
const ROW = '| `Element` | 4.1 | record |';
const SLIP = '| `Element` | 4.1 | recrd |';

let disposers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const d of disposers.reverse()) await d();
  disposers = [];
});

async function session(options = {}) {
  const s = await scratch(true);
  const { client, server, dispose } = inProcess({ emitQuietMs: 0, ...options });
  // Last in, first out: the server's runs end before the connection closes and the spec folder goes.
  disposers.push(() => s.dispose(), dispose, () => server.settled());
  await client.initialize(s.dir);
  const rfc = join(s.spec, RFC);
  const text = await readFile(rfc, 'utf8');
  return { s, client, server, rfc, text };
}

/** Once the server has handled every message sent, run every check they asked for, and its findings arrived. */
const quiet = async (c: { client: TestClient; server: { settled(): Promise<void> } }) => {
  await c.client.sync();
  await c.server.settled();
  await c.client.sync();
};

const codes = (client: TestClient, path: string) => client.findings(path).map((d) => d.code);

describe('language server: diagnostics as the editor types', () => {
  it('a misspelt Kind is one error at its cell, with rule, link, source and the finding as data; undone, it clears', async () => {
    const c = await session();
    const { client, rfc, text } = c;
    await client.open(rfc, text);
    await quiet(c);
    expect([...client.published.values()].flat()).toEqual([]);

    await client.change(rfc, text.replace(ROW, SLIP));
    await client.until(() => client.findings(rfc).length > 0);
    await quiet(c);
    const [d, ...rest] = client.findings(rfc);
    expect(rest).toEqual([]);
    const line = text.split('\n').findIndex((l) => l.startsWith(ROW));
    const character = text.split('\n')[line]!.indexOf('record');
    expect(d).toMatchObject({
      range: { start: { line, character }, end: { line, character: character + 'recrd'.length } },
      severity: 1,
      code: 'bad-cell',
      source: 'element-spec',
      data: { ruleId: 'bad-cell', actual: 'recrd', line: line + 1, column: character + 1, severity: 'error', file: `spec/${RFC}` },
    });
    expect(d!.message).toContain('recrd');
    // The link opens the spec folder's guide at the rule's own row.
    const href = d!.codeDescription!.href;
    expect(href).toBe(`${uri(join(c.s.spec, 'README.md'))}#rule-bad-cell`);
    expect(readFileSync(fileURLToPath(href.split('#')[0]!), 'utf8')).toContain('<a id="rule-bad-cell"></a>');

    await client.change(rfc, text);
    await client.until(() => client.findings(rfc).length === 0);
    expect(client.published.get(uri(rfc))).toEqual([]);
  });

  it('a finding that names a second place links it as related information', async () => {
    const c = await session();
    const { client, rfc, text } = c;
    const row = '| `title` | `string` | no | One line a person could read |';
    await client.open(rfc, text.replace(row, `${row}\n${row}`));
    await client.until(() => client.findings(rfc).length > 0);
    await quiet(c);
    const first = text.split('\n').findIndex((l) => l === row);
    const found = client.findings(rfc).find((d) => d.code === 'duplicate-field');
    expect(found, JSON.stringify(client.findings(rfc))).toBeDefined();
    expect(found!.range.start.line).toBe(first + 1);
    expect(found!.relatedInformation).toEqual([{ location: { uri: uri(rfc), range: expect.objectContaining({ start: { line: first, character: 2 } }) }, message: expect.any(String) }]);
  });

  it('an edit to one file changes and clears another file\'s findings; closing a buffer falls back to the disk', async () => {
    const c = await session();
    const { client, rfc, s } = c;
    const processMd = join(s.spec, 'process.md');
    const processText = await readFile(processMd, 'utf8');
    const status = /^\| (Accepted) \|/m.exec(processText);
    expect(status, 'process.md lists Accepted').not.toBeNull();
    // The RFC is Accepted; without that status in the process, the RFC (not process.md) has the finding.
    await client.open(processMd, processText.replace('| Accepted |', '| Acceptd |'));
    await client.until(() => codes(client, rfc).includes('unknown-status'));
    await quiet(c);
    expect(client.findings(processMd)).toEqual([]);
    await client.close(processMd);
    await client.until(() => client.findings(rfc).length === 0);
    expect(client.published.get(uri(rfc))).toEqual([]);
  });

  it('a burst of edits is checked once it stops, and only the last text is published', async () => {
    const c = await session();
    const { client, rfc, text } = c;
    await client.open(rfc, text);
    await quiet(c);
    const before = client.publishes;
    for (let i = 0; i < 30; i++) await client.change(rfc, i % 2 ? text : text.replace(ROW, SLIP));
    await client.change(rfc, text.replace(ROW, SLIP));
    await client.until(() => client.findings(rfc).length === 1);
    await quiet(c);
    expect(codes(client, rfc)).toEqual(['bad-cell']);
    // Thirty-one changes, but a stale run never publishes: a handful at most.
    expect(client.publishes - before).toBeLessThan(6);
  });

  it('a file saved outside the editor is read again when the client says it changed', async () => {
    const c = await session();
    const { client, rfc, text } = c;
    await client.open(join(c.s.spec, 'process.md'), await readFile(join(c.s.spec, 'process.md'), 'utf8'));
    await quiet(c);
    await editFile(rfc, (t) => t.replace(ROW, SLIP));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(rfc), type: 2 }] });
    await client.until(() => codes(client, rfc).includes('bad-cell'));
    expect(text).toContain(ROW);
  });

  // Issue 40: the targets' findings came only from the emit pass after a pause, and every check before it published
  // the spec's findings alone, so they vanished at each keystroke and came back: a flicker.
  it('keeps the targets\' findings published while the typing goes on, until an emit pass replaces them', async () => {
    const c = await session();
    const { client, rfc, text } = c;
    // A record named as the operation locate's request type would be: every target leaves the type out, at locate's row.
    const TYPES_ROW = '| `Related` | 4.3 | record | A link that is not containment |';
    expect(text).toContain(TYPES_ROW);
    const clash = `${text.replace(TYPES_ROW, `${TYPES_ROW}\n| \`LocateRequest\` | 4.9 | record | A record named as a request is |`).trimEnd()}\n\n### 4.9 A clash\n\n| Field | Type | Required | Meaning |\n|---|---|---|---|\n| \`note\` | \`string\` | no | A note |\n`;
    const emitter = () => codes(client, rfc).filter((code) => code === 'emitter').length;
    await client.open(rfc, clash);
    await client.until(() => emitter() > 0);
    await quiet(c);
    const shown = emitter();
    const from = client.history.length;
    // Three more edits, each checked and emitted anew (the quiet time here is 0).
    for (const word of ['first', 'second', 'third']) {
      await client.change(rfc, clash.replace('A note |', `A ${word} note |`));
      await quiet(c);
    }
    const later = client.history.slice(from).filter((p) => p.uri === uri(rfc));
    expect(later.every((p) => p.diagnostics.filter((d) => d.code === 'emitter').length === shown)).toBe(true);
    // Gone from the spec, gone from the editor.
    await client.change(rfc, text);
    await client.until(() => emitter() === 0);
  });

  it('finds the spec above an opened file when the workspace root has no spec/', async () => {
    const s = await scratch(true);
    const { client, server, dispose } = inProcess({ emitQuietMs: 0 });
    disposers.push(() => s.dispose(), dispose, () => server.settled());
    await client.initialize(join(s.dir, 'elsewhere'));
    const rfc = join(s.spec, RFC);
    await client.open(rfc, (await readFile(rfc, 'utf8')).replace(ROW, SLIP));
    await client.until(() => codes(client, rfc).includes('bad-cell'));
    expect((await server.snapshot())?.specDir).toBe(s.spec);
    expect(existsSync(join(s.spec, 'process.md'))).toBe(true);
  });
});
