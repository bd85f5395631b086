import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './spec.js';
import {
  type Skippable,
  TOOLCHAIN_CACHE,
  goMissing,
  mavenMissing,
  requireTool,
  runScript,
  rustMissing,
  scriptToolMissing,
  swiftMissing,
} from './toolchain.js';

/**
 * Compiles a generated package and runs none of its tests: TypeScript under tsc --strict, Go with go vet, Rust with
 * cargo check (in the target folder the Rust scripts share), Python imported and held to mypy --strict, Kotlin with
 * mvn compile (in a build slot, as scripts/kotlin-test.sh), Swift with swift build in the chroot (scripts/swift-test.sh). For a test about what compiles, where
 * each binding's own tests are other files' matter. A missing toolchain skips locally and fails under CI.
 */
export async function buildOnly(language: string, dir: string, ctx: Skippable): Promise<{ code: number; output: string }> {
  switch (language) {
    case 'typescript':
      return run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--noEmit']);
    case 'go': {
      requireTool(ctx, goMissing());
      const env = { GOCACHE: join(TOOLCHAIN_CACHE, 'go-build'), GOPATH: join(TOOLCHAIN_CACHE, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
      return run('go', ['vet', './...'], dir, env);
    }
    case 'rust': {
      requireTool(ctx, rustMissing());
      // The scripts' environment and their lock on the shared target folder (scripts/rust-test.sh).
      const script = `eval "$(bash '${ROOT}/scripts/rust-env.sh')"; mkdir -p "$CARGO_TARGET_DIR"; exec 9>"$CARGO_TARGET_DIR.lock"; flock 9; cargo check --locked -q --lib --bins 2>&1`;
      return run('bash', ['-c', script], dir);
    }
    case 'python':
      return python(dir, ctx);
    case 'kotlin': {
      requireTool(ctx, mavenMissing());
      // In a content-named slot of the cache, as scripts/kotlin-test.sh builds (scripts/lib/build-slot.sh): the same
      // module again is not compiled again.
      const script = `. '${ROOT}/scripts/lib/build-slot.sh'; builds='${join(TOOLCHAIN_CACHE, 'kotlin-builds')}'
        claim_slot "$builds" "$(content_key . compile target)" . kotlin target; cd "$SLOT/kotlin"
        bash '${ROOT}/scripts/lib/mvn-kotlin.sh' -B -ntp -q compile 2>&1 || exit 1; prune_slots "$builds"`;
      return run('bash', ['-c', script], dir);
    }
    case 'swift': {
      requireTool(ctx, swiftMissing());
      const result = await runScript(join(ROOT, 'scripts/swift-test.sh'), [dir], { ELEMENT_SWIFT_COMMAND: 'swift build -Xswiftc -warnings-as-errors' });
      requireTool(ctx, scriptToolMissing(result));
      return result;
    }
    default:
      throw new Error(`No build for ${language}`);
  }
}

/** The package installed into a folder of its own, imported, and checked by mypy --strict (the venv scripts/python-venv.sh makes). */
async function python(dir: string, ctx: Skippable): Promise<{ code: number; output: string }> {
  const venv = await run('bash', [join(ROOT, 'scripts/python-venv.sh'), join(dir, 'requirements-test.txt')]);
  requireTool(ctx, scriptToolMissing(venv));
  if (venv.code !== 0) return venv;
  const py = join(venv.output.trim().split('\n').pop() as string, 'bin/python');
  const work = await mkdtemp(join(tmpdir(), 'element-names-python-'));
  try {
    const site = join(work, 'site');
    const install = await run(py, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '--no-deps', '--no-build-isolation', '--target', site, dir]);
    if (install.code !== 0) return install;
    const env = { PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: '1' };
    const imported = await run(py, ['-c', 'import element_model'], work, env);
    if (imported.code !== 0) return imported;
    return await run(py, ['-m', 'mypy', '--strict', '--cache-dir', join(work, 'mypy-cache'), 'src'], dir, env);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd = ROOT, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => resolve({ code: 127, output: `${command}: ${e.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
