import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED } from './spec.js';
import { BINDINGS, type NamedBinding, toolchainMissing } from './bindings.js';
import { type Skippable, TOOLCHAIN_CACHE, TOOLCHAIN_MISSING, requireTool, runScript, scriptToolMissing } from './toolchain.js';

/**
 * Every binding's `element-model-validate`, run once with `--json --batch` over a folder of case files, as the
 * differential test and the JSONTestSuite test give them their inputs. Each returns the batch's standard output
 * (one `==> FILE <== exit CODE` block a file), or skips through requireTool when its toolchain is missing.
 */
export type BatchRunner = (ctx: Skippable, casesDir: string, files: readonly string[]) => Promise<string>;

const batchArgs = (files: readonly string[]) => ['--json', '--batch', ...files];

type Validator<K> = Extract<NamedBinding['validator'], { kind: K }>;

/** The package's Node bin, run by the Node running the tests. */
const nodeBin = (validator: Validator<'node-bin'>): BatchRunner => async (_ctx, casesDir, files) => {
  const ran = spawnSync(process.execPath, [join(GENERATED, validator.bin), ...batchArgs(files)], { cwd: casesDir, encoding: 'utf8', maxBuffer: 1 << 30 });
  return ran.stdout;
};

/** A module of the package, run by the Python of scripts/python-venv.sh. */
const pythonModule = (validator: Validator<'python-module'>): BatchRunner => async (ctx, casesDir, files) => {
  const made = await runScript('scripts/python-venv.sh', []);
  if (made.code === TOOLCHAIN_MISSING) requireTool(ctx, `Python is not available: ${made.output.trim()}`);
  if (made.code !== 0) throw new Error(`scripts/python-venv.sh failed:\n${made.output}`);
  const bin = join(made.output.trim().split('\n').at(-1) ?? '', 'bin/python');
  const env = { ...process.env, PYTHONPATH: join(GENERATED, validator.path), PYTHONDONTWRITEBYTECODE: '1' };
  return spawnSync(bin, ['-m', validator.module, ...batchArgs(files)], { cwd: casesDir, env, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
};

/** Built by `go build` from a copy, so the package folder gains nothing. */
const goBuild = (validator: Validator<'go-build'>, folder: string): BatchRunner => async (ctx, casesDir, files) => {
  const env = { ...process.env, GOCACHE: join(TOOLCHAIN_CACHE, 'go-build'), GOPATH: join(TOOLCHAIN_CACHE, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
  const work = await mkdtemp(join(tmpdir(), `element-${folder}-batch-`));
  try {
    await cp(join(GENERATED, folder), join(work, folder), { recursive: true });
    const binary = join(work, 'element-model-validate');
    const built = spawnSync('go', ['build', '-o', binary, validator.main], { cwd: join(work, folder), env, encoding: 'utf8' });
    if (built.error) requireTool(ctx, `Go is not available: ${built.error.message} (run: bash scripts/install-toolchains.sh go)`);
    if (built.status !== 0) throw new Error(`go build failed:\n${built.stderr}`);
    return spawnSync(binary, batchArgs(files), { cwd: casesDir, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

/** A binding whose runner script builds its validator (in the content-named build cache) and runs the cases. */
const scripted =
  (b: NamedBinding, script: string): BatchRunner =>
  async (ctx, casesDir, files) => {
    requireTool(ctx, toolchainMissing(b));
    const cases = await mkdtemp(join(tmpdir(), `element-${b.name}-batch-`));
    try {
      await cp(casesDir, cases, { recursive: true });
      await writeFile(join(cases, 'cases'), `${batchArgs(files).join(' ')}\n`);
      // The build only (no package tests): free after the binding's own test file built the same package.
      const result = await runScript(script, [join(GENERATED, b.outDir)], { ELEMENT_VALIDATE_CASES: cases, ELEMENT_VALIDATE_ONLY: '1' });
      requireTool(ctx, scriptToolMissing(result));
      if (result.code !== 0 || !existsSync(join(cases, 'results/1.out'))) throw new Error(`${script} failed:\n${result.output.slice(-4000)}`);
      return await readFile(join(cases, 'results/1.out'), 'utf8');
    } finally {
      await rm(cases, { recursive: true, force: true });
    }
  };

function batchRunner(b: NamedBinding): BatchRunner {
  const { validator } = b;
  if (validator.kind === 'node-bin') return nodeBin(validator);
  if (validator.kind === 'python-module') return pythonModule(validator);
  if (validator.kind === 'go-build') return goBuild(validator, b.outDir);
  if (b.runner === null) throw new Error(`the ${b.title} binding's validator runs through its runner, and it has none`);
  return scripted(b, b.runner);
}

/** Every binding's batch runner, by its title, in registry order. */
export const BATCH_VALIDATORS: Readonly<Record<string, BatchRunner>> = Object.fromEntries(BINDINGS.map((b) => [b.title, batchRunner(b)]));

/** Each file's block of a `--json --batch` run, by its header line. */
export function batchBlocks(out: string): Map<string, { code: number; out: string }> {
  const found = new Map<string, { code: number; out: string }>();
  const parts = out.split(/^==> (\S+) <== exit (\d+)\n/m);
  for (let i = 1; i < parts.length; i += 3) found.set(parts[i] as string, { code: Number(parts[i + 1]), out: parts[i + 2] ?? '' });
  return found;
}
