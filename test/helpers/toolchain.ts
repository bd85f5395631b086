import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './spec.js';

/** Whether a CI variable is set on: any value but none, '', '0', 'false', 'no' or 'off' (CI=1 and CI=yes count). */
export function ciIsOn(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

export const IN_CI = ciIsOn(process.env.CI);

/** The part of a test context that can skip the test (vitest's `ctx.skip(note)` throws, so nothing after it runs). */
export interface Skippable {
  skip(note?: string): never;
}

/**
 * The one rule for a test that needs something this machine may lack: given why it is missing (or null when it is
 * there), the test is skipped with that reason locally, and fails under CI, where everything must be installed. A
 * test never passes by returning early.
 */
export function requireTool(ctx: Skippable, missing: string | null): void {
  if (missing !== null) refuse(ctx, missing);
}

/** `requireTool` for something set up by the test (a mount, say) that is either there or null: returns it. */
export function requireResource<T>(ctx: Skippable, value: T | null, missing: string): T {
  return value !== null ? value : refuse(ctx, missing);
}

function refuse(ctx: Skippable, missing: string): never {
  if (IN_CI) throw new Error(`CI needs this: ${missing}`);
  return ctx.skip(missing);
}

/** Where scripts/install-toolchains.sh keeps what it installs and the test scripts keep their builds. */
export const TOOLCHAIN_CACHE = process.env['ELEMENT_TOOLCHAIN_CACHE'] ?? '/var/cache/element-model-toolchains';
export const SWIFT_TOOLCHAIN = join(TOOLCHAIN_CACHE, 'swift-trixie');

/** Why the Swift builds cannot run here (they chroot into the Debian 13 toolchain), or null. */
export function swiftMissing(): string | null {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'the Swift builds chroot into the toolchain, which needs root';
  // usr/bin/swift is an absolute symlink that resolves only inside the chroot, so look at the link itself.
  const swift = join(SWIFT_TOOLCHAIN, 'usr/bin/swift');
  const linked = existsSync(swift) || (() => { try { return lstatSync(swift).isSymbolicLink(); } catch { return false; } })();
  if (!existsSync(join(SWIFT_TOOLCHAIN, '.complete')) || !linked) {
    return `no Swift toolchain in ${SWIFT_TOOLCHAIN} (run: sudo bash scripts/install-toolchains.sh swift)`;
  }
  return null;
}

/** Why the Kotlin builds cannot run here (Maven fetches the compiler itself, but needs mvn and a JDK), or null. */
export function mavenMissing(): string | null {
  for (const [tool, args] of [['mvn', ['-v']], ['java', ['-version']]] as const) {
    const ran = spawnSync(tool, [...args], { stdio: 'ignore' });
    if (ran.error || ran.status !== 0) return `${tool} is not available (run: sudo bash scripts/install-toolchains.sh maven)`;
  }
  return null;
}

/** Why the Go builds cannot run here (the go command on PATH), or null. */
export function goMissing(): string | null {
  const ran = spawnSync('go', ['version'], { stdio: 'ignore' });
  return ran.error || ran.status !== 0 ? 'go is not on PATH (run: sudo bash scripts/install-toolchains.sh go)' : null;
}

/** Why the Python package's tests cannot run here (python3 3.10 or later with venv, as scripts/python-venv.sh needs), or null. */
export function pythonMissing(): string | null {
  const ran = spawnSync('python3', ['-c', 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))'], { stdio: 'ignore' });
  return ran.error || ran.status !== 0 ? 'no python3 3.10 or later with venv (run: sudo bash scripts/install-toolchains.sh python)' : null;
}

/** Why the Rust builds cannot run here (scripts/rust-env.sh finds cargo 1.85, or `minimum`, or later), or null. */
export function rustMissing(minimum?: string): string | null {
  const ran = spawnSync('bash', [join(ROOT, 'scripts/rust-env.sh'), ...(minimum ? [minimum] : [])], { encoding: 'utf8' });
  return ran.status === 0 ? null : `${ran.stderr.trim() || 'no cargo'} (run: bash scripts/install-toolchains.sh rust)`;
}

/** actionlint where scripts/install-toolchains.sh actionlint puts it (pinned; test/release/workflow.test.ts). */
export const ACTIONLINT = join(TOOLCHAIN_CACHE, 'go-tools/actionlint-v1.7.12/actionlint');

/** Why the workflow cannot be linted here, or null. */
export function actionlintMissing(): string | null {
  return existsSync(ACTIONLINT) ? null : `no actionlint at ${ACTIONLINT} (run: bash scripts/install-toolchains.sh actionlint)`;
}

export const CHROMIUM = process.env['ELEMENT_CHROMIUM'] ?? '/usr/bin/chromium';

/** Why the site's browser tests cannot run here, or null. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (run: sudo bash scripts/install-toolchains.sh chromium)`;
}

/** Exit code the runner scripts (scripts/swift-test.sh, scripts/kotlin-test.sh) use when their toolchain is missing. */
export const TOOLCHAIN_MISSING = 127;

export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Why a runner script could not run, read from its exit code and what it printed, or null when it ran. */
export function scriptToolMissing(result: { code: number; output: string }): string | null {
  return result.code === TOOLCHAIN_MISSING ? `toolchain missing: ${result.output.trim()}` : null;
}
