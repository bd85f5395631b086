import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { withRevision } from './helpers/revision.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';

// Apart from test/revisions.test.ts because it needs Swift, Maven and Go, which the quick loop leaves out.
describe('an additive RFC: a new optional state, "Absent means false", in the bindings', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  beforeAll(async () => {
    s = await withRevision('additive');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  // One test per binding, so a missing Swift skips only the Swift half.
  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'swift/Sources/ElementModel/Element.swift', 'ConformanceTests'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'kotlin/src/main/kotlin/dev/elementmodel/Element.kt', 'ConformanceTest'],
    ['Go', 'go', 'scripts/go-test.sh', 'go/types.go', 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles'],
  ] as const)('changes the %s binding, which compiles and passes every vector', { timeout: 600_000 }, async ([, dir, script, source, suite], ctx) => {
    expect(await read(source).catch(() => '')).toContain('hovered');
    // The conformance suite (every target compiles whatever runs): the hostile inputs run on generated/ elsewhere.
    const result = await runScript(script, [join(s.out, dir), join(s.out, 'conformance')], { ELEMENT_TEST_FILTER: suite });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
  });

  // The same answer as 0.2.0 and as 0.2.1: each checked by its own version's rules, where the new state is an
  // unknown field in 0.2.0 (a warning) and a state in 0.2.1 (nothing), in every binding as in TypeScript.
  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'ConformanceTests'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'ConformanceTest'],
    ['Go', 'go', 'scripts/go-test.sh', 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles'],
  ] as const)('the %s checker reads an answer of each version by that version\'s rules', { timeout: 600_000 }, async ([, dir, script, suite], ctx) => {
    const vectors = join(s.out, `by-version-${dir}`);
    await mkdir(join(vectors, 'vectors'), { recursive: true });
    await copyFile(join(s.out, 'conformance/apple-roles.json'), join(vectors, 'apple-roles.json'));
    const state = { selected: false, focused: false, visible: true };
    const elements = [
      { path: '/root', id: 'app', rawRole: 'Application', role: 'Application', known: true, ...state, hovered: false },
      { path: '/root/children/0', id: 'a', rawRole: 'Row', role: 'Row', known: true, ...state, hovered: true },
    ];
    const input = (protocol: string) => ({ protocol, instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Row', hovered: true }] } });
    const unknown = { requirement: null, rule: 'structure', severity: 'warning', elementId: 'a', path: '/root/children/0/hovered' };
    const written = [
      { name: 'hovered-in-0-2-0', input: input('0.2.0'), decodes: true, strictValid: false, findings: [unknown], elements },
      { name: 'hovered-in-0-2-1', input: input('0.2.1'), decodes: true, strictValid: true, findings: [], elements },
    ];
    for (const v of written) await writeFile(join(vectors, 'vectors', `${v.name}.json`), JSON.stringify({ description: v.name, covers: [], ...v }));
    await writeFile(join(vectors, 'index.json'), JSON.stringify({ protocolVersion: '0.2.1', vectors: written.map((v) => v.name) }));
    const result = await runScript(script, [join(s.out, dir), vectors], { ELEMENT_TEST_FILTER: suite });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    // Each suite says how many vectors it ran (Go's verbose run lists each vector's findings test).
    const count = dir === 'go' ? (result.output.match(/--- PASS: TestFindings\//g) ?? []).length : Number((dir === 'swift' ? /ConformanceTests: checked (\d+) vectors/ : /Tests run: (\d+),.* in dev\.elementmodel\.ConformanceTest/).exec(result.output)?.[1]);
    expect(count, result.output).toBe(written.length + (dir === 'kotlin' ? 1 : 0));
  });
});

// An RFC that adds an enum (test/fixtures/revisions/enum: `Orientation` = horizontal | vertical, and an optional
// `orientation: Orientation` on the element): each binding declares it in its own way, compiles, and its checker
// reports a value outside the set, as hand-written here from the RFC, with a warning a receiver can pass.
describe('an additive RFC: an enum, Orientation, and a field of it on the element, in every binding', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  const state = { selected: false, focused: false, visible: true };
  const element = (path: string, id: string, role: string) => ({ path, id, rawRole: role, role, known: true, ...state });
  const answer = (...orientations: string[]) => ({
    protocol: '0.2.1', instance: 'i',
    root: { id: 'app', role: 'Application', children: orientations.map((o, i) => ({ id: `w${i}`, role: 'Window', orientation: o })) },
  });
  const elements = (n: number) => [element('/root', 'app', 'Application'), ...Array.from({ length: n }, (_, i) => element(`/root/children/${i}`, `w${i}`, 'Window'))];
  const written = [
    { name: 'orientation-each-value', input: answer('horizontal', 'vertical'), decodes: true, strictValid: true, findings: [], elements: elements(2) },
    {
      name: 'orientation-unknown', input: answer('diagonal'), decodes: true, strictValid: false, elements: elements(1),
      findings: [{ requirement: null, rule: 'structure', severity: 'warning', elementId: 'w0', path: '/root/children/0/orientation' }],
    },
  ];
  let vectors = '';
  beforeAll(async () => {
    s = await withRevision('enum');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
    vectors = join(s.out, 'enum-vectors');
    await mkdir(join(vectors, 'vectors'), { recursive: true });
    await copyFile(join(s.out, 'conformance/apple-roles.json'), join(vectors, 'apple-roles.json'));
    for (const v of written) await writeFile(join(vectors, 'vectors', `${v.name}.json`), JSON.stringify({ description: v.name, covers: [], ...v }));
    await writeFile(join(vectors, 'index.json'), JSON.stringify({ protocolVersion: '0.2.1', vectors: written.map((v) => v.name) }));
  }, 120_000);
  afterAll(() => s.dispose());

  it('TypeScript: a union of the values, an open field, both schemas, and the message', async () => {
    expect(await read('typescript/src/model.ts')).toContain('export type Orientation = "horizontal" | "vertical";');
    expect(await read('typescript/src/model.ts')).toContain('orientation?: Orientation | (string & {});');
    const strict = JSON.parse(await read('schema/answer.strict.schema.json'));
    const lenient = JSON.parse(await read('schema/answer.lenient.schema.json'));
    expect(strict.$defs.Orientation.enum).toEqual(['horizontal', 'vertical']);
    expect(lenient.$defs.Orientation.anyOf).toEqual([{ enum: ['horizontal', 'vertical'] }, { type: 'string' }]);
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.check(answer('horizontal', 'vertical'))).toEqual([]);
    expect(sdk.check(answer('diagonal')).map((f: { message: string }) => f.message)).toEqual(['"diagonal" is not a value of Orientation (horizontal, vertical); a receiver keeps it as it is']);
    expect(sdk.check({ ...answer(), root: { id: 'app', role: 'Application', orientation: 3 } }).map((f: { message: string }) => f.message)).toEqual(['Expected a string, found number']);
  });

  // One test per binding, so a missing toolchain skips only its half; each runs its conformance suite on the
  // hand-written vectors above, and says how many it ran.
  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'swift/Sources/ElementModel/Orientation.swift', 'case unknown(String)', 'ConformanceTests', /ConformanceTests: checked (\d+) vectors/],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'kotlin/src/main/kotlin/dev/elementmodel/Orientation.kt', 'data class Unknown internal constructor(override val raw: String) : Orientation()', 'ConformanceTest', /Tests run: (\d+),.* in dev\.elementmodel\.ConformanceTest/],
    ['Go', 'go', 'scripts/go-test.sh', 'go/types.go', 'OrientationHorizontal Orientation = "horizontal"', 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles', /--- PASS: TestFindings\//g],
    ['Python', 'python', 'scripts/python-test.sh', 'python/src/element_model/models.py', 'Orientation: TypeAlias = Literal["horizontal", "vertical"]', 'conformance and test_findings', /(\d+) passed/],
    ['Rust', 'rust', 'scripts/rust-test.sh', 'rust/src/model.rs', 'pub enum Orientation {', 'conformance', /conformance: (\d+) vectors from/],
  ] as const)('the %s binding declares the enum, compiles, and reports an unknown value', { timeout: 900_000 }, async ([, dir, script, source, declared, suite, ran], ctx) => {
    expect(await read(source).catch(() => '')).toContain(declared);
    const result = await runScript(script, [join(s.out, dir), vectors], { ELEMENT_TEST_FILTER: suite });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    const count = ran.global ? (result.output.match(ran) ?? []).length : Number(ran.exec(result.output)?.[1]);
    expect(count, result.output).toBe(written.length + (dir === 'kotlin' ? 1 : 0));
  });
});
