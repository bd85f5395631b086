import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import type { Diagnostic } from '../../generator/diagnostics/report.js';
import { diagnosticItems } from '../../generator/review/items.js';
import { inProcess } from '../helpers/lsp-client.js';
import { scratch } from '../helpers/spec.js';

/**
 * Random edits sent as didChange, as fast as a client sends them: the server never fails (it answers, and logs no
 * internal error), and once the edits stop it publishes exactly what `check` prints for the same text on disk.
 */
const PIECES = ['|', '`', ' ', '\n', '\n\n', '—', 'record', 'recrd', 'string[]', 'Element', '| x |', '<!-- c -->', '#', '## 9. ', '```', 'yes', 'Accepted', '0.2.0'];

let s: Awaited<ReturnType<typeof scratch>>;
let original = '';
beforeAll(async () => {
  s = await scratch(true);
  original = await readFile(join(s.spec, 'rfcs/0001-element-model.md'), 'utf8');
});
afterAll(() => s.dispose());

const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.integer({ min: 0, max: 12 }), insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }) });

describe('the language server under random edits', () => {
  it('never fails, and once quiet agrees with check on the text it was sent', async () => {
    let withFindings = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        const rfc = join(s.spec, 'rfcs/0001-element-model.md');
        await writeFile(rfc, original);
        const { client, server, dispose } = inProcess({ emitQuietMs: 0 });
        try {
          await client.initialize(s.dir);
          let text = original;
          await client.open(rfc, text);
          for (const e of edits) {
            const at = Math.floor(e.at * text.length);
            text = text.slice(0, at) + e.insert.join('') + text.slice(at + e.cut);
            await client.change(rfc, text);
          }
          await client.sync();
          await server.settled();
          await client.sync();
          expect(client.logs.filter((l) => l.type === 1)).toEqual([]);
          await writeFile(rfc, text);
          let json = '';
          await main(['check', '--spec', s.spec, '--out', s.out, '--format', 'json'], { out: (t) => (json += t), err: () => {} });
          const fromEditor = diagnosticItems([...client.published.values()].flat().map((d) => d.data as Diagnostic), s.spec);
          const key = (x: unknown) => JSON.stringify(x);
          expect(fromEditor.map(key).sort()).toEqual((JSON.parse(json) as unknown[]).map(key).sort());
          if (fromEditor.length) withFindings++;
        } finally {
          await server.settled();
          dispose();
        }
      }),
      { numRuns: 25 },
    );
    // The edits break the spec often enough that findings, not two empty lists, are compared.
    expect(withFindings).toBeGreaterThan(5);
  }, 300_000);
});
