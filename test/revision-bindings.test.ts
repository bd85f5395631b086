import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { withRevision } from './helpers/revision.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';

// Apart from test/revisions.test.ts because it needs Swift, Maven and Go, which the quick loop leaves out.
// The step to 1.0.0, made by two RFCs together over a released 0.2.0: each binding names its versions in code
// (Swift's protocol1_0_0, Rust's PROTOCOL1_0_0, Python's SPEC_1_0_0...), and keeps 0.2.0 beside 1.0.0.
describe('two RFCs that make 1.0.0 together, over a released 0.2.0, in the bindings', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  beforeAll(async () => {
    s = await withRevision('one-point-oh');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'swift/Sources/ElementModel/Element.swift', 'ConformanceTests'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'kotlin/src/main/kotlin/dev/elementmodel/Element.kt', 'ConformanceTest'],
    ['Go', 'go', 'scripts/go-test.sh', 'go/types.go', 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles'],
    ['Rust', 'rust', 'scripts/rust-test.sh', 'rust/src/model.rs', 'conformance'],
    ['Python', 'python', 'scripts/python-test.sh', 'python/src/element_model/models.py', 'conformance'],
  ] as const)('the %s binding keeps 0.2.0 beside 1.0.0, compiles and passes every vector', { timeout: 900_000 }, async ([, dir, script, source, suite], ctx) => {
    const types = await read(source).catch(() => '');
    expect(types).toContain('note');
    expect(JSON.parse(await read('conformance/index.json')).protocolVersion).toBe('1.0.0');
    expect(await read('model/versions/0.2.0.json')).toContain('"protocolVersion": "0.2.0"');
    const result = await runScript(script, [join(s.out, dir), join(s.out, 'conformance')], { ELEMENT_TEST_FILTER: suite });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
  });
});

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
