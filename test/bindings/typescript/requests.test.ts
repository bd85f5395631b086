import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../generator/cli.js';
import { withRevisionsTogether } from '../../helpers/revision.js';
import { GENERATED, ROOT } from '../../helpers/spec.js';

/**
 * The TypeScript package's requests, held to the request vectors (conformance/requests.json, whose verdicts
 * test/emit/request-vectors.test.ts holds to tools.json's inputSchemas): `readRequest` returns every accepted case
 * and throws a RequestError, naming the operation, for every refused one; and the request types say the same at
 * compile time (an accepted case's arguments are a value of its request type, a refused one's are not), on the live
 * spec and on the additive revisions (test/fixtures/revisions/request: a record with a role, an enum and nested
 * records, the roles type and an enum taken alone).
 */

interface RequestCase {
  name: string;
  operation: string;
  arguments: unknown;
  accepted: boolean;
}

interface Package {
  readRequest: (operation: string, args: unknown) => unknown;
  RequestError: new (...args: never[]) => Error & { operation: string; pointer: string };
}

const run = promisify(execFile);
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const casesOf = async (out: string): Promise<RequestCase[]> =>
  (JSON.parse(await readFile(join(out, 'conformance/requests.json'), 'utf8')) as { requests: RequestCase[] }).requests;

/** Each case readRequest gives another verdict than the vector's, with what it said. */
async function readerDisagreements(out: string, cases: readonly RequestCase[]): Promise<string[]> {
  const lib = (await import(pathToFileURL(join(out, 'typescript/dist/index.js')).href)) as Package;
  return cases.flatMap((c) => {
    try {
      const read = lib.readRequest(c.operation, c.arguments);
      if (!c.accepted) return [`${c.name}: accepted, the vector refuses it`];
      return read === c.arguments ? [] : [`${c.name}: returned something other than its arguments`];
    } catch (e) {
      if (!(e instanceof lib.RequestError) || e.operation !== c.operation) return [`${c.name}: threw ${String(e)}`];
      return c.accepted ? [`${c.name}: refused (${e.message}), the vector accepts it`] : [];
    }
  });
}

/**
 * A source assigning every case's arguments to its operation's request type, a refused case's under
 * `@ts-expect-error` (which tsc reports when nothing is refused); tsc --strict's output, empty when the types agree.
 */
async function typeDisagreements(out: string, cases: readonly RequestCase[]): Promise<string> {
  const lines = cases.flatMap((c, i) => [
    `// ${c.name}`,
    ...(c.accepted ? [] : ['// @ts-expect-error: the vector refuses it']),
    `export const case${i}: Requests[${JSON.stringify(c.operation)}] = ${JSON.stringify(c.arguments)};`,
  ]);
  await writeFile(join(out, 'typescript/src/request-cases.ts'), `import type { Requests } from './index.js';\n\n${lines.join('\n')}\n`);
  const result = await run(process.execPath, [TSC, '-p', join(out, 'typescript/tsconfig.json'), '--noEmit'], { cwd: join(out, 'typescript') }).then(
    () => '',
    (e: { stdout?: string }) => e.stdout ?? String(e),
  );
  return result;
}

describe('the TypeScript request types, on the live spec', () => {
  it('readRequest gives every request vector its verdict', async () => {
    const cases = await casesOf(GENERATED);
    expect(cases.length).toBeGreaterThan(0);
    expect(await readerDisagreements(GENERATED, cases)).toEqual([]);
  });
});

describe('the TypeScript request types, on the additive revisions (a record request among them)', () => {
  let s: Awaited<ReturnType<typeof withRevisionsTogether>>;
  let cases: RequestCase[];
  beforeAll(async () => {
    s = await withRevisionsTogether();
    let output = '';
    const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
    cases = await casesOf(s.out);
  }, 120_000);
  afterAll(() => s.dispose());

  it('readRequest returns every accepted case and throws a RequestError for every refused one', async () => {
    // The revision's vectors reach past a string: a record with a nested one, a role, an enum.
    expect(cases.some((c) => !c.accepted && /nested-extra-member/.test(c.name))).toBe(true);
    expect(await readerDisagreements(s.out, cases)).toEqual([]);
  });

  // A type says the shape of a value, not its range or its pattern: a number past a bound or a string a pattern
  // refuses (inside MCP's content blocks) is readRequest's to refuse, above, and left out here. So is a value with
  // the keys of two members of a union (a resource's text and blob): TypeScript takes a member's keys from any member.
  const typeable = (c: RequestCase) => !/-(out-of-range|pattern-[\w-]+|several-alternatives)(-|$)/.test(c.name);

  it('the request types accept every accepted case and refuse every refused one, under tsc --strict', async () => {
    expect(cases.filter((c) => !typeable(c)).length).toBeGreaterThan(0);
    expect(await typeDisagreements(s.out, cases.filter(typeable))).toBe('');
    // The check can fail: a refused case's arguments, said to be accepted, are an error tsc reports.
    const refused = cases.find((c) => !c.accepted && /unknown-role/.test(c.name)) as RequestCase;
    expect(await typeDisagreements(s.out, [{ ...refused, accepted: true }])).toMatch(/error TS/);
  }, 60_000);
});
