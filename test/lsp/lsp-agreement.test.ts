import { readdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import type { Diagnostic } from '../../generator/diagnostics/report.js';
import { diagnosticItems } from '../../generator/review/items.js';
import { inProcess } from '../helpers/lsp-client.js';
import { specWithFixture } from '../helpers/revision.js';

/**
 * The editor and `check` never disagree: on every fixture of test/fixtures/revision-forms/ (each a revision or a
 * slip laid over the live spec), what the server publishes, with each RFC open in the editor, is exactly what
 * `element-spec check --format json` prints, finding for finding.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/revision-forms');

let compared = 0;

describe('the language server and check report the same findings', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, async () => {
      const s = await specWithFixture(join(FIXTURES, name));
      const { client, server, dispose } = inProcess({ emitQuietMs: 0 });
      try {
        let json = '';
        await main(['check', '--spec', s.spec, '--out', s.out, '--format', 'json'], { out: (t) => (json += t), err: () => {} });
        const fromCheck = JSON.parse(json) as unknown[];

        await client.initialize(s.dir);
        const rfcs = join(s.spec, 'rfcs');
        for (const f of await readdir(rfcs)) await client.open(join(rfcs, f), await readFile(join(rfcs, f), 'utf8'));
        await client.sync();
        await server.settled();
        await client.sync();
        const published = [...client.published.values()].flat().map((d) => d.data as Diagnostic);
        const fromEditor = diagnosticItems(published, s.spec);
        const key = (x: unknown) => JSON.stringify(x);
        expect(fromEditor.map(key).sort()).toEqual(fromCheck.map(key).sort());
        compared += fromCheck.length;
      } finally {
        await server.settled();
        dispose();
        await s.dispose();
      }
    }, 60_000);
  }

  it('compared findings, not empty lists: most fixtures are slips', () => {
    expect(compared).toBeGreaterThan(60);
  });
});
