import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { withRevision } from './helpers/revision.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';
import { readValidatorResults, validatorMismatches, writeValidatorCases } from './helpers/validator-cases.js';

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

// test/fixtures/revisions/removal: RFC-0002 (breaking, 0.3.0) removes R4 (unique-id) and the reserved attribute
// author with nothing in their place, the operation locate and the field url, over a released 0.2.0.
describe('a breaking RFC removing a requirement, an operation, a reserved attribute and a field, in every binding', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  // One element holding the removed attribute and field, and an id repeated: what each version's rules say of it.
  const answer = (protocol: string) => ({ protocol, instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Row', url: 'u', attributes: { author: 'Ada' } }, { id: 'a', role: 'Row' }] } });
  beforeAll(async () => {
    s = await withRevision('removal');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  it('TypeScript: the removed attribute and field are reported where they stand, the repeated id no longer is', async () => {
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.check(answer('0.3.0')).map((f: Record<string, unknown>) => `${f.rule} ${f.severity} ${f.path}: ${f.message}`)).toEqual([
      'structure error /root/children/0/attributes/author: "author" was removed in 0.3.0, with no replacement',
      'structure error /root/children/0/url: "url" was removed in 0.3.0; use An attribute of the app\'s choosing',
    ]);
    // 0.2.0, released, had all three.
    expect(sdk.check(answer('0.2.0')).map((f: Record<string, unknown>) => `${f.requirement} ${f.path}`)).toEqual(['R4 /root/children/1/id']);
    const index = JSON.parse(await read('conformance/index.json')) as { vectors: string[] };
    expect(index.vectors).toContain('removed-attributes-author');
    expect(index.vectors).not.toContain('unique-id-repeat');
    for (const name of index.vectors) {
      const vector = JSON.parse(await read(`conformance/vectors/${name}.json`));
      expect(sdk.check(vector.input).map(({ requirement, rule, severity, elementId, path }: Record<string, unknown>) => ({ requirement, rule, severity, elementId, path })), name).toEqual(vector.findings);
    }
    expect(await read('go/operations.go')).not.toContain('Locate');
  });

  // Each binding's own tests on the revised packages (Swift's conformance and hostile-input suites; the others
  // whole), then its validator on every vector and on the answer above, printing what TypeScript's prints.
  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'ConformanceTests|HostileInputTests'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', ''],
    ['Python', 'python', 'scripts/python-test.sh', ''],
    ['Go', 'go', 'scripts/go-test.sh', ''],
    ['Rust', 'rust', 'scripts/rust-test.sh', ''],
  ] as const)('the %s binding passes its tests, and its validator prints what TypeScript\'s does', { timeout: 1_200_000 }, async ([, dir, script, suite], ctx) => {
    const casesDir = join(s.dir, `validate-${dir}`);
    const cases = await writeValidatorCases(casesDir, { generated: s.out, handVectors: false, extra: { 'removed-names.json': answer('0.3.0'), 'removed-names-0.2.0.json': answer('0.2.0') } });
    const said = cases.map((c) => (typeof c.out === 'string' ? c.out : '')).join('\n');
    expect(said).toContain('\\"author\\" was removed in 0.3.0, with no replacement');
    const python = dir === 'python';
    const result = await runScript(script, [join(s.out, dir), join(s.out, 'conformance')], { ...(suite ? { ELEMENT_TEST_FILTER: suite } : {}), ...(python ? {} : { ELEMENT_VALIDATE_CASES: casesDir }) });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    if (python) {
      expect(result.output).toContain('Success: no issues found');
      const venv = await runScript('scripts/python-venv.sh', []);
      const bin = join(venv.output.trim().split('\n').at(-1) ?? '', 'bin/python');
      const ran = await runScript('scripts/validator-cases.sh', [casesDir, bin, '-m', 'element_model.validate'], { PYTHONPATH: join(s.out, 'python/src'), PYTHONDONTWRITEBYTECODE: '1' });
      expect(ran.output).toContain(`validator-cases: ran ${cases.length} cases`);
    } else {
      expect(result.output).toContain(`validator-cases: ran ${cases.length} cases`);
    }
    expect(validatorMismatches(cases, await readValidatorResults(casesDir, cases))).toEqual([]);
  });
});
