import { spawn } from 'node:child_process';
import { ROOT } from './spec.js';
import { type NamedBinding, toolchainMissing } from './bindings.js';
import { type Skippable, TOOLCHAIN_CACHE, requireTool, scriptToolMissing } from './toolchain.js';

/**
 * Compiles a generated package and runs none of its tests, by its binding's `buildOnly` script (each language's
 * compiler, type checker or linter: generator/emit/<language>/binding.ts). For a test about what compiles, where
 * each binding's own tests are other files' matter. A missing toolchain skips locally and fails under CI.
 */
export async function buildOnly(b: NamedBinding, dir: string, ctx: Skippable): Promise<{ code: number; output: string }> {
  requireTool(ctx, toolchainMissing(b));
  const result = await run(b.buildOnly, dir, { ROOT, NODE: process.execPath, ELEMENT_TOOLCHAIN_CACHE: TOOLCHAIN_CACHE });
  requireTool(ctx, scriptToolMissing(result));
  return result;
}

function run(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => resolve({ code: 127, output: `bash: ${e.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
