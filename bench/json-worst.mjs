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

/** A validator, by how its binding runs it (generator/emit/core/binding.ts): a command, or a script that builds and runs the cases. */
const BY_KIND = {
  'node-bin': (root, cases, b) => measured(root, cases, [process.execPath, join(root, 'generated', b.validator.bin)]),
  'python-module': (root, cases, b) => {
    const made = spawnSync('bash', [join(root, 'scripts/python-venv.sh')], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(made.stdout + made.stderr);
    const python = join(made.stdout.trim().split('\n').at(-1), 'bin/python');
    measured(root, cases, [python, '-m', b.validator.module], { PYTHONPATH: join(root, 'generated', b.validator.path), PYTHONDONTWRITEBYTECODE: '1' });
  },
  'go-build': async (root, cases, b) => {
    const work = await mkdtemp(join(tmpdir(), `element-worst-${b.name}-`));
    try {
      await cp(join(root, 'generated', b.outDir), join(work, b.outDir), { recursive: true });
      const env = { ...process.env, GOCACHE: join(cache, 'go-build'), GOPATH: join(cache, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
      const built = spawnSync('go', ['build', '-o', join(work, 'validate'), b.validator.main], { cwd: join(work, b.outDir), env, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(built.stderr);
      measured(root, cases, [join(work, 'validate')]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
  runner: (root, cases, b) => {
    const env = { ...process.env, ELEMENT_VALIDATE_CASES: cases, ELEMENT_VALIDATE_ONLY: '1', ELEMENT_VALIDATE_MEASURE: '1', ELEMENT_SWIFT_RELEASE: '1' };
    const r = spawnSync('bash', [join(root, b.runner), join(root, 'generated', b.outDir)], { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error((r.stdout + r.stderr).slice(-2000));
  },
};

/** Every binding of the target registry (built into dist/ by `npm run build`, which `npm run bench` runs first). */
const { BINDINGS } = await import('../dist/emit/targets.js');

/** The bindings measured, by their registry names (test/bindings/json-test-suite.test.ts holds them to runtime/). */
export const WORST_BINDINGS = () => BINDINGS.map((b) => b.name);

/** For each binding: { brackets, answer } each { ms, kib? , code }, and the input size; or { error }. */
export async function jsonWorstCases(root) {
  const dir = await mkdtemp(join(tmpdir(), 'element-json-worst-'));
  try {
    await writeFile(join(dir, 'brackets.json'), '['.repeat(BYTES));
    await writeFile(join(dir, 'answer.json'), JSON.stringify(answerOfBytes(BYTES)));
    const out = { bytes: BYTES, bindings: {} };
    // BENCH_BINDINGS=typescript,go measures only those.
    const only = process.env.BENCH_BINDINGS?.split(',');
    for (const b of BINDINGS.filter((x) => !only || only.includes(x.name))) {
      const name = b.name;
      const cases = join(dir, name);
      await mkdir(cases);
      for (const file of ['brackets.json', 'answer.json']) await cp(join(dir, file), join(cases, file));
      await writeFile(join(cases, 'cases'), `${CASES.join('\n')}\n`);
      try {
        await BY_KIND[b.validator.kind](root, cases, b);
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
