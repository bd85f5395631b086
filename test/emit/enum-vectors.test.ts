import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { withRevision } from '../helpers/revision.js';

/**
 * The enum's conformance vectors on test/fixtures/revisions/enum, whose Orientation is a field of the element, of a
 * link (one value and a list) and of the answer: a vector per value and one outside the set for each, placed where
 * each record stands in an answer. Held to the published schemas (ajv) and to TypeScript's checker; every other
 * binding runs the same vectors in test/bindings/revision-bindings.test.ts.
 */
describe('the enum vectors of a revision with an enum in three records', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = async (path: string) => JSON.parse(await readFile(join(s.out, path), 'utf8'));
  beforeAll(async () => {
    s = await withRevision('enum');
    let output = '';
    const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
  }, 60_000);
  afterAll(() => s.dispose());

  it('are one per value and one unknown for each field, where each record stands', async () => {
    const names = ((await read('conformance/index.json')).vectors as string[]).filter((n) => n.startsWith('enum-'));
    const each = (prefix: string) => ['horizontal', 'unknown', 'vertical'].map((v) => `${prefix}-${v}`);
    expect(names).toEqual([...each('enum-Answer-layout'), ...each('enum-Related-direction'), ...each('enum-Related-sides'), ...each('enum-orientation')]);
    const unknownAt = async (name: string) => (await read(`conformance/vectors/${name}-unknown.json`)).findings;
    const warning = (path: string, elementId: string | null) => [{ requirement: null, rule: 'structure', severity: 'warning', elementId, path }];
    expect(await unknownAt('enum-orientation')).toEqual(warning('/root/children/0/orientation', 'e-1'));
    expect(await unknownAt('enum-Related-direction')).toEqual(warning('/root/children/0/attributes/related/0/direction', 'e-1'));
    expect(await unknownAt('enum-Related-sides')).toEqual(warning('/root/children/0/attributes/related/0/sides/0', 'e-1'));
    expect(await unknownAt('enum-Answer-layout')).toEqual(warning('/layout', null));
  });

  it('agree with the strict and lenient schemas and with TypeScript\'s checker', async () => {
    const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
    const strict = ajv.compile(await read('schema/answer.strict.schema.json'));
    const lenient = ajv.compile(await read('schema/answer.lenient.schema.json'));
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    const names = ((await read('conformance/index.json')).vectors as string[]).filter((n) => n.startsWith('enum-'));
    for (const name of names) {
      const v = await read(`conformance/vectors/${name}.json`);
      expect(strict(v.input), name).toBe(v.strictValid);
      expect(lenient(v.input), name).toBe(true);
      const found = sdk.check(v.input).map(({ message: _m, ...f }: { message: string }) => f);
      expect(found, name).toEqual(v.findings);
    }
  });
});
