import { join } from 'node:path';
import { BINDINGS, type NamedBinding } from '../../generator/emit/targets.js';
import type { Binding } from '../../generator/emit/core/binding.js';
import * as toolchains from './toolchain.js';
import { type Skippable, requireTool, runScript, scriptToolMissing } from './toolchain.js';

/**
 * The registry's bindings (generator/emit/core/binding.ts) as the tests use them: every per-language table of a
 * test is one of these filtered by what the test needs, so a language joins every such test by its registry entry.
 */
export { BINDINGS, type NamedBinding };

/** A binding a runner script builds and tests, with its suites: every language but the one vitest tests itself. */
export type CompiledBinding = NamedBinding & {
  readonly toolchain: string;
  readonly runner: string;
  readonly conformance: NonNullable<Binding['conformance']>;
  readonly suites: NonNullable<Binding['suites']>;
};

const compiled = (b: NamedBinding): b is CompiledBinding => b.toolchain !== null && b.runner !== null && b.conformance !== null && b.suites !== null;

/** Every compiled binding, in registry order. */
export const COMPILED: readonly CompiledBinding[] = BINDINGS.filter(compiled);

/** Why a binding's toolchain is missing here (test/helpers/toolchain.ts's `<component>Missing`), or null. */
export function toolchainMissing(b: NamedBinding): string | null {
  if (b.toolchain === null) return null;
  const check = (toolchains as unknown as Record<string, unknown>)[`${b.toolchain}Missing`];
  if (typeof check !== 'function') throw new Error(`test/helpers/toolchain.ts has no ${b.toolchain}Missing for the ${b.title} binding`);
  return (check as () => string | null)();
}

/**
 * Runs a binding's runner script on a package folder (and a folder of vectors in place of its own), with a filter
 * (empty: every test) and more environment; skips through requireTool when the toolchain is missing.
 */
export async function runBinding(ctx: Skippable, b: CompiledBinding, pkg: string, vectors: string | null, filter: string, env: Record<string, string> = {}) {
  const result = await runScript(b.runner, vectors === null ? [pkg] : [pkg, vectors], { ...(filter ? { ELEMENT_TEST_FILTER: filter } : {}), ...env });
  requireTool(ctx, scriptToolMissing(result));
  return result;
}

/** How many vectors a run of the binding's counted conformance filter checked, as its output says. */
export function vectorsCounted(b: CompiledBinding, output: string): number {
  const { pattern, each, extra } = b.conformance.counted;
  const count = each ? (output.match(new RegExp(pattern, 'g')) ?? []).length : Number(new RegExp(pattern).exec(output)?.[1]);
  return count - extra;
}

/** Whether the runner script runs the validator's cases (ELEMENT_VALIDATE_CASES); otherwise a Python venv runs its module. */
export const runnerRunsCases = (b: NamedBinding): boolean => b.validator.kind === 'runner' || b.validator.kind === 'go-build';

/** The Python of scripts/python-venv.sh's venv (the package's pinned test tools), made once and cached. */
export async function pythonVenv(ctx: Skippable): Promise<string> {
  const venv = await runScript('scripts/python-venv.sh', []);
  requireTool(ctx, scriptToolMissing(venv));
  if (venv.code !== 0) throw new Error(`scripts/python-venv.sh failed:\n${venv.output}`);
  return join(venv.output.trim().split('\n').at(-1) ?? '', 'bin/python');
}

/**
 * A binding's validator over a folder of cases (scripts/validator-cases.sh), built from `generated` (a folder like
 * generated/): by its runner, with its tests unless `only`, or as a module in the Python venv.
 */
export async function runValidatorCases(ctx: Skippable, b: CompiledBinding, generated: string, casesDir: string, only: boolean) {
  const { validator } = b;
  if (validator.kind === 'python-module') {
    const python = await pythonVenv(ctx);
    return runScript('scripts/validator-cases.sh', [casesDir, python, '-m', validator.module], { PYTHONPATH: join(generated, validator.path), PYTHONDONTWRITEBYTECODE: '1' });
  }
  const env = { ELEMENT_VALIDATE_CASES: casesDir, ...(only ? { ELEMENT_VALIDATE_ONLY: '1' } : {}) };
  return runBinding(ctx, b, join(generated, b.outDir), join(generated, 'conformance'), '', env);
}

/** Bindings as `it.for` rows, [title, binding], so a test's name reads `the Swift binding ...` through `%s`. */
export const titled = <B extends NamedBinding>(list: readonly B[]): (readonly [string, B])[] => list.map((b) => [b.title, b] as const);
