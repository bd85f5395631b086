import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Finding, type Validator, loadValidator } from '../../generator/validate-answer.js';
import { GENERATED, ROOT } from './spec.js';

/**
 * The cases a binding's validator command runs (scripts/validator-cases.sh: one line of arguments each, run from
 * the cases folder), and what TypeScript's validator (generated/typescript/dist: validateText, findingsJson,
 * formatFindings, exitCodeOf) says each must print and exit with. Every conformance vector and every hand-written
 * vector (test/vectors) is run with --json and without, from a file; one from standard input; text that is not
 * JSON or is refused; and the usage errors. Then the same vectors in one batch run (`--batch`): each file under its
 * header line, then what checking it alone prints, a file that cannot be read among them.
 */
export interface ValidatorCase {
  /** The arguments, as a shell reads them. */
  args: string;
  /** Exactly what standard output must be, or null where only the exit code is compared (a usage error). */
  out: string | null;
  code: number;
}

const VECTOR_DIRS = [
  { dir: join(GENERATED, 'conformance/vectors'), prefix: '' },
  { dir: join(ROOT, 'test/vectors/vectors'), prefix: 'hand-' },
];

/**
 * Not JSON, a key twice, a lone surrogate, a number too large for a double (the differential test found Swift alone
 * refusing it), bytes that are not UTF-8, a byte order mark, UTF-16: each is one `json` error at the root, with the
 * same message and place, in every binding (spec/README.md, "Reading JSON").
 */
const UNREADABLE_JSON: Readonly<Record<string, string | Uint8Array>> = {
  'not-json.txt': '{"protocol": ',
  'twice.json': '{"a": 1, "a": 2}',
  'surrogate.json': '{"a": "\\ud800"}',
  'huge.json': '{"size": -1e400}',
  'huge-integer.json': `[${'9'.repeat(400)}]`,
  'latin1.json': Buffer.from('{"title": "caf\u00e9"}', 'latin1'),
  'bom.json': '\ufeff{}',
  'utf16.json': Buffer.from('\ufeff{}', 'utf16le'),
};

/**
 * An answer whose root holds a chain of `depth` elements, each `d-<n>` a Group, with `focused` set at `gapAt` alone:
 * 2 x `depth` levels of JSON, past the 500 the typed decoders take, which every validator still reads to the end
 * (the gap is a finding that deep).
 */
function deepChain(depth: number, gapAt: number): string {
  let open = '';
  for (let n = 1; n <= depth; n++) open += `{"id":"d-${n}","role":"Group"${n === gapAt ? ',"focused":true' : ''},"children":[`;
  return `{"protocol":"0.2.0","instance":"deep","root":{"id":"app","role":"Application","children":[${open}${']}'.repeat(depth)}]}}`;
}

/** Deep answers, read to the end by every validator: nesting is the checker's `limit` to report, not the reader's. */
const DEEP_JSON = { 'deep-600.json': deepChain(600, 580) };

/** Where the cases come from: by default the live generated/ tree, its vectors and the hand-written ones. */
export interface ValidatorCaseSource {
  /** The generated tree whose TypeScript validator says what each case prints, and whose vectors are run. */
  generated: string;
  /** Whether the hand-written vectors (test/vectors) are run too. */
  handVectors: boolean;
  /** More answers, by file name, each run as a vector is (a revised spec's own: deprecated names in one answer). */
  extra: Readonly<Record<string, unknown>>;
  /**
   * The files run in a process of their own (a JVM or Python start each, about a quarter second): all by default; a
   * revised spec's test names its own vectors; `one-per-outcome`, for a validator with a slow start, runs the first
   * vector of each outcome (its exit code and its findings' severities) and every deep and unreadable file (the
   * reading path). Every other file is checked through the batch runs only. `batch-only`, for a revised spec's
   * vectors, runs nothing alone and leaves out the usage errors too (the command line is the live tree's to prove).
   */
  alone: RegExp | null | 'one-per-outcome' | 'batch-only';
}

/** Writes the inputs and the cases file into `dir`, and returns the cases in the file's order. */
export async function writeValidatorCases(dir: string, source: Partial<ValidatorCaseSource> = {}): Promise<ValidatorCase[]> {
  const { generated = GENERATED, handVectors = true, extra = {}, alone = null } = source;
  const outcomes = new Set<string>();
  const runsAlone = (file: string, findings: readonly Finding[] | null = null) => {
    if (alone === null) return true;
    if (alone === 'batch-only') return false;
    if (alone !== 'one-per-outcome') return alone.test(file);
    if (findings === null) return true;
    const outcome = `${validator.exitCodeOf(findings)} ${[...new Set(findings.map((f) => f.severity))].sort().join(',')}`;
    if (outcomes.has(outcome)) return false;
    outcomes.add(outcome);
    return true;
  };
  const validator = await loadValidator(generated);
  const cases: ValidatorCase[] = [];
  const batch: { file: string; findings: Finding[] }[] = [];
  await mkdir(dir, { recursive: true });
  const vectorDirs = [{ dir: join(generated, 'conformance/vectors'), prefix: '' }, ...VECTOR_DIRS.slice(1).filter(() => handVectors)];
  const extraDir = join(dir, '.extra');
  if (Object.keys(extra).length > 0) {
    await mkdir(extraDir, { recursive: true });
    for (const [name, input] of Object.entries(extra)) await writeFile(join(extraDir, name), JSON.stringify({ input }));
    vectorDirs.push({ dir: extraDir, prefix: 'extra-' });
  }
  for (const { dir: from, prefix } of vectorDirs) {
    if (!existsSync(from)) continue;
    for (const name of (await readdir(from)).filter((n) => n.endsWith('.json')).sort()) {
      const vector = JSON.parse(await readFile(join(from, name), 'utf8')) as { input: unknown };
      const file = `${prefix}${name}`;
      const text = JSON.stringify(vector.input);
      await writeFile(join(dir, file), text);
      const findings = validator.validateText(text);
      const code = validator.exitCodeOf(findings);
      batch.push({ file, findings });
      if (!runsAlone(file, findings)) continue;
      cases.push({ args: `--json ${file}`, out: validator.findingsJson(findings), code });
      cases.push({ args: file, out: validator.formatFindings(findings, file), code });
      if (cases.length === 2) {
        cases.push({ args: `--json - < ${file}`, out: validator.findingsJson(findings), code });
        cases.push({ args: `- < ${file}`, out: validator.formatFindings(findings, '<stdin>'), code });
        cases.push({ args: `-- ${file} --json`, out: null, code: 2 });
      }
    }
  }
  for (const [file, text] of Object.entries(DEEP_JSON)) {
    await writeFile(join(dir, file), text);
    const findings = validator.validateText(text);
    if (!findings.some((f) => f.rule === 'state-reachable')) throw new Error(`TypeScript's validator did not read ${file} to its end`);
    batch.push({ file, findings });
    if (!runsAlone(file)) continue;
    cases.push({ args: `--json ${file}`, out: validator.findingsJson(findings), code: validator.exitCodeOf(findings) });
  }
  for (const [file, contents] of Object.entries(UNREADABLE_JSON)) {
    const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
    await writeFile(join(dir, file), bytes);
    const findings = validator.validateBytes(bytes);
    if (findings.length !== 1 || findings[0]?.rule !== 'json') throw new Error(`TypeScript's validator does not read ${file} as one json finding`);
    batch.push({ file, findings });
    if (!runsAlone(file)) continue;
    cases.push({ args: `--json ${file}`, out: validator.findingsJson(findings), code: 1 });
    cases.push({ args: file, out: validator.formatFindings(findings, file), code: 1 });
  }
  // Every file in one batch, as JSON and as text: the files that did not run alone are checked here.
  cases.push(batchCase(validator, batch, true), batchCase(validator, batch, false));
  if (alone !== 'batch-only') {
    cases.push({ args: '--batch', out: '', code: 2 });
    cases.push({ args: '', out: '', code: 2 });
    cases.push({ args: 'missing.json', out: '', code: 2 });
    cases.push({ args: '--bogus not-json.txt', out: '', code: 2 });
    cases.push({ args: 'not-json.txt twice.json', out: '', code: 2 });
  }
  await writeFile(join(dir, 'cases'), `${cases.map((c) => c.args).join('\n')}\n`);
  return cases;
}

/**
 * One `--batch` run over `files` and a file that is not there: each file's header line (its name and the code it
 * alone exits with) and what checking it alone prints; the run exits with the highest code, 2 for the missing file.
 */
export function batchCase(validator: Validator, files: readonly { file: string; findings: Finding[] }[], asJson: boolean): ValidatorCase {
  const blocks = files.map(({ file, findings }) => {
    const out = asJson ? validator.findingsJson(findings) : validator.formatFindings(findings, file);
    return `==> ${file} <== exit ${validator.exitCodeOf(findings)}\n${out}`;
  });
  const names = files.map((f) => f.file).join(' ');
  return { args: `${asJson ? '--json ' : ''}--batch ${names} missing.json`, out: `${blocks.join('')}==> missing.json <== exit 2\n`, code: 2 };
}

/** What each case printed and exited with, read from `dir/results` (scripts/validator-cases.sh). */
export async function readValidatorResults(dir: string, cases: readonly ValidatorCase[]): Promise<{ out: string; code: number }[]> {
  return Promise.all(
    cases.map(async (_, i) => ({
      out: await readFile(join(dir, 'results', `${i + 1}.out`), 'utf8'),
      code: Number((await readFile(join(dir, 'results', `${i + 1}.code`), 'utf8')).trim()),
    })),
  );
}

/** Each case's result beside what it should be; the mismatches, as `[args, got, wanted]`, so a test lists them all. */
export function validatorMismatches(cases: readonly ValidatorCase[], results: readonly { out: string; code: number }[]): unknown[] {
  const mismatches: unknown[] = [];
  cases.forEach((c, i) => {
    const got = results[i];
    if (!got) return void mismatches.push([c.args, 'no result']);
    if (got.code !== c.code) return void mismatches.push([c.args, { code: got.code, out: got.out }, { code: c.code, out: c.out }]);
    if (c.out !== null && got.out !== c.out) mismatches.push([c.args, got.out, c.out]);
  });
  return mismatches;
}
