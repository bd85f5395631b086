import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { withRevisionsTogether } from '../helpers/revision.js';
import { GENERATED, listFiles } from '../helpers/spec.js';

/**
 * The request vectors (generated/conformance/requests.json), which every binding's operations suite runs through its
 * request types, held to the oracle they stand for: each tool's inputSchema in tools.json, read by a JSON Schema
 * validator (ajv). A case whose verdict the schema does not give would hold the bindings to something else.
 */

interface RequestCase {
  name: string;
  operation: string;
  arguments: unknown;
  accepted: boolean;
}
interface Tool {
  name: string;
  inputSchema: Record<string, unknown>;
}

async function load(out: string) {
  const read = async (path: string) => JSON.parse(await readFile(join(out, path), 'utf8'));
  const { requests } = (await read('conformance/requests.json')) as { requests: RequestCase[] };
  return { requests, tools: (await read('schema/tools.json')) as Tool[] };
}

/** Each case's verdict beside the schema's, for the ones that differ. */
function disagreements(requests: readonly RequestCase[], tools: readonly Tool[]): string[] {
  const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
  return requests.flatMap((c) => {
    const tool = tools.find((t) => t.name === c.operation);
    if (!tool) return [`${c.name}: no tool ${c.operation}`];
    const accepts = ajv.compile(tool.inputSchema)(c.arguments);
    return accepts === c.accepted ? [] : [`${c.name}: the vector says ${c.accepted}, the inputSchema ${accepts}`];
  });
}

/** The kinds of case a spec's requests hold: the name's part after the operation, less the member's name. */
const kindsOf = (requests: readonly RequestCase[]) =>
  new Set(requests.map((c) => c.name.slice(c.operation.length + 1).replace(/^(missing|null|wrong-type|unknown-role|unknown-value|nested-extra-member|state-in-attributes|unknown-kind|kind-not-string|out-of-range|pattern-mismatch|pattern-foreign-digits|pattern-trailing-newline|several-alternatives|edge)-.*$/, '$1')));

describe('the request vectors', () => {
  it('on the real spec: each verdict is the inputSchema\'s, and every operation that takes something has both', async () => {
    const { requests, tools } = await load(GENERATED);
    expect(disagreements(requests, tools)).toEqual([]);
    const taking = tools.filter((t) => Object.keys((t.inputSchema.properties as object | undefined) ?? {}).length > 0 || '$ref' in t.inputSchema);
    expect(taking.length).toBeGreaterThan(0);
    for (const t of taking) {
      const own = requests.filter((c) => c.operation === t.name);
      expect(own.some((c) => c.accepted) && own.some((c) => !c.accepted), t.name).toBe(true);
    }
    // The check can fail: a flipped verdict is caught.
    const [first] = requests;
    expect(disagreements([{ ...(first as RequestCase), accepted: !first?.accepted }], tools)).toHaveLength(1);
  });

  it('are bundled, unchanged, beside the vectors of every binding that carries them', async () => {
    const shared = await readFile(join(GENERATED, 'conformance/requests.json'), 'utf8');
    const bundles = (await listFiles(GENERATED)).filter((f) => f.endsWith('/index.json') && !f.startsWith('conformance/') && f.includes('onformance'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const index of bundles) expect(await readFile(join(GENERATED, dirname(index), 'requests.json'), 'utf8'), index).toBe(shared);
  });

  describe('on the revision whose operations take a record, the roles type, an enum, an element and the answer (test/fixtures/revisions/request)', () => {
    let s: Awaited<ReturnType<typeof withRevisionsTogether>>;
    beforeAll(async () => {
      s = await withRevisionsTogether();
      let output = '';
      const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
    }, 60_000);
    afterAll(() => s.dispose());

    it('agree with each tool\'s inputSchema, and slip in every way the schema refuses', async () => {
      const { requests, tools } = await load(s.out);
      expect(disagreements(requests, tools)).toEqual([]);
      expect([...kindsOf(requests)].sort()).toEqual(['edge', 'extra-member', 'full', 'kind-not-string', 'minimal', 'missing', 'nested-extra-member', 'null', 'out-of-range', 'pattern-foreign-digits', 'pattern-mismatch', 'pattern-trailing-newline', 'root-role', 'several-alternatives', 'state-in-attributes', 'unknown-kind', 'unknown-role', 'unknown-value', 'wrong-type']);
      // A nested record's extra member is refused inside a list of records as well as in one record.
      expect(requests.filter((c) => c.name.startsWith('arrange-nested-extra-member')).map((c) => c.name)).toEqual(['arrange-nested-extra-member-near', 'arrange-nested-extra-member-around']);
      // A string the schema's role enum refuses (ajv says so above), not a value of another JSON type.
      expect(requests.find((c) => c.name === 'byRole-unknown-role')).toMatchObject({ arguments: { role: expect.any(String) }, accepted: false });
      expect(requests.find((c) => c.name === 'orient-unknown-value')).toMatchObject({ accepted: false });
      // The answer taken whole keeps its root's role fixed, as the strict schema does; nowhere else is a role fixed.
      expect(requests.filter((c) => c.name.endsWith('-root-role')).map((c) => c.name)).toEqual(['replay-root-role']);
      // MCP's content blocks are held to MCP's schema inside a request: its kinds, its bounds and its patterns.
      // A member is told by its key (a resource's text or blob), and a bound or a pattern met exactly is accepted.
      expect(requests.filter((c) => c.operation === 'match' && /-(edge|unknown-kind|kind-not-string|out-of-range|pattern-\w+|several-alternatives)-/.test(c.name)).map((c) => [c.accepted, c.arguments])).toEqual([
        [true, { id: 'text', role: 'Application', content: [{ type: 'text', text: 'x', annotations: { priority: 1, lastModified: '2024-02-29T23:59:59.5+01:00' } }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'notAKind', text: 'x' }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 1, text: 'x' }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'text', text: 'x', annotations: { priority: 2 } }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'text', text: 'x', annotations: { lastModified: 'text' } }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'text', text: 'x', annotations: { lastModified: '\u0662024-02-29T23:59:59.5+01:00' } }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'text', text: 'x', annotations: { lastModified: '2024-02-29T23:59:59.5+01:00\n' } }] }],
        [false, { id: 'text', role: 'Application', content: [{ type: 'resource', resource: { uri: 'x', text: 'x', blob: 'x' } }] }],
      ]);
    });
  });
});
