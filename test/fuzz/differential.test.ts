import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, sdk } from '../helpers/sdk.js';
import { seedFor } from '../helpers/seeded.js';
import { GENERATED, ROOT } from '../helpers/spec.js';
import { IN_CI, TOOLCHAIN_MISSING, mavenMissing, requireTool, runScript, rustMissing, scriptToolMissing, swiftMissing } from '../helpers/toolchain.js';
import { type DifferentialInput, differentialInputs } from './differential-inputs.js';

/**
 * The differential test (issue 27): seeded mutations of the conformance vectors (./differential-inputs.ts), each
 * given to the TypeScript, Python, Swift, Kotlin, Go and Rust validators, every binding once in batch mode (`--batch`), and to
 * both JSON Schemas. Every validator must print what TypeScript's `validateText` gives (exit code and findings; a
 * `json` finding's message is each binding's own), and each schema must agree with `check` where a schema can
 * express the rule. A disagreement fails with the seed (SEED=<seed> replays it) and the shortest input that shows
 * it. DIFF_RUNS sets the count: 3000 in CI, 300 elsewhere.
 */
const lib = await sdk();
const SEED = seedFor('differential');
const COUNT = Number(process.env['DIFF_RUNS'] ?? (IN_CI ? 3000 : 300));
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: false }));
const strict = ajv.compile(await schema('strict'));
const lenient = ajv.compile(await schema('lenient'));

/** Rules a strict schema expresses (test/typescript.test.ts): R4 and R6 need the whole tree, which a schema cannot see. */
const STRICT_RULES = new Set(['structure', 'state-on-element', 'role-language', 'content-kind']);

/** What the lenient schema refuses: a value of the wrong type or a required field missing (a removed name it reads past). */
const lenientRefuses = (f: { rule: string; severity: string; message: string }) => f.rule === 'structure' && f.severity === 'error' && !/ was removed in /.test(f.message);

async function vectorAnswers(): Promise<{ name: string; input: unknown }[]> {
  const out: { name: string; input: unknown }[] = [];
  for (const dir of [join(GENERATED, 'conformance/vectors'), join(ROOT, 'test/vectors/vectors')]) {
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
      out.push({ name, input: (JSON.parse(await readFile(join(dir, name), 'utf8')) as { input: unknown }).input });
    }
  }
  return out;
}

const inputs: DifferentialInput[] = differentialInputs(await vectorAnswers(), lib.SPEC, { answer: lib.SPEC.tree.answer, node: lib.SPEC.tree.node }, SEED, COUNT);
const files = inputs.map((_, i) => `d-${String(i).padStart(5, '0')}.json`);
const wanted = inputs.map((input) => {
  const findings = lib.validateText(input.text);
  return { findings, code: lib.exitCodeOf(findings) };
});

/** A block's findings as every binding must print them: a `json` finding's message is the binding's own. */
function comparable(out: string): unknown {
  try {
    const findings = JSON.parse(out) as { rule: string; message?: string }[];
    return findings.map((f) => (f.rule === 'json' ? { ...f, message: '(the binding\'s own)' } : f));
  } catch {
    return out;
  }
}

/** Each file's block of a `--json --batch` run, by its header line. */
function blocks(out: string): Map<string, { code: number; out: string }> {
  const found = new Map<string, { code: number; out: string }>();
  const parts = out.split(/^==> (\S+) <== exit (\d+)\n/m);
  for (let i = 1; i < parts.length; i += 3) found.set(parts[i] as string, { code: Number(parts[i + 1]), out: parts[i + 2] ?? '' });
  return found;
}

/** The disagreements of one binding's batch output, shortest input first, as a failure's message shows them. */
function disagreements(binding: string, out: string): string[] {
  const got = blocks(out);
  const bad: { size: number; text: string }[] = [];
  inputs.forEach((input, i) => {
    const file = files[i] as string;
    const want = wanted[i] as (typeof wanted)[number];
    const block = got.get(file);
    const ok = block !== undefined && block.code === want.code && JSON.stringify(comparable(block.out)) === JSON.stringify(comparable(lib.findingsJson(want.findings)));
    if (!ok) bad.push({ size: input.text.length, text: `${binding}, ${file} (from ${input.name}: ${input.changes.join('; ')}):\n  input ${input.text}\n  got ${JSON.stringify(block)}\n  want ${JSON.stringify({ code: want.code, out: lib.findingsJson(want.findings) })}` });
  });
  return bad.sort((a, b) => a.size - b.size).map((b) => b.text);
}

function report(what: string, bad: string[]): string {
  return `${bad.length} of ${inputs.length} inputs disagree (${what}); replay with SEED=${SEED} DIFF_RUNS=${COUNT}. The shortest:\n${bad.slice(0, Number(process.env["DIFF_SHOW"] ?? 3)).join('\n')}`;
}

let dir = '';
const ARGS = () => `--json --batch ${files.join(' ')}`;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'element-differential-'));
  await mkdir(join(dir, 'cases'));
  await Promise.all(inputs.map((input, i) => writeFile(join(dir, 'cases', files[i] as string), input.text)));
  // One case for scripts/validator-cases.sh: every input in one batch run.
  await writeFile(join(dir, 'cases', 'cases'), `${ARGS()}\n`);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe(`differential: ${COUNT} mutated vectors (SEED=${SEED})`, () => {
  it('the inputs are many and varied: some pass, some warn, some fail, some are refused as JSON', () => {
    expect(inputs).toHaveLength(COUNT);
    const json = wanted.filter((w) => w.findings.some((f) => f.rule === 'json')).length;
    const errors = wanted.filter((w) => w.code === 1).length - json;
    const warnings = wanted.filter((w) => w.code === 0 && w.findings.length > 0).length;
    console.log(`differential: ${COUNT} inputs, ${COUNT - errors - json - warnings} without findings, ${warnings} with warnings only, ${errors} with errors, ${json} refused as JSON`);
    const codes = new Set(wanted.map((w) => w.code));
    expect(codes).toEqual(new Set([0, 1]));
    expect(wanted.some((w) => w.findings.some((f) => f.rule === 'json'))).toBe(true);
    expect(wanted.some((w) => w.code === 0 && w.findings.length > 0)).toBe(true);
  });

  it('both JSON Schemas agree with check wherever a schema can express the rule', () => {
    const bad: { size: number; text: string }[] = [];
    inputs.forEach((input, i) => {
      const { findings } = wanted[i] as (typeof wanted)[number];
      // Text every binding refuses never becomes a value a schema could see.
      if (findings.some((f) => f.rule === 'json')) return;
      const value = JSON.parse(input.text) as unknown;
      const verdicts = { strict: strict(value), lenient: lenient(value) };
      const checked = { strict: !findings.some((f) => STRICT_RULES.has(f.rule)), lenient: !findings.some(lenientRefuses) };
      if (verdicts.strict !== checked.strict || verdicts.lenient !== checked.lenient) {
        bad.push({ size: input.text.length, text: `schemas ${JSON.stringify(verdicts)}, check ${JSON.stringify(checked)}, ${files[i]} (from ${input.name}: ${input.changes.join('; ')}):\n  input ${input.text}\n  findings ${JSON.stringify(findings.map((f) => [f.rule, f.severity, f.path, f.message]))}` });
      }
    });
    expect(bad.length, report('schemas and check', bad.sort((a, b) => a.size - b.size).map((b) => b.text))).toBe(0);
  });

  it("TypeScript's element-model-validate, once with --batch, prints what validateText gives for every input", () => {
    const ran = spawnSync(process.execPath, [join(GENERATED, 'typescript/bin/element-model-validate.js'), ...ARGS().split(' ')], { cwd: join(dir, 'cases'), encoding: 'utf8', maxBuffer: 1 << 30 });
    expect(ran.status).toBe(Math.max(...wanted.map((w) => w.code)));
    const bad = disagreements('TypeScript', ran.stdout);
    expect(bad.length, report('TypeScript', bad)).toBe(0);
  });

  it("Python's validator, once with --batch, agrees", async (ctx) => {
    const made = await runScript('scripts/python-venv.sh', []);
    if (made.code === TOOLCHAIN_MISSING) requireTool(ctx, `Python is not available: ${made.output.trim()}`);
    expect(made.code, made.output).toBe(0);
    const python = join(made.output.trim().split('\n').at(-1) ?? '', 'bin/python');
    const env = { ...process.env, PYTHONPATH: join(GENERATED, 'python/src'), PYTHONDONTWRITEBYTECODE: '1' };
    const ran = spawnSync(python, ['-m', 'element_model.validate', ...ARGS().split(' ')], { cwd: join(dir, 'cases'), env, encoding: 'utf8', maxBuffer: 1 << 30 });
    const bad = disagreements('Python', ran.stdout);
    expect(bad.length, report('Python', bad)).toBe(0);
  }, 300_000);

  it("Go's validator, built once and run once with --batch, agrees", async (ctx) => {
    const cache = process.env['ELEMENT_TOOLCHAIN_CACHE'] ?? '/var/cache/element-model-toolchains';
    const env = { ...process.env, GOCACHE: join(cache, 'go-build'), GOPATH: join(cache, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const binary = join(dir, 'element-model-validate-go');
    // Built from a copy, so generated/go gains nothing.
    await cp(join(GENERATED, 'go'), join(dir, 'go'), { recursive: true });
    const built = spawnSync('go', ['build', '-o', binary, './cmd/element-model-validate'], { cwd: join(dir, 'go'), env, encoding: 'utf8' });
    if (built.error) requireTool(ctx, `Go is not available: ${built.error.message} (run: bash scripts/install-toolchains.sh go)`);
    expect(built.status, built.stderr).toBe(0);
    const ran = spawnSync(binary, ARGS().split(' '), { cwd: join(dir, 'cases'), encoding: 'utf8', maxBuffer: 1 << 30 });
    const bad = disagreements('Go', ran.stdout);
    expect(bad.length, report('Go', bad)).toBe(0);
  }, 300_000);

  for (const [binding, script, missing] of [
    ['Swift', 'scripts/swift-test.sh', swiftMissing],
    ['Kotlin', 'scripts/kotlin-test.sh', mavenMissing],
    ['Rust', 'scripts/rust-test.sh', rustMissing],
  ] as const) {
    it(`${binding}'s validator, built once and run once with --batch, agrees`, async (ctx) => {
      requireTool(ctx, missing());
      const cases = join(dir, `cases-${binding}`);
      await cp(join(dir, 'cases'), cases, { recursive: true });
      // The build only (no package tests): the content-named build cache makes it free after test/<binding>.test.ts.
      const result = await runScript(script, [join(GENERATED, binding.toLowerCase())], { ELEMENT_VALIDATE_CASES: cases, ELEMENT_VALIDATE_ONLY: '1' });
      requireTool(ctx, scriptToolMissing(result));
      expect(result.code, result.output.slice(-4000)).toBe(0);
      expect(existsSync(join(cases, 'results/1.out')), result.output.slice(-4000)).toBe(true);
      const out = await readFile(join(cases, 'results/1.out'), 'utf8');
      const bad = disagreements(binding, out);
      expect(bad.length, report(binding, bad)).toBe(0);
    }, 20 * 60_000);
  }
});
