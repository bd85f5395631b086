import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_VALIDATORS, batchBlocks } from '../helpers/batch-validators.js';
import { schema, sdk } from '../helpers/sdk.js';
import { seedFor } from '../helpers/seeded.js';
import { GENERATED, ROOT } from '../helpers/spec.js';
import { IN_CI } from '../helpers/toolchain.js';
import { type DifferentialInput, differentialInputs } from './differential-inputs.js';

/**
 * The differential test (issues 27 and 37): seeded mutations of the conformance vectors (./differential-inputs.ts),
 * of their structure and of their bytes and tokens (./grammar-mutations.ts), each given to every binding's
 * validator, every binding once in batch mode (`--batch`), and to both JSON Schemas. Every validator must print
 * exactly what TypeScript's `validateBytes` gives (exit code and findings, a `json` finding's message and place
 * among them); TypeScript's json findings must be the reference reading's (test/helpers/json_reference.py, written
 * from spec/README.md apart from every binding); each schema must agree with `check` where a schema can express the
 * rule. A disagreement fails with the seed (SEED=<seed> replays it) and the shortest input that shows it, and the
 * disagreeing inputs are written to test-output/differential/ to keep as fixtures. DIFF_RUNS sets the count: 3000
 * in CI, 300 elsewhere.
 */
const lib = await sdk();
const SEED = seedFor('differential');
const COUNT = Number(process.env['DIFF_RUNS'] ?? (IN_CI ? 3000 : 300));
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: false }));
const strict = ajv.compile(await schema('strict'));
const lenient = ajv.compile(await schema('lenient'));

/** Rules a strict schema expresses (test/bindings/typescript/typescript.test.ts): R4 and R6 need the whole tree, which a schema cannot see. */
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

/** The inputs kept from earlier disagreements and from what issue 37 saw (test/fixtures/differential/README.md), replayed on every run. */
async function keptInputs(): Promise<DifferentialInput[]> {
  const folder = join(ROOT, 'test/fixtures/differential');
  const names = (await readdir(folder)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => ({ name: `kept ${name}`, changes: ['kept as a fixture'], bytes: new Uint8Array(await readFile(join(folder, name))) })));
}

const kept = await keptInputs();
const inputs: DifferentialInput[] = [...kept, ...differentialInputs(await vectorAnswers(), lib.SPEC, { answer: lib.SPEC.tree.answer, node: lib.SPEC.tree.node }, SEED, COUNT)];
const files = inputs.map((input, i) => (i < kept.length ? `kept-${input.name.slice('kept '.length)}` : `d-${String(i - kept.length).padStart(5, '0')}.json`));
const wanted = inputs.map((input) => {
  const findings = lib.validateBytes(input.bytes);
  return { findings, code: lib.exitCodeOf(findings) };
});

/** An input as a failure's message shows it: its text (bytes that are not UTF-8 as U+FFFD), cut at 400 characters. */
const shown = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('utf8');
  return text.length > 400 ? `${text.slice(0, 400)}... (${bytes.length} bytes)` : text;
};

/** The disagreements of one binding's batch output, shortest input first, as a failure's message shows them. */
function disagreements(binding: string, out: string): string[] {
  const got = batchBlocks(out);
  const bad: { size: number; file: string; text: string }[] = [];
  inputs.forEach((input, i) => {
    const file = files[i] as string;
    const want = wanted[i] as (typeof wanted)[number];
    const block = got.get(file);
    const ok = block !== undefined && block.code === want.code && block.out === lib.findingsJson(want.findings);
    if (!ok) bad.push({ size: input.bytes.length, file, text: `${binding}, ${file} (from ${input.name}: ${input.changes.join('; ')}):\n  input ${shown(input.bytes)}\n  got ${JSON.stringify(block)}\n  want ${JSON.stringify({ code: want.code, out: lib.findingsJson(want.findings) })}` });
  });
  return bad.sort((a, b) => a.size - b.size).map((b) => b.text);
}

/** Keeps the disagreeing inputs in test-output/differential/<binding>/, each under its case file's name, to make fixtures of. */
async function keep(binding: string, bad: readonly string[]): Promise<void> {
  const out = join(ROOT, 'test-output/differential', binding.toLowerCase());
  await mkdir(out, { recursive: true });
  for (const line of bad) {
    const file = /^[^,]+, (d-\d+\.json)/.exec(line)?.[1];
    const at = file === undefined ? -1 : files.indexOf(file);
    if (at >= 0) await writeFile(join(out, file as string), (inputs[at] as DifferentialInput).bytes);
  }
}

function report(what: string, bad: string[]): string {
  return `${bad.length} of ${inputs.length} inputs disagree (${what}); replay with SEED=${SEED} DIFF_RUNS=${COUNT}. The shortest:\n${bad.slice(0, Number(process.env["DIFF_SHOW"] ?? 3)).join('\n')}`;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'element-differential-'));
  await mkdir(join(dir, 'cases'));
  // In slices: tens of thousands of files opened at once (DIFF_RUNS=30000) run out of file handles.
  for (let at = 0; at < inputs.length; at += 256) {
    await Promise.all(inputs.slice(at, at + 256).map((input, i) => writeFile(join(dir, 'cases', files[at + i] as string), input.bytes)));
  }
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe(`differential: ${kept.length} kept inputs and ${COUNT} mutated vectors (SEED=${SEED})`, () => {
  it('the inputs are many and varied: some pass, some warn, some fail, some are refused as JSON', () => {
    expect(inputs).toHaveLength(COUNT + kept.length);
    expect(kept.length).toBeGreaterThanOrEqual(10);
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
      const value = JSON.parse(Buffer.from(input.bytes).toString('utf8')) as unknown;
      const verdicts = { strict: strict(value), lenient: lenient(value) };
      const checked = { strict: !findings.some((f) => STRICT_RULES.has(f.rule)), lenient: !findings.some(lenientRefuses) };
      if (verdicts.strict !== checked.strict || verdicts.lenient !== checked.lenient) {
        bad.push({ size: input.bytes.length, text: `schemas ${JSON.stringify(verdicts)}, check ${JSON.stringify(checked)}, ${files[i]} (from ${input.name}: ${input.changes.join('; ')}):\n  input ${shown(input.bytes)}\n  findings ${JSON.stringify(findings.map((f) => [f.rule, f.severity, f.path, f.message]))}` });
      }
    });
    expect(bad.length, report('schemas and check', bad.sort((a, b) => a.size - b.size).map((b) => b.text))).toBe(0);
  });

  it("TypeScript's json findings are the reference reading's: the same finding, line, column and character", () => {
    const ran = spawnSync('python3', [join(ROOT, 'test/helpers/json_reference.py'), ...files], { cwd: join(dir, 'cases'), encoding: 'utf8', maxBuffer: 1 << 30 });
    expect(ran.status, ran.stderr).toBe(0);
    const reference = new Map(ran.stdout.trim().split('\n').map((line) => {
      const { file, finding } = JSON.parse(line) as { file: string; finding: { id: string; line: number; column: number; found?: string } | null };
      return [file, finding];
    }));
    const bad: string[] = [];
    let refused = 0;
    inputs.forEach((input, i) => {
      const want = reference.get(files[i] as string);
      if (want) refused++;
      const json = (wanted[i] as (typeof wanted)[number]).findings.filter((f) => f.rule === 'json').map((f) => f.message);
      const message = want ? lib.findingMessage(want.id as never, { line: String(want.line), column: String(want.column), found: want.found ?? '' }) : undefined;
      if (JSON.stringify(json) !== JSON.stringify(message === undefined ? [] : [message])) bad.push(`${files[i]} (${input.changes.join('; ')}): reference ${JSON.stringify(want)}, TypeScript ${JSON.stringify(json)}\n  input ${shown(input.bytes)}`);
    });
    expect(bad.length, report('TypeScript and the reference reading', bad)).toBe(0);
    // The grammar mutations must reach the reader: a good share of the inputs is refused as JSON.
    expect(refused).toBeGreaterThan(COUNT * 0.2);
  }, 300_000);

  for (const [binding, run] of Object.entries(BATCH_VALIDATORS)) {
    it(`${binding}'s validator, once with --batch, prints what validateBytes gives for every input`, async (ctx) => {
      const out = await run(ctx, join(dir, 'cases'), files);
      const bad = disagreements(binding, out);
      if (bad.length > 0) await keep(binding, bad);
      expect(bad.length, report(binding, bad)).toBe(0);
    }, 20 * 60_000);
  }
});
