import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../../../generator/emit/index.js';
import type { EmitSettings, GeneratedFile } from '../../../generator/emit/core/target.js';
import type { CanonicalModel } from '../../../generator/model/types.js';
import { GENERATED, ROOT, listFiles, realModel } from '../../helpers/spec.js';
import { readValidatorResults, type ValidatorCase, validatorMismatches, writeValidatorCases } from '../../helpers/validator-cases.js';
import { requireTool, swiftMissing } from '../../helpers/toolchain.js';

const context = (model: CanonicalModel): EmitSettings => ({ regenerate: 'npm run generate', versions: [model] });

let emitted: Promise<GeneratedFile[]> | undefined;
/** The swift target's files, with the conformance target it needs run first (its files left out). */
const emitSwift = (model: CanonicalModel) => emitTarget('swift', model, context(model));
const swiftFiles = () => (emitted ??= realModel().then(async (model) => (await emitSwift(model)).files));

function fileAt(files: GeneratedFile[], suffix: string): string {
  const file = files.find((f) => f.path.endsWith(suffix));
  if (!file) throw new Error(`no ${suffix} among ${files.map((f) => f.path).join(', ')}`);
  return file.contents;
}

/** The Swift `Role` read back from its source: its case names, and the raw string `init(rawValue:)` maps to each. */
function rolesIn(source: string): { cases: string[]; raw: Map<string, string> } {
  const body = /public enum Role\b[^{]*\{([\s\S]*?)\n {4}case unknown\(String\)/.exec(source)?.[1] ?? '';
  const cases = [...body.matchAll(/^ {4}case (`?\w+`?)$/gm)].map((m) => m[1] ?? '');
  const raw = new Map([...source.matchAll(/^ {8}case "((?:[^"\\]|\\.)*)": self = \.(`?\w+`?)$/gm)].map((m) => [m[2] ?? '', m[1] ?? '']));
  return { cases, raw };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * One build of the generated package (scripts/swift-test.sh, on a copy): its own tests, then its
 * element-model-validate run on the validator cases. Shared by the tests that need it, so Swift builds once.
 */
let packaged: Promise<{ code: number; output: string; cases: ValidatorCase[]; results: { out: string; code: number }[] }> | undefined;
const packageRun = () =>
  (packaged ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-swift-test-'));
    try {
      // generated/swift alone (the test above checks it is what the emitter makes), with no conformance folder
      // beside it: its tests must run the vectors it bundles.
      await cp(join(GENERATED, 'swift'), join(dir, 'swift'), { recursive: true, filter: (from) => !from.includes('/swift/.build') });
      const casesDir = join(dir, 'validate');
      const cases = await writeValidatorCases(casesDir);
      const { code, output } = await run('bash', [join(ROOT, 'scripts/swift-test.sh'), join(dir, 'swift')], ROOT, { ELEMENT_VALIDATE_CASES: casesDir });
      const results = existsSync(join(casesDir, 'results')) ? await readValidatorResults(casesDir, cases) : [];
      return { code, output, cases, results };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })());

describe('Swift bindings', () => {
  it("the Swift Role's cases are the model's roles, in order, each decoding from its own name", async () => {
    const model = await realModel();
    const names = model.roles.map((r) => r.name);
    const sources = [fileAt(await swiftFiles(), '/Role.swift')];
    const onDisk = join(GENERATED, 'swift/Sources/ElementModel/Role.swift');
    if (existsSync(onDisk)) sources.push(await readFile(onDisk, 'utf8'));
    for (const source of sources) {
      const { cases, raw } = rolesIn(source);
      expect(cases).toHaveLength(names.length);
      expect(cases.map((c) => raw.get(c))).toEqual(names);
    }
  });

  it('generated/swift is what the emitter produces now', async () => {
    const files = await swiftFiles();
    const dir = join(GENERATED, 'swift');
    const onDisk = existsSync(dir) ? (await listFiles(dir)).filter((p) => !p.startsWith('.build/')) : [];
    expect(onDisk.map((p) => `swift/${p}`)).toEqual(files.map((f) => f.path).sort());
    for (const file of files) {
      expect(await readFile(join(GENERATED, file.path), 'utf8'), file.path).toBe(file.contents.endsWith('\n') ? file.contents : `${file.contents}\n`);
    }
  });


  it('a copy of generated/swift alone builds without warnings and passes its tests on the vectors it bundles', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, swiftMissing());
    const { code, output } = await packageRun();
    if (code !== 0) console.error(output);
    expect(code, 'scripts/swift-test.sh exit code').toBe(0);
    // The package's own copy of the vectors, all of them: no conformance folder was beside it.
    const vectors = (JSON.parse(await readFile(join(GENERATED, 'conformance/index.json'), 'utf8')) as { vectors: string[] }).vectors;
    expect(output).toMatch(new RegExp(`ConformanceTests: checked ${vectors.length} vectors from \\S+/Conformance\\b`));
    expect(output).toMatch(/ConformanceTests: checked [1-9]\d* Apple roles from \S+\/Conformance\/apple-roles\.json/);
    expect(output).toMatch(/Executed [1-9]\d* tests?, with 0 failures \(0 unexpected\)/);
    // The README's example (ReadmeExampleTests.swift) ran and printed what the README shows.
    expect(output).toMatch(/Test Case '.*ReadmeExampleTests.testTheReadmeExamplePrintsWhatTheReadmeSaysItPrints.*' passed/);
    // The hostile inputs (HostileInputTests.swift): the listed cases ran, and the timings are worth seeing.
    expect(output).toMatch(/HostileInputTests: checked [1-9]\d* listed cases/);
    const timings = output.split('\n').filter((line) => line.startsWith('HostileInputTests: time:'));
    expect(timings.length).toBeGreaterThan(0);
    console.log(timings.join('\n'));
  });

  it('element-model-validate prints and exits as element-spec validate does, on every vector and for usage errors', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, swiftMissing());
    const { output, cases, results } = await packageRun();
    expect(output).toContain(`validator-cases: ran ${cases.length} cases`);
    expect(validatorMismatches(cases, results)).toEqual([]);
  });
});
