// The language server as an editor runs it (`element-spec lsp --stdio`): the time from an edit (didChange) to its
// diagnostics (publishDiagnostics), beside the time reading the spec alone takes in one process.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createProtocolConnection } from 'vscode-languageserver/node';

const ROOT = resolve(import.meta.dirname, '..');
const ROW = '| `Element` | 4.1 | record |';
const SLIP = '| `Element` | 4.1 | recrd |';

/**
 * `edits` edits of the RFC, each toggling a slip in the Element row's Kind (so each changes what is published),
 * `gapMs` apart as a typist's pauses; the first check (loading, parsing every file) is not timed.
 */
export async function lspEditTimes(specDir, edits = 20, gapMs = 300) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const c = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const rfc = join(specDir, 'rfcs/0001-element-model.md');
  const uri = pathToFileURL(rfc).href;
  let waiting = null;
  c.onNotification('textDocument/publishDiagnostics', (p) => {
    if (p.uri === uri && waiting) waiting(performance.now());
  });
  c.listen();
  const published = () => new Promise((r) => (waiting = r));
  try {
    await c.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dirname(specDir)).href, capabilities: {}, workspaceFolders: null, initializationOptions: { spec: specDir } });
    await c.sendNotification('initialized', {});
    const text = await readFile(rfc, 'utf8');
    if (!text.includes(ROW)) throw new Error(`the lsp bench edits "${ROW}" in ${rfc}`);
    let first = published();
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: text.replace(ROW, SLIP) } });
    await first;
    const times = [];
    for (let i = 0; i < edits; i++) {
      await new Promise((r) => setTimeout(r, gapMs));
      const next = published();
      const t = performance.now();
      await c.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ text: i % 2 ? text.replace(ROW, SLIP) : text }] });
      times.push((await next) - t);
    }
    await c.sendRequest('shutdown');
    await c.sendNotification('exit');
    return times;
  } finally {
    child.kill();
  }
}

/** Reading the spec alone: its files read and every one parsed whole, in this process, warm (the median of `runs`). */
export async function readSpecAlone(specDir, runs = 10) {
  const { readSpecFiles } = await import(pathToFileURL(join(ROOT, 'dist/spec-files.js')).href);
  const { parseMarkdown } = await import(pathToFileURL(join(ROOT, 'dist/read/markdown.js')).href);
  const times = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now();
    const files = await readSpecFiles(specDir);
    for (const f of [files.process, files.appleRoles, files.externalTypes, ...files.rfcs]) if (f) parseMarkdown(f.text);
    if (i >= 2) times.push(performance.now() - t);
  }
  return times;
}
