import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeExample } from '../../generator/emit/shared/readme-example.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { main } from '../../generator/cli.js';
import { specWithFixture, withRevision, withRevisionsTogether } from '../helpers/revision.js';
import { BINDINGS, COMPILED, titled, runBinding, runValidatorCases, runnerRunsCases, vectorsCounted } from '../helpers/bindings.js';
import { readValidatorResults, validatorMismatches, writeValidatorCases } from '../helpers/validator-cases.js';

// Apart from test/model/revisions.test.ts because it needs every binding's toolchain, which the quick loop leaves out.
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

  it.for(titled(COMPILED))('the %s binding keeps 0.2.0 beside 1.0.0, compiles and passes every vector', { timeout: 900_000 }, async ([, b], ctx) => {
    const types = await read(b.types).catch(() => '');
    expect(types).toContain('note');
    expect(JSON.parse(await read('conformance/index.json')).protocolVersion).toBe('1.0.0');
    expect(await read('model/versions/0.2.0.json')).toContain('"protocolVersion": "0.2.0"');
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.conformance.filter);
    expect(result.code, result.output).toBe(0);
  });
});

// The additive revisions (a state, an enum, an operation, requests) are one revised spec, RFCs of one version, so each binding
// builds it once for this file's tests and test/bindings/operation-revision-bindings.test.ts's. The state: `hovered`,
// "Absent means false". The enum (test/fixtures/revisions/enum): `Orientation` = horizontal | vertical, and an optional
// `orientation: Orientation` on the element; each binding declares it in its own way, and its checker reports a value
// outside the set, as hand-written here from the RFC, with a warning a receiver can pass.
describe('additive RFCs of one version: a new optional state and an enum, in the bindings', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  const state = { selected: false, focused: false, visible: true };
  const element = (path: string, id: string, role: string, hovered: boolean) => ({ path, id, rawRole: role, role, known: true, ...state, hovered });
  // The same answer as 0.2.0 and as 0.2.1: each checked by its own version's rules, where the new state is an
  // unknown field in 0.2.0 (a warning) and a state in 0.2.1 (nothing), in every binding as in TypeScript.
  const byVersion = (protocol: string) => ({ protocol, instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Row', hovered: true }] } });
  const hoveredElements = [element('/root', 'app', 'Application', false), element('/root/children/0', 'a', 'Row', true)];
  const unknownHovered = { requirement: null, rule: 'structure', severity: 'warning', elementId: 'a', path: '/root/children/0/hovered' };
  const oriented = (...orientations: string[]) => ({
    protocol: '0.2.1', instance: 'i',
    root: { id: 'app', role: 'Application', children: orientations.map((o, i) => ({ id: `w${i}`, role: 'Window', orientation: o })) },
  });
  const windows = (n: number) => [element('/root', 'app', 'Application', false), ...Array.from({ length: n }, (_, i) => element(`/root/children/${i}`, `w${i}`, 'Window', false))];
  const written = [
    { name: 'hovered-in-0-2-0', input: byVersion('0.2.0'), decodes: true, strictValid: false, findings: [unknownHovered], elements: hoveredElements },
    { name: 'hovered-in-0-2-1', input: byVersion('0.2.1'), decodes: true, strictValid: true, findings: [], elements: hoveredElements },
    { name: 'orientation-each-value', input: oriented('horizontal', 'vertical'), decodes: true, strictValid: true, findings: [], elements: windows(2) },
    {
      name: 'orientation-unknown', input: oriented('diagonal'), decodes: true, strictValid: false, elements: windows(1),
      findings: [{ requirement: null, rule: 'structure', severity: 'warning', elementId: 'w0', path: '/root/children/0/orientation' }],
    },
  ];
  let vectors = '';
  beforeAll(async () => {
    s = await withRevisionsTogether();
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
    vectors = join(s.out, 'hand-vectors');
    await mkdir(join(vectors, 'vectors'), { recursive: true });
    await copyFile(join(s.out, 'conformance/apple-roles.json'), join(vectors, 'apple-roles.json'));
    for (const v of written) await writeFile(join(vectors, 'vectors', `${v.name}.json`), JSON.stringify({ description: v.name, covers: [], ...v }));
    await writeFile(join(vectors, 'index.json'), JSON.stringify({ protocolVersion: '0.2.1', vectors: written.map((v) => v.name) }));
  }, 120_000);
  afterAll(() => s.dispose());

  // One test per binding, so a missing Swift skips only the Swift half: its conformance suite (every target compiles
  // whatever runs; the hostile inputs run on generated/ elsewhere), then its validator in one batch over the vectors
  // (a value of each field of the enum on the element, a link and the answer, and one outside the set), printing the
  // bytes TypeScript's prints.
  it.for(titled(COMPILED))('changes the %s binding, which compiles and passes every vector, and its validator prints what TypeScript\'s does', { timeout: 900_000 }, async ([, b], ctx) => {
    expect(await read(b.types).catch(() => '')).toContain('hovered');
    const casesDir = join(s.dir, `validate-${b.name}`);
    const cases = await writeValidatorCases(casesDir, { generated: s.out, handVectors: false, alone: 'batch-only' });
    const said = cases.map((c) => (typeof c.out === 'string' ? c.out : '')).join('\n');
    for (const path of ['/root/children/0/orientation', '/root/children/0/attributes/related/0/direction', '/root/children/0/attributes/related/0/sides/0', '/layout'])
      expect(said).toContain(path);
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.conformance.filter);
    expect(result.code, result.output).toBe(0);
    // A runner given a test filter runs no validator cases, so the validator runs on its own after.
    const ran = await runValidatorCases(ctx, b, s.out, casesDir, true);
    expect(ran.output).toContain(`validator-cases: ran ${cases.length} cases`);
    expect(validatorMismatches(cases, await readValidatorResults(casesDir, cases))).toEqual([]);
  });

  it('TypeScript: a union of the enum\'s values, an open field, both schemas, and the message', async () => {
    expect(await read('typescript/src/model.ts')).toContain('export type Orientation = "horizontal" | "vertical";');
    expect(await read('typescript/src/model.ts')).toContain('orientation?: Orientation | (string & {});');
    const strict = JSON.parse(await read('schema/answer.strict.schema.json'));
    const lenient = JSON.parse(await read('schema/answer.lenient.schema.json'));
    expect(strict.$defs.Orientation.enum).toEqual(['horizontal', 'vertical']);
    expect(lenient.$defs.Orientation.anyOf).toEqual([{ enum: ['horizontal', 'vertical'] }, { type: 'string' }]);
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.check(oriented('horizontal', 'vertical'))).toEqual([]);
    expect(sdk.check(oriented('diagonal')).map((f: { message: string }) => f.message)).toEqual(['"diagonal" is not a value of Orientation (horizontal, vertical); a receiver keeps it as it is']);
    expect(sdk.check({ ...oriented(), root: { id: 'app', role: 'Application', orientation: 3 } }).map((f: { message: string }) => f.message)).toEqual(['Expected a string, found number']);
  });

  // How each language declares the enum, written by hand from the RFC: a file and a line of it, by binding.
  const declared: Record<string, readonly [string, string]> = {
    swift: ['swift/Sources/ElementModel/Orientation.swift', 'case unknown(String)'],
    kotlin: ['kotlin/src/main/kotlin/dev/elementmodel/Orientation.kt', 'data class Unknown internal constructor(override val raw: String) : Orientation()'],
    go: ['go/types.go', 'OrientationHorizontal Orientation = "horizontal"'],
    python: ['python/src/element_model/models.py', 'Orientation: TypeAlias = Literal["horizontal", "vertical"]'],
    rust: ['rust/src/model.rs', 'pub enum Orientation {'],
  };

  it('has an enum declaration written for every compiled binding, so a new language states its own', () => {
    expect(Object.keys(declared).sort()).toEqual(COMPILED.map((b) => b.name).sort());
  });

  // The hand-written vectors above in one run of each binding's conformance suite, which says how many it ran.
  it.for(titled(COMPILED))('the %s checker reads an answer of each version by its rules, declares the enum and reports an unknown value', { timeout: 600_000 }, async ([, b], ctx) => {
    const [source, line] = declared[b.name] ?? ['', ''];
    expect(await read(source).catch(() => '')).toContain(line);
    const result = await runBinding(ctx, b, join(s.out, b.outDir), vectors, b.conformance.counted.filter);
    expect(result.code, result.output).toBe(0);
    expect(vectorsCounted(b, result.output), result.output).toBe(written.length);
  });
});

/** A revision-forms fixture laid over the live spec and generated, for the bindings' own tests. */
async function generatedForm(name: string) {
  const s = await specWithFixture(join(import.meta.dirname, '../fixtures/revision-forms', name));
  const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
  expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  return s;
}

// Issue 38: a Breaking RFC makes `title` required and adds a required `Answer.app`, with an example of its own.
describe('a breaking RFC with new required fields and its own example, in the bindings', () => {
  let s: Awaited<ReturnType<typeof generatedForm>>;
  beforeAll(async () => { s = await generatedForm('required-fields-with-example'); }, 120_000);
  afterAll(() => s.dispose());

  it('every README shows the RFC-0002 example, which the TypeScript checker finds nothing in', async () => {
    const model = (await assembleModel(await readSpecFiles(s.spec))).model as CanonicalModel;
    const example = readmeExample(model);
    if ('missing' in example) throw new Error(example.missing);
    expect(JSON.parse(example.answer)).toMatchObject({ protocol: '0.3.0', app: 'Planner' });
    // Where each package's README example, or the test that runs it, holds the answer (the others read answer.json).
    const holders = [...BINDINGS.flatMap((b) => b.readmeExample ?? []), 'docs/index.md'];
    expect(holders.length).toBeGreaterThan(1);
    for (const holder of holders) expect(await readFile(join(s.out, holder), 'utf8'), holder).toContain('Planner');
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.check(JSON.parse(example.answer))).toEqual([]);
  });

  // Each binding's README test (a test of the package, or a doc test or example run with its tests) and the tests
  // that build an element by hand, with every vector: the filter its registry entry gives (suites.readme).
  it.for(titled(COMPILED))('the %s binding runs its README example and every vector', { timeout: 900_000 }, async ([, b], ctx) => {
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.suites.readme.filter);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(new RegExp(b.suites.readme.said));
  });
});

// Issue 38: RFC-0001's 0.2.0 never released, an Additive RFC-0002 released as 0.2.1. RFC-0001's example (an answer
// of 0.2.0) is a vector with no findings, which every binding's conformance suite runs.
describe('an answer of an unreleased version an additive RFC steps from, in the bindings', () => {
  let s: Awaited<ReturnType<typeof generatedForm>>;
  beforeAll(async () => { s = await generatedForm('additive-released-over-unreleased'); }, 120_000);
  afterAll(() => s.dispose());

  it('is a vector with no findings, which the TypeScript checker and parseAnswer agree with', async () => {
    const vector = JSON.parse(await readFile(join(s.out, 'conformance/vectors/example-rfc-0001-3.json'), 'utf8'));
    expect(vector).toMatchObject({ input: { protocol: '0.2.0' }, findings: [] });
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.check(vector.input)).toEqual([]);
    expect(sdk.parseAnswer(JSON.stringify(vector.input)).findings).toEqual([]);
    // The site says so on 0.2.1's entry.
    expect(await readFile(join(s.out, 'docs/versions.md'), 'utf8')).toContain('Every checker reads an answer of 0.2.0 (never released; only Additive or Editorial RFCs since) by the\nrules of 0.2.1, with no finding.');
    // A version no RFC made is still older than every version read.
    expect(sdk.check({ ...vector.input, protocol: '0.1.9' }).map((f: { message: string }) => f.message)).toEqual([
      'Protocol version "0.1.9" is older than every version this checker reads (0.2.1); checked by the rules of 0.2.1',
    ]);
  });

  it.for(titled(COMPILED))('the %s checker reads it by 0.2.1\'s rules, with every vector', { timeout: 900_000 }, async ([, b], ctx) => {
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.conformance.filter);
    expect(result.code, result.output).toBe(0);
    // A binding that names each vector it ran names this one.
    if (b.conformance.counted.each) expect(result.output).toContain(`${b.conformance.counted.pattern}example-rfc-0001-3`);
  });
});

// test/fixtures/revisions/removal: RFC-0002 (breaking, 0.3.0) removes R4 (unique-id), the reserved attribute author
// and the state focused, which marks the user's position, with nothing in their place, the operation locate and the
// field url, over a released 0.2.0. With no path state, every binding's focus path is empty and its tests say so.
describe('a breaking RFC removing a requirement, an operation, a reserved attribute, a field and the path state, in every binding', () => {
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
  it.for(titled(COMPILED))('the %s binding passes its tests, and its validator prints what TypeScript\'s does', { timeout: 1_200_000 }, async ([, b], ctx) => {
    const casesDir = join(s.dir, `validate-${b.name}`);
    const cases = await writeValidatorCases(casesDir, { generated: s.out, handVectors: false, extra: { 'removed-names.json': answer('0.3.0'), 'removed-names-0.2.0.json': answer('0.2.0') }, alone: 'batch-only' });
    const said = cases.map((c) => (typeof c.out === 'string' ? c.out : '')).join('\n');
    expect(said).toContain('\\"author\\" was removed in 0.3.0, with no replacement');
    const byRunner = runnerRunsCases(b);
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.suites.revised.filter, byRunner ? { ELEMENT_VALIDATE_CASES: casesDir } : {});
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(new RegExp(b.suites.revised.said));
    // A validator its runner does not build runs after the package's tests.
    const ran = byRunner ? result : await runValidatorCases(ctx, b, s.out, casesDir, true);
    expect(ran.output).toContain(`validator-cases: ran ${cases.length} cases`);
    expect(validatorMismatches(cases, await readValidatorResults(casesDir, cases))).toEqual([]);
  });
});
