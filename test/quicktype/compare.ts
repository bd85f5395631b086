/**
 * A measured side-by-side comparison of our generated Swift and Kotlin bindings with what quicktype-core
 * generates from our JSON Schema. Every binding is wrapped in a small package whose test harness (./harness.ts)
 * decodes each case and encodes it back; the judgements below are made on those bytes, the same for every binding.
 *
 * Run it with `npm run compare-quicktype` (which also rewrites docs/bindings-vs-quicktype.md); test/bindings/quicktype.test.ts
 * asserts on the numbers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, release, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, quicktype } from 'quicktype-core';
import { kotlinHarness, swiftHarness, swiftPackage, type KotlinBinding, type SwiftBinding } from './harness.js';
import { vectors, type Vector } from '../helpers/sdk.js';
import { GENERATED, ROOT } from '../helpers/spec.js';
import { SWIFT_TOOLCHAIN, TOOLCHAIN_CACHE } from '../helpers/toolchain.js';
import { keptBuild } from './kept-build.js';

export type Language = 'swift' | 'kotlin';
export type Contender = 'ours' | 'quicktype' | 'quicktype-strict';
export const CONTENDERS: Contender[] = ['ours', 'quicktype', 'quicktype-strict'];
export const CONTENDER_TITLES: Record<Contender, string> = {
  ours: 'Ours (`generated/`)',
  quicktype: 'quicktype, lenient schema',
  'quicktype-strict': 'quicktype, strict schema',
};
export const COMMAND = 'npm run compare-quicktype';

export async function quicktypeVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'node_modules/quicktype-core/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** One input every binding decodes: a conformance vector, or one of the comparison's own cases. */
export interface Case {
  name: string;
  input: unknown;
  decodes: boolean;
  vector?: Vector;
}

/** The comparison's own cases, beyond the shared vectors. */
export const EXTRA_CASES: Case[] = [
  {
    // Attributes are open: a receiver keeps keys it does not know, so a round trip keeps them.
    name: 'extra-attributes-unknown-keys',
    input: {
      protocol: '0.2.0',
      instance: 'instance-1',
      root: { id: 'app', role: 'Application', children: [{ id: 'e-1', role: 'Text', attributes: { author: 'Ada', vendorKey: { x: 1 } } }] },
    },
    decodes: true,
  },
  {
    // A `text` block must carry `text`: only a binding that flattens the content union into one record with
    // every field optional decodes this.
    name: 'extra-content-text-without-text',
    input: {
      protocol: '0.2.0',
      instance: 'instance-1',
      root: { id: 'app', role: 'Application', children: [{ id: 'e-1', role: 'Window', content: [{ type: 'text' }] }] },
    },
    decodes: false,
  },
];

export async function cases(): Promise<Case[]> {
  const all = (await vectors()).map((v) => ({ name: v.name, input: v.input, decodes: v.decodes, vector: v }));
  return [...all, ...EXTRA_CASES];
}

/** quicktype's source for one language, from our lenient (receivers) or strict (providers) JSON Schema. */
export async function quicktypeSource(lang: Language, schemaKind: 'lenient' | 'strict', packageName: string): Promise<string> {
  const schema = await readFile(join(GENERATED, `schema/answer.${schemaKind}.schema.json`), 'utf8');
  const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
  await input.addSource({ name: 'Answer', schema });
  const inputData = new InputData();
  inputData.addInput(input);
  const rendererOptions: Record<string, string> = lang === 'kotlin' ? { framework: 'kotlinx', package: packageName } : {};
  const result = await quicktype({ inputData, lang, rendererOptions });
  return `${result.lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Running packages

interface Ran {
  code: number;
  output: string;
  seconds: number;
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => (output += String(e)));
    child.on('close', (code) => resolve({ code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
  });
}

export interface Outcome {
  name: string;
  decoded: boolean;
  /** The re-encoded JSON, when the case decoded and encoded. */
  encoded?: unknown;
  error?: string;
}

export interface Measured {
  contender: Contender;
  language: Language;
  built: boolean;
  buildSeconds: number;
  testSeconds: number;
  outcomes: Outcome[];
  /** The Swift or Kotlin types the binding declares for an element's `role` and for its `content` items. */
  types: DeclaredTypes;
  /** The build and test output, kept when something failed. */
  log?: string;
}

export interface DeclaredTypes {
  role: string[];
  content: string[];
}

/** Reads, from a package's sources, the types declared for `role` and for the items of `content`. */
async function declaredTypes(dir: string): Promise<DeclaredTypes> {
  const role = new Set<string>();
  const content = new Set<string>();
  for (const file of await sourceFiles(dir)) {
    if (!/\.(swift|kt)$/.test(file) || /CompareHarness|Package\.swift/.test(file)) continue;
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(/\b(?:let|var|val) role: (\w+)/g)) role.add(m[1] ?? '');
    for (const m of text.matchAll(/\b(?:let|var|val) content: (?:\[(\w+)\]|List<(\w+)>)/g)) content.add(m[1] ?? m[2] ?? '');
  }
  return { role: [...role].sort(), content: [...content].sort() };
}

async function writeCases(dir: string, all: Case[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const c of all) await writeFile(join(dir, `${c.name}.json`), JSON.stringify(c.input));
}

async function readOutcomes(dir: string, all: Case[]): Promise<Outcome[]> {
  const files = new Set(existsSync(dir) ? await readdir(dir) : []);
  const outcomes: Outcome[] = [];
  for (const c of all) {
    if (files.has(`${c.name}.json`)) {
      const text = await readFile(join(dir, `${c.name}.json`), 'utf8');
      try {
        outcomes.push({ name: c.name, decoded: true, encoded: JSON.parse(text) });
      } catch {
        outcomes.push({ name: c.name, decoded: true, error: `encoded to invalid JSON: ${text.slice(0, 200)}` });
      }
    } else if (files.has(`${c.name}.encode-error`)) {
      outcomes.push({ name: c.name, decoded: true, error: `encode failed: ${await readFile(join(dir, `${c.name}.encode-error`), 'utf8')}` });
    } else if (files.has(`${c.name}.error`)) {
      outcomes.push({ name: c.name, decoded: false, error: (await readFile(join(dir, `${c.name}.error`), 'utf8')).slice(0, 400) });
    } else {
      outcomes.push({ name: c.name, decoded: false, error: 'no result (the harness did not run)' });
    }
  }
  return outcomes;
}

const sourceFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));

/** Our Swift package as generated, with its own tests replaced by the harness. */
async function oursSwift(dir: string): Promise<void> {
  const source = join(GENERATED, 'swift');
  const manifest = await readFile(join(source, 'Package.swift'), 'utf8');
  const target = /\.target\(\s*name:\s*"([^"]+)"/.exec(manifest)?.[1];
  const tests = /\.testTarget\(\s*name:\s*"([^"]+)"/.exec(manifest)?.[1];
  if (!target || !tests) throw new Error('generated/swift/Package.swift names no target and test target');
  await cp(join(source, 'Package.swift'), join(dir, 'Package.swift'));
  await cp(join(source, 'Sources'), join(dir, 'Sources'), { recursive: true });
  const binding: SwiftBinding = {
    module: target,
    type: 'Answer',
    decode: 'JSONDecoder().decode(Answer.self, from: data)',
    encode: 'JSONEncoder().encode(value)',
  };
  await mkdir(join(dir, 'Tests', tests), { recursive: true });
  // The test target's resources (the bundled vectors) stay, as the manifest declares them.
  for (const [, resource] of manifest.matchAll(/\.copy\("([^"]+)"\)/g)) {
    await cp(join(source, 'Tests', tests, resource as string), join(dir, 'Tests', tests, resource as string), { recursive: true });
  }
  await writeFile(join(dir, 'Tests', tests, 'CompareHarness.swift'), swiftHarness(binding));
}

/** quicktype's Swift in a package of its own; Swift 5 language mode, which quicktype's output is written for. */
async function quicktypeSwift(dir: string, schemaKind: 'lenient' | 'strict'): Promise<void> {
  await writeFile(join(dir, 'Package.swift'), swiftPackage('QuicktypeAnswer', 'QuicktypeAnswer', '5'));
  await mkdir(join(dir, 'Sources/QuicktypeAnswer'), { recursive: true });
  await writeFile(join(dir, 'Sources/QuicktypeAnswer/Answer.swift'), await quicktypeSource('swift', schemaKind, ''));
  const binding: SwiftBinding = { module: 'QuicktypeAnswer', type: 'Answer', decode: 'Answer(data: data)', encode: 'value.jsonData()' };
  await mkdir(join(dir, 'Tests/CompareHarnessTests'), { recursive: true });
  await writeFile(join(dir, 'Tests/CompareHarnessTests/CompareHarness.swift'), swiftHarness(binding));
}

export async function swiftVersion(): Promise<string> {
  const ran = await run('chroot', [SWIFT_TOOLCHAIN, '/usr/bin/env', '-i', 'PATH=/usr/local/bin:/usr/bin:/bin', 'swift', '--version']);
  return /Swift version [^\s]+/.exec(ran.output)?.[0] ?? 'unknown';
}

export async function measureSwift(contender: Contender, all: Case[]): Promise<Measured> {
  const work = await mkdtemp(join(SWIFT_TOOLCHAIN, 'tmp', 'element-compare-'));
  const inside = `/tmp/${work.slice(join(SWIFT_TOOLCHAIN, 'tmp').length + 1)}`;
  try {
    const pkg = join(work, 'package');
    await mkdir(pkg, { recursive: true });
    if (contender === 'ours') await oursSwift(pkg);
    else await quicktypeSwift(pkg, contender === 'quicktype' ? 'lenient' : 'strict');
    await writeCases(join(work, 'cases'), all);
    await mkdir(join(work, 'out'), { recursive: true });
    await mkdir(join(work, 'home'), { recursive: true });
    await mkdir(join(work, 'tmp'), { recursive: true });

    const prepare = await run('bash', ['-c', `mountpoint -q "$1/proc" || mount -t proc proc "$1/proc"; chroot "$1" ldconfig`, 'prepare', SWIFT_TOOLCHAIN]);
    if (prepare.code !== 0) throw new Error(`could not prepare the chroot: ${prepare.output}`);
    const swift = (args: string, packageInside: string) =>
      run('chroot', [
        SWIFT_TOOLCHAIN, '/usr/bin/env', '-i',
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        `HOME=${inside}/home`, `TMPDIR=${inside}/tmp`, 'LANG=C.UTF-8',
        `COMPARE_CASES_DIR=${inside}/cases`, `COMPARE_OUT_DIR=${inside}/out`,
        '/bin/bash', '-c', `cd '${packageInside}' && swift ${args} 2>&1`,
      ]);
    const types = await declaredTypes(pkg);
    // Built in a folder of the chroot's cache named for the package's content, so an unchanged one is not compiled
    // again; a run that writes the comparison up times a cold build in this run's own folder instead.
    const builds = join(SWIFT_TOOLCHAIN, 'var/cache/element-model-builds');
    const kept = await keptBuild(pkg, builds, 'compare-swift');
    const packageInside = kept ? `/${relative(SWIFT_TOOLCHAIN, kept)}` : `${inside}/package`;
    const build = await swift('build --build-tests', packageInside);
    if (build.code !== 0) {
      return { contender, language: 'swift', types, built: false, buildSeconds: build.seconds, testSeconds: 0, outcomes: await readOutcomes(join(work, 'out'), all), log: build.output };
    }
    const test = await swift('test --skip-build', packageInside);
    return {
      contender, language: 'swift', types, built: true, buildSeconds: build.seconds, testSeconds: test.seconds,
      outcomes: await readOutcomes(join(work, 'out'), all),
      ...(test.code !== 0 || !/compare-harness: ran \d+ cases/.test(test.output) ? { log: test.output } : {}),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Our Kotlin module as generated (its pom unchanged), with its own tests replaced by the harness. */
async function oursKotlin(dir: string): Promise<void> {
  const source = join(GENERATED, 'kotlin');
  await cp(join(source, 'pom.xml'), join(dir, 'pom.xml'));
  await cp(join(source, 'src/main'), join(dir, 'src/main'), { recursive: true });
  const answer = (await sourceFiles(join(dir, 'src/main'))).find((f) => f.endsWith('/Answer.kt'));
  const packageName = answer ? /^package ([\w.]+)$/m.exec(await readFile(answer, 'utf8'))?.[1] : undefined;
  if (!packageName) throw new Error('no package in generated/kotlin/src/main/**/Answer.kt');
  const binding: KotlinBinding = { packageName, prelude: '', decode: 'decodeAnswer(text)', encode: 'value.encode()' };
  const tests = join(dir, 'src/test/kotlin', ...packageName.split('.'));
  await mkdir(tests, { recursive: true });
  await writeFile(join(tests, 'CompareHarnessTest.kt'), kotlinHarness(binding));
}

/**
 * quicktype's Kotlin in a module whose pom is ours with the same Kotlin, kotlinx.serialization, JUnit and plugin
 * versions, less `-Werror` (quicktype's output is not written to be warning-free). It is decoded with the `Json`
 * configuration quicktype's own header tells users to use.
 */
async function quicktypeKotlin(dir: string, schemaKind: 'lenient' | 'strict'): Promise<void> {
  const pom = (await readFile(join(GENERATED, 'kotlin/pom.xml'), 'utf8'))
    .replace(/<groupId>[^<]*<\/groupId>/, '<groupId>io.quicktype.compare</groupId>')
    .replace(/<artifactId>[^<]*<\/artifactId>/, '<artifactId>quicktype-answer</artifactId>')
    .replace(/\s*<args>\s*<arg>-Werror<\/arg>\s*<\/args>/, '');
  await writeFile(join(dir, 'pom.xml'), pom);
  const packageName = 'io.quicktype.answer';
  const source = await quicktypeSource('kotlin', schemaKind, packageName);
  const json = /val json\s*=\s*(Json \{[^}]*\})/.exec(source)?.[1] ?? 'Json';
  const main = join(dir, 'src/main/kotlin', ...packageName.split('.'));
  await mkdir(main, { recursive: true });
  await writeFile(join(main, 'Answer.kt'), source);
  const binding: KotlinBinding = {
    packageName,
    prelude: `import kotlinx.serialization.json.Json\n\n/** As quicktype's header says to parse. */\nval compareJson = ${json}`,
    decode: 'compareJson.decodeFromString(Answer.serializer(), text)',
    encode: 'compareJson.encodeToString(Answer.serializer(), value)',
  };
  const tests = join(dir, 'src/test/kotlin', ...packageName.split('.'));
  await mkdir(tests, { recursive: true });
  await writeFile(join(tests, 'CompareHarnessTest.kt'), kotlinHarness(binding));
}

export async function measureKotlin(contender: Contender, all: Case[]): Promise<Measured> {
  const work = await mkdtemp(join(tmpdir(), 'element-compare-kotlin-'));
  try {
    const module = join(work, 'module');
    await mkdir(module, { recursive: true });
    if (contender === 'ours') await oursKotlin(module);
    else await quicktypeKotlin(module, contender === 'quicktype' ? 'lenient' : 'strict');
    await writeCases(join(work, 'cases'), all);
    await mkdir(join(work, 'out'), { recursive: true });
    const types = await declaredTypes(module);
    const env = { ...process.env, COMPARE_CASES_DIR: join(work, 'cases'), COMPARE_OUT_DIR: join(work, 'out') };
    // One `mvn test`: `surefire:test` on its own finds no tests. The test time is surefire's own; the rest is build.
    // The compiler runs in the tests' Kotlin daemon (scripts/lib/mvn-kotlin.sh). Built in a folder of the cache
    // named for the module's content, so an unchanged one is not compiled again; a run that writes the comparison up
    // times a cold build instead.
    const kept = await keptBuild(module, join(TOOLCHAIN_CACHE, 'kotlin-builds'), 'compare-kotlin');
    const built = kept ?? module;
    await rm(join(built, 'target/surefire-reports'), { recursive: true, force: true });
    const ran = await run('bash', [join(ROOT, 'scripts/lib/mvn-kotlin.sh'), '-B', '-ntp', 'test'], { cwd: built, env });
    const clean = ran.output.replace(/\x1b\[[0-9;]*m/g, '');
    const testSeconds = Number(/Tests run: \d+.*Time elapsed: ([\d.]+) s/.exec(clean)?.[1] ?? 0);
    // Surefire ran, so everything compiled.
    const compiled = ran.code === 0 || /Tests run: \d+/.test(clean);
    const test = { code: ran.code, output: clean, seconds: testSeconds };
    const build = { seconds: ran.seconds - testSeconds };
    if (!compiled) {
      return { contender, language: 'kotlin', types, built: false, buildSeconds: build.seconds, testSeconds: 0, outcomes: await readOutcomes(join(work, 'out'), all), log: clean };
    }
    const reports = join(built, 'target/surefire-reports');
    const harnessOutput = existsSync(reports)
      ? (await Promise.all((await readdir(reports)).filter((f) => f.endsWith('-output.txt')).map((f) => readFile(join(reports, f), 'utf8')))).join('\n')
      : '';
    const output = `${test.output}\n${harnessOutput}`;
    return {
      contender, language: 'kotlin', types, built: true, buildSeconds: build.seconds, testSeconds: test.seconds,
      outcomes: await readOutcomes(join(work, 'out'), all),
      ...(test.code !== 0 || !/compare-harness: ran \d+ cases/.test(output) ? { log: output } : {}),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function kotlinVersion(): Promise<string> {
  const pom = await readFile(join(GENERATED, 'kotlin/pom.xml'), 'utf8');
  const kotlin = /<kotlin\.version>([^<]+)</.exec(pom)?.[1] ?? '?';
  const serialization = /<kotlinx\.serialization\.version>([^<]+)</.exec(pom)?.[1] ?? '?';
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const javaVersion = /version "([^"]+)"/.exec(`${java.stderr}${java.stdout}`)?.[1] ?? '?';
  return `Kotlin ${kotlin}, kotlinx.serialization ${serialization}, Java ${javaVersion}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Judging

interface ElementAt {
  path: string;
  element: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every element of an answer, pre-order, with its JSON Pointer. */
function elementsOf(answer: unknown): ElementAt[] {
  const found: ElementAt[] = [];
  const walk = (element: unknown, path: string) => {
    if (!isObject(element)) return;
    found.push({ path, element });
    const children = element['children'];
    if (Array.isArray(children)) children.forEach((child, i) => walk(child, `${path}/children/${i}`));
  };
  if (isObject(answer)) walk(answer['root'], '/root');
  return found;
}

function at(value: unknown, pointer: string): unknown {
  let here = value;
  for (const part of pointer.split('/').slice(1)) {
    if (Array.isArray(here)) here = here[Number(part)];
    else if (isObject(here)) here = here[part];
    else return undefined;
  }
  return here;
}

export interface SchemaFields {
  answer: string[];
  element: string[];
}

/** The fields the lenient schema declares on the answer and on an element: what a receiver keeps. */
export async function schemaFields(): Promise<SchemaFields> {
  const schema = JSON.parse(await readFile(join(GENERATED, 'schema/answer.lenient.schema.json'), 'utf8')) as {
    $ref: string;
    $defs: Record<string, { properties?: Record<string, { $ref?: string }> }>;
  };
  const name = (ref: string) => ref.split('/').pop() ?? '';
  const answer = schema.$defs[name(schema.$ref)];
  const rootRef = Object.values(answer?.properties ?? {}).find((p) => p.$ref)?.$ref ?? '';
  return { answer: Object.keys(answer?.properties ?? {}), element: Object.keys(schema.$defs[name(rootRef)]?.properties ?? {}) };
}

/**
 * The input less the fields the schema does not declare: what a receiver that drops unknown fields gives back.
 * Since issue 14 a receiver keeps them (the round trip is judged against the input itself); this is what a lossy
 * one returns, for the judging's own test.
 */
export function project(input: unknown, fields: SchemaFields): unknown {
  const element = (value: unknown): unknown => {
    if (!isObject(value)) return value;
    const kept = Object.fromEntries(Object.entries(value).filter(([k]) => fields.element.includes(k)));
    if (Array.isArray(kept['children'])) kept['children'] = kept['children'].map(element);
    return kept;
  };
  if (!isObject(input)) return input;
  const kept = Object.fromEntries(Object.entries(input).filter(([k]) => fields.answer.includes(k)));
  if ('root' in kept) kept['root'] = element(kept['root']);
  return kept;
}

export interface Check<T> {
  pass: boolean;
  detail: T;
  /** What the table shows: a number or yes/no with a word of why. */
  cell: string;
  /** What was measured, in full (names of the cases that missed, the error, the JSON that came back). */
  text: string;
}

export interface Scores {
  vectors: Check<{ expected: number; total: number; mismatches: string[] }>;
  unknownRole: Check<{ kept: number; total: number }>;
  content: Check<{ kept: number; total: number; rejectsIncompleteBlock: boolean }>;
  attributes: Check<{ kept: boolean }>;
  roundTrip: Check<{ equal: number; total: number; unequal: string[] }>;
}

const short = (error: string | undefined) => (error ?? '').replace(/\s+/g, ' ').slice(0, 140);

export function score(all: Case[], outcomes: Outcome[], fields: SchemaFields): Scores {
  const outcome = (name: string) => outcomes.find((o) => o.name === name) ?? { name, decoded: false, error: 'not run' };
  const vectorCases = all.filter((c) => c.vector);

  const mismatches = vectorCases.filter((c) => outcome(c.name).decoded !== c.decodes).map((c) => c.name);
  const expected = vectorCases.length - mismatches.length;

  // Every element a vector marks as not known must come back with its raw role.
  const roleChecks: { name: string; ok: boolean; why: string }[] = [];
  for (const c of vectorCases) {
    for (const e of c.vector?.elements ?? []) {
      if (e['known'] !== false) continue;
      const o = outcome(c.name);
      const got = o.decoded ? at(o.encoded, `${String(e['path'])}/role`) : undefined;
      roleChecks.push({
        name: c.name,
        ok: got === e['rawRole'],
        why: !o.decoded ? `${c.name} does not decode: ${short(o.error)}` : `${c.name}: re-encoded as ${JSON.stringify(got)}`,
      });
    }
  }
  const rolesKept = roleChecks.filter((r) => r.ok).length;

  // Every content block of every decodable vector must come back with its kind and fields.
  const contentChecks: { name: string; ok: boolean }[] = [];
  for (const c of vectorCases.filter((v) => v.decodes)) {
    for (const { path, element } of elementsOf(c.input)) {
      if (!('content' in element)) continue;
      const o = outcome(c.name);
      contentChecks.push({ name: c.name, ok: o.decoded && isDeepStrictEqual(at(o.encoded, `${path}/content`), element['content']) });
    }
  }
  const contentKept = contentChecks.filter((x) => x.ok).length;
  const incomplete = EXTRA_CASES.find((c) => c.name === 'extra-content-text-without-text');
  const rejectsIncompleteBlock = incomplete ? !outcome(incomplete.name).decoded : false;
  const contentNotKept = contentChecks.filter((x) => !x.ok).map((x) => x.name);

  const attributesCase = EXTRA_CASES.find((c) => c.name === 'extra-attributes-unknown-keys');
  let attributesKept = false;
  let attributesText = 'not measured';
  if (attributesCase) {
    const o = outcome(attributesCase.name);
    const sent = elementsOf(attributesCase.input).filter((e) => 'attributes' in e.element);
    const back = sent.map(({ path }) => (o.decoded ? at(o.encoded, `${path}/attributes`) : undefined));
    attributesKept = o.decoded && sent.every((e, i) => isDeepStrictEqual(back[i], e.element['attributes']));
    attributesText = attributesKept
      ? `yes: ${JSON.stringify(sent[0]?.element['attributes'])} comes back whole`
      : !o.decoded
        ? `no: does not decode (${short(o.error)})`
        : `no: ${JSON.stringify(sent[0]?.element['attributes'])} comes back as ${JSON.stringify(back[0])}`;
  }

  const decodable = vectorCases.filter((c) => c.decodes);
  const unequal = decodable.filter((c) => {
    const o = outcome(c.name);
    // Lossless: a receiver gives back what it does not know too (unknown fields, content kinds, exact numbers).
    return !(o.decoded && isDeepStrictEqual(o.encoded, c.input));
  });
  const equal = decodable.length - unequal.length;

  return {
    vectors: {
      pass: mismatches.length === 0,
      detail: { expected, total: vectorCases.length, mismatches },
      cell: `${expected}/${vectorCases.length}`,
      text: `${expected}/${vectorCases.length}${mismatches.length ? ` (not as expected: ${mismatches.join(', ')})` : ''}`,
    },
    unknownRole: {
      pass: roleChecks.length > 0 && rolesKept === roleChecks.length,
      detail: { kept: rolesKept, total: roleChecks.length },
      cell:
        rolesKept === roleChecks.length
          ? 'yes'
          : roleChecks.some((r) => !r.ok && / does not decode/.test(r.why))
            ? 'no: does not decode'
            : 'no: changed',
      text:
        rolesKept === roleChecks.length
          ? `yes (${rolesKept}/${roleChecks.length})`
          : `no (${rolesKept}/${roleChecks.length}): ${roleChecks.filter((r) => !r.ok).map((r) => r.why).join('; ')}`,
    },
    content: {
      pass: contentChecks.length > 0 && contentKept === contentChecks.length && rejectsIncompleteBlock,
      detail: { kept: contentKept, total: contentChecks.length, rejectsIncompleteBlock },
      cell:
        contentKept === contentChecks.length && rejectsIncompleteBlock
          ? `yes (${contentKept}/${contentChecks.length} blocks kept)`
          : !rejectsIncompleteBlock
            ? `no: flattened (${contentKept}/${contentChecks.length} blocks kept)`
            : `no (${contentKept}/${contentChecks.length} blocks kept)`,
      text:
        `${contentKept === contentChecks.length && rejectsIncompleteBlock ? 'yes' : 'no'}: ${contentKept}/${contentChecks.length} blocks keep kind and fields` +
        `${contentNotKept.length ? ` (lost in ${contentNotKept.join(', ')})` : ''}; ` +
        (rejectsIncompleteBlock ? 'a `text` block without `text` is rejected' : 'a `text` block without `text` decodes (flattened: one record, every field optional)'),
    },
    attributes: {
      pass: attributesKept,
      detail: { kept: attributesKept },
      cell: attributesKept ? 'yes' : attributesText.startsWith('no: does not decode') ? 'no: does not decode' : 'no: dropped',
      text: attributesText,
    },
    roundTrip: {
      pass: unequal.length === 0,
      detail: { equal, total: decodable.length, unequal: unequal.map((c) => c.name) },
      cell: `${equal}/${decodable.length}`,
      text: `${equal}/${decodable.length}${unequal.length ? ` (not equal: ${unequal.map((c) => c.name).join(', ')})` : ''}`,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

export interface LanguageResult {
  language: Language;
  toolchain: string;
  date: string;
  quicktypeCore: string;
  command: string;
  results: {
    contender: Contender;
    built: boolean;
    buildSeconds: number;
    testSeconds: number;
    types: DeclaredTypes;
    scores: Scores;
    outcomes: Outcome[];
    log?: string;
  }[];
}

export async function compareLanguage(language: Language): Promise<LanguageResult> {
  const all = await cases();
  const fields = await schemaFields();
  const results: LanguageResult['results'] = [];
  // One after another, so the timings do not share the machine with each other.
  for (const contender of CONTENDERS) {
    const measured = language === 'swift' ? await measureSwift(contender, all) : await measureKotlin(contender, all);
    results.push({
      contender,
      built: measured.built,
      buildSeconds: Math.round(measured.buildSeconds * 10) / 10,
      testSeconds: Math.round(measured.testSeconds * 10) / 10,
      types: measured.types,
      scores: score(all, measured.outcomes, fields),
      outcomes: measured.outcomes,
      ...(measured.log ? { log: measured.log } : {}),
    });
  }
  return {
    language,
    toolchain: language === 'swift' ? await swiftVersion() : await kotlinVersion(),
    date: new Date().toISOString().slice(0, 10),
    quicktypeCore: await quicktypeVersion(),
    command: COMMAND,
    results,
  };
}

const ROWS: [keyof Scores, string][] = [
  ['vectors', 'Vectors decoded as expected'],
  ['unknownRole', 'Unknown role kept (raw string)'],
  ['content', 'Content union kept (not flattened)'],
  ['attributes', 'Unknown attribute keys kept'],
  ['roundTrip', 'Round trip equal (decodable vectors)'],
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(results: LanguageResult[]): string {
  const first = results[0];
  const lines = [
    '# Our bindings vs quicktype',
    '',
    `Measured ${first?.date ?? ''} with quicktype-core ${first?.quicktypeCore ?? ''} on Linux ${release()} (${cpus().length} cores), by:`,
    '',
    '```sh',
    COMMAND,
    '```',
    '',
    'which runs `test/bindings/quicktype.test.ts` and rewrites this file. quicktype generates from our JSON Schemas through its',
    "API (`JSONSchemaInput`, Swift with its default options, Kotlin with `framework: 'kotlinx'`): from the lenient",
    'schema (for receivers, which is what a receiver would feed it) and, as a third column, from the strict schema',
    '(for providers; its role is a closed enum there). Every binding is wrapped in a package with the same harness',
    '(`test/quicktype/harness.ts`): it decodes each case and, when that works, encodes the value again; the checks are',
    'made on the bytes that come back. Our bindings are the files in `generated/`, their own tests swapped for the',
    "harness. quicktype's Swift builds in Swift 5 language mode (ours in 6); its Kotlin builds with our pom less",
    "`-Werror` and decodes with the `Json { ... }` its own header tells users to write.",
    '',
    'The checks:',
    '',
    '- **Vectors decoded as expected**: decoding succeeds exactly when the vector says `decodes` (all of',
    '  `generated/conformance/vectors`).',
    '- **Unknown role kept**: every element a vector marks `known: false` comes back with its raw role string.',
    '- **Content union kept**: every content block of the `decodes: true` vectors comes back with its `type` and',
    '  fields, and a `text` block without `text` (`extra-content-text-without-text`) is rejected, as it is only by',
    '  a binding that keeps one type per kind.',
    '- **Unknown attribute keys kept**: `{"author":"Ada","vendorKey":{"x":1}}` (`extra-attributes-unknown-keys`)',
    '  comes back whole.',
    '- **Round trip equal**: for every `decodes: true` vector, the re-encoded JSON equals the input, the fields the',
    '  schema does not declare included (a receiver keeps them and encodes them back).',
    '- **`role` / `content` items typed as**: the types the package declares for them, read from its sources.',
    '- **Build + test**: wall-clock seconds of one cold build (a fresh `.build` or `target/`; Maven\'s `~/.m2` is',
    '  warm) and of the harness run, one package at a time.',
    '',
    'Every case\'s outcome (decoded or not, the error, the JSON that came back) is written to',
    '`test-output/quicktype/swift.json` and `kotlin.json`.',
    '',
  ];
  for (const result of results) {
    const title = result.language === 'swift' ? 'Swift' : 'Kotlin';
    lines.push(`## ${title}`, '', `${result.toolchain}.`, '');
    lines.push(`| Check | ${result.results.map((r) => CONTENDER_TITLES[r.contender]).join(' | ')} |`);
    lines.push(`|---|${result.results.map(() => '---').join('|')}|`);
    for (const [key, label] of ROWS) {
      lines.push(`| ${label} | ${result.results.map((r) => cell(r.built ? r.scores[key].cell : 'does not build')).join(' | ')} |`);
    }
    const code = (names: string[]) => (names.length ? names.map((n) => `\`${n}\``).join(', ') : 'none found');
    lines.push(`| \`role\` typed as | ${result.results.map((r) => code(r.types.role)).join(' | ')} |`);
    lines.push(`| \`content\` items typed as | ${result.results.map((r) => code(r.types.content)).join(' | ')} |`);
    lines.push(`| Build + test, seconds | ${result.results.map((r) => `${r.buildSeconds} + ${r.testSeconds}`).join(' | ')} |`);
    lines.push('', 'What missed:', '');
    let missed = false;
    for (const r of result.results) {
      for (const [key, label] of ROWS) {
        if (!r.built || r.scores[key].pass) continue;
        missed = true;
        lines.push(`- ${CONTENDER_TITLES[r.contender]}, ${label.toLowerCase()}: ${r.scores[key].text.replace(/\s+/g, ' ')}`);
      }
      if (!r.built) lines.push(`- ${CONTENDER_TITLES[r.contender]}: does not build`);
    }
    if (!missed) lines.push('- nothing');
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

export const RESULTS_DIR = join(ROOT, 'test-output/quicktype');
export const DOC = join(ROOT, 'docs/bindings-vs-quicktype.md');

export async function saveResult(result: LanguageResult): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.language}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
