// Each binding's validator on the worst input issue 37 names, 50 MB of '[' never closed, beside the same validator
// on a well-formed answer of the same size: wall time and, where GNU time is installed, peak resident memory, each
// validator a fresh process. "Bounded work" is the worst input costing no more than an answer that size, and a
// small multiple of its bytes in memory. Run by bench/run.mjs; `node bench/json-worst.mjs` alone prints the table.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { answerOfBytes } from './answer.mjs';

const BYTES = 50_000_000;
const CASES = ['--json brackets.json', '--json answer.json'];
const cache = process.env.ELEMENT_TOOLCHAIN_CACHE ?? '/var/cache/element-model-toolchains';

/** Runs scripts/validator-cases.sh over the cases with `command`, measuring each. */
function measured(root, cases, command, env = {}) {
  const r = spawnSync('bash', [join(root, 'scripts/validator-cases.sh'), cases, ...command], { env: { ...process.env, ...env, ELEMENT_VALIDATE_MEASURE: '1' }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr || r.stdout);
}

/** A binding's validator, by the runner its tests use: a command, or a script that builds and runs the cases. */
const BINDINGS = {
  typescript: (root, cases) => measured(root, cases, [process.execPath, join(root, 'generated/typescript/bin/element-model-validate.js')]),
  python: (root, cases) => {
    const made = spawnSync('bash', [join(root, 'scripts/python-venv.sh')], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(made.stdout + made.stderr);
    const python = join(made.stdout.trim().split('\n').at(-1), 'bin/python');
    measured(root, cases, [python, '-m', 'element_model.validate'], { PYTHONPATH: join(root, 'generated/python/src'), PYTHONDONTWRITEBYTECODE: '1' });
  },
  go: async (root, cases) => {
    const work = await mkdtemp(join(tmpdir(), 'element-worst-go-'));
    try {
      await cp(join(root, 'generated/go'), join(work, 'go'), { recursive: true });
      const env = { ...process.env, GOCACHE: join(cache, 'go-build'), GOPATH: join(cache, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
      const built = spawnSync('go', ['build', '-o', join(work, 'validate'), './cmd/element-model-validate'], { cwd: join(work, 'go'), env, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(built.stderr);
      measured(root, cases, [join(work, 'validate')]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
  ...Object.fromEntries(['rust', 'kotlin', 'swift'].map((name) => [name, (root, cases) => {
    const env = { ...process.env, ELEMENT_VALIDATE_CASES: cases, ELEMENT_VALIDATE_ONLY: '1', ELEMENT_VALIDATE_MEASURE: '1', ELEMENT_SWIFT_RELEASE: '1' };
    const r = spawnSync('bash', [join(root, `scripts/${name}-test.sh`), join(root, 'generated', name)], { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error((r.stdout + r.stderr).slice(-2000));
  }])),
};

/** The bindings measured, by their runtime/ folder's name (test/json-test-suite.test.ts holds them to runtime/). */
export const WORST_BINDINGS = () => Object.keys(BINDINGS);

/** For each binding: { brackets, answer } each { ms, kib? , code }, and the input size; or { error }. */
export async function jsonWorstCases(root) {
  const dir = await mkdtemp(join(tmpdir(), 'element-json-worst-'));
  try {
    await writeFile(join(dir, 'brackets.json'), '['.repeat(BYTES));
    await writeFile(join(dir, 'answer.json'), JSON.stringify(answerOfBytes(BYTES)));
    const out = { bytes: BYTES, bindings: {} };
    // BENCH_BINDINGS=typescript,go measures only those.
    const only = process.env.BENCH_BINDINGS?.split(',');
    for (const [name, run] of Object.entries(BINDINGS).filter(([n]) => !only || only.includes(n))) {
      const cases = join(dir, name);
      await mkdir(cases);
      for (const file of ['brackets.json', 'answer.json']) await cp(join(dir, file), join(cases, file));
      await writeFile(join(cases, 'cases'), `${CASES.join('\n')}\n`);
      try {
        await run(root, cases);
        // The number on the file's last line: GNU time writes "Command exited with non-zero status 1" above it.
        const read = (n, ext) => (existsSync(join(cases, `results/${n}.${ext}`)) ? Number(readFileSync(join(cases, `results/${n}.${ext}`), 'utf8').trim().split('\n').at(-1)) : undefined);
        const of = (n) => ({ ms: read(n, 'ms'), kib: read(n, 'kib'), code: read(n, 'code') });
        out.bindings[name] = { brackets: of(1), answer: of(2) };
      } catch (error) {
        out.bindings[name] = { error: String(error.message ?? error).slice(0, 300) };
      }
      await rm(cases, { recursive: true, force: true });
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const got = await jsonWorstCases(resolve(import.meta.dirname, '..'));
  console.log(JSON.stringify(got, null, 2));
}
