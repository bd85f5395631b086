import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOn, uri } from '../helpers/lsp-client.js';
import { ROOT, scratch } from '../helpers/spec.js';

/**
 * The server as an editor runs it: `node bin/element-spec.js lsp --stdio`, spoken to over its standard input and
 * output by vscode-languageserver's own client side of the protocol (built by `npm run build`, as `npm test` does).
 */
describe('element-spec lsp --stdio', () => {
  it('initializes, publishes a slip and its undoing, answers every request, and exits 0 after shutdown', async () => {
    const s = await scratch(true);
    const child = spawn(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'lsp', '--stdio'], { cwd: s.dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      const client = clientOn(child.stdout, child.stdin);
      const init = (await client.initialize(s.dir, { emitQuietMs: 0 })) as { capabilities: { textDocumentSync: { change: number } }; serverInfo: { name: string } };
      expect(init.serverInfo.name).toBe('element-spec');
      expect(init.capabilities.textDocumentSync.change).toBe(2);

      const rfc = join(s.spec, 'rfcs/0001-element-model.md');
      const text = await readFile(rfc, 'utf8');
      await client.open(rfc, text);
      const slip = text.replace('| `Element` | 4.1 | record |', '| `Element` | 4.1 | recrd |');
      await client.change(rfc, slip);
      await client.until(() => client.findings(rfc).some((d) => d.code === 'bad-cell'), 30_000);
      expect(client.findings(rfc).map((d) => d.code)).toEqual(['bad-cell']);

      const doc = { textDocument: { uri: uri(rfc) } };
      const position = { line: slip.split('\n').findIndex((l) => l.includes('recrd')), character: 5 };
      const diagnostics = client.findings(rfc);
      // Each answers (null or a list, until the features say more); an unhandled method would reject.
      for (const [method, params] of [
        ['textDocument/hover', { ...doc, position }],
        ['textDocument/completion', { ...doc, position }],
        ['textDocument/codeAction', { ...doc, range: diagnostics[0]!.range, context: { diagnostics } }],
        ['textDocument/documentSymbol', doc],
        ['textDocument/definition', { ...doc, position }],
      ] as const) {
        const answer: unknown = await client.connection.sendRequest(method, params);
        expect(answer === null || Array.isArray(answer) || typeof answer === 'object', method).toBe(true);
      }

      await client.change(rfc, text);
      await client.until(() => client.findings(rfc).length === 0, 30_000);
      // With no errors left, every target runs on the emit worker, and finds nothing of its own in the real spec.
      await client.until(() => client.logs.some((l) => /every target emitted in \d+ ms, with 0 findings/.test(l.message)), 30_000);
      expect(client.logs.filter((l) => l.type === 1)).toEqual([]);
      await client.connection.sendRequest('shutdown');
      await client.connection.sendNotification('exit');
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
    } finally {
      child.kill();
      await s.dispose();
    }
  }, 60_000);
});
