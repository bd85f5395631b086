import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED } from './spec.js';
import { type Skippable, TOOLCHAIN_CACHE, TOOLCHAIN_MISSING, mavenMissing, requireTool, runScript, rustMissing, scriptToolMissing, swiftMissing } from './toolchain.js';

/**
 * Every binding's `element-model-validate`, run once with `--json --batch` over a folder of case files, as the
 * differential test and the JSONTestSuite test give them their inputs. Each returns the batch's standard output
 * (one `==> FILE <== exit CODE` block a file), or skips through requireTool when its toolchain is missing.
 */
export type BatchRunner = (ctx: Skippable, casesDir: string, files: readonly string[]) => Promise<string>;

const batchArgs = (files: readonly string[]) => ['--json', '--batch', ...files];

const typescript: BatchRunner = async (_ctx, casesDir, files) => {
  const ran = spawnSync(process.execPath, [join(GENERATED, 'typescript/bin/element-model-validate.js'), ...batchArgs(files)], { cwd: casesDir, encoding: 'utf8', maxBuffer: 1 << 30 });
  return ran.stdout;
};

const python: BatchRunner = async (ctx, casesDir, files) => {
  const made = await runScript('scripts/python-venv.sh', []);
  if (made.code === TOOLCHAIN_MISSING) requireTool(ctx, `Python is not available: ${made.output.trim()}`);
  if (made.code !== 0) throw new Error(`scripts/python-venv.sh failed:\n${made.output}`);
  const bin = join(made.output.trim().split('\n').at(-1) ?? '', 'bin/python');
  const env = { ...process.env, PYTHONPATH: join(GENERATED, 'python/src'), PYTHONDONTWRITEBYTECODE: '1' };
  return spawnSync(bin, ['-m', 'element_model.validate', ...batchArgs(files)], { cwd: casesDir, env, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
};

const go: BatchRunner = async (ctx, casesDir, files) => {
  const env = { ...process.env, GOCACHE: join(TOOLCHAIN_CACHE, 'go-build'), GOPATH: join(TOOLCHAIN_CACHE, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
  // Built from a copy, so generated/go gains nothing.
  const work = await mkdtemp(join(tmpdir(), 'element-go-batch-'));
  try {
    await cp(join(GENERATED, 'go'), join(work, 'go'), { recursive: true });
    const binary = join(work, 'element-model-validate');
    const built = spawnSync('go', ['build', '-o', binary, './cmd/element-model-validate'], { cwd: join(work, 'go'), env, encoding: 'utf8' });
    if (built.error) requireTool(ctx, `Go is not available: ${built.error.message} (run: bash scripts/install-toolchains.sh go)`);
    if (built.status !== 0) throw new Error(`go build failed:\n${built.stderr}`);
    return spawnSync(binary, batchArgs(files), { cwd: casesDir, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

/** A binding whose runner script builds its validator (in the content-named build cache) and runs the cases. */
const scripted =
  (script: string, folder: string, missing: () => string | null): BatchRunner =>
  async (ctx, casesDir, files) => {
    requireTool(ctx, missing());
    const cases = await mkdtemp(join(tmpdir(), `element-${folder}-batch-`));
    try {
      await cp(casesDir, cases, { recursive: true });
      await writeFile(join(cases, 'cases'), `${batchArgs(files).join(' ')}\n`);
      // The build only (no package tests): free after test/<binding>.test.ts built the same package.
      const result = await runScript(script, [join(GENERATED, folder)], { ELEMENT_VALIDATE_CASES: cases, ELEMENT_VALIDATE_ONLY: '1' });
      requireTool(ctx, scriptToolMissing(result));
      if (result.code !== 0 || !existsSync(join(cases, 'results/1.out'))) throw new Error(`${script} failed:\n${result.output.slice(-4000)}`);
      return await readFile(join(cases, 'results/1.out'), 'utf8');
    } finally {
      await rm(cases, { recursive: true, force: true });
    }
  };

/** Every binding's batch runner, by the name its tests give it. */
export const BATCH_VALIDATORS: Readonly<Record<string, BatchRunner>> = {
  TypeScript: typescript,
  Python: python,
  Go: go,
  Swift: scripted('scripts/swift-test.sh', 'swift', swiftMissing),
  Kotlin: scripted('scripts/kotlin-test.sh', 'kotlin', mavenMissing),
  Rust: scripted('scripts/rust-test.sh', 'rust', () => rustMissing()),
};

/** Each file's block of a `--json --batch` run, by its header line. */
export function batchBlocks(out: string): Map<string, { code: number; out: string }> {
  const found = new Map<string, { code: number; out: string }>();
  const parts = out.split(/^==> (\S+) <== exit (\d+)\n/m);
  for (let i = 1; i < parts.length; i += 3) found.set(parts[i] as string, { code: Number(parts[i + 1]), out: parts[i + 2] ?? '' });
  return found;
}
