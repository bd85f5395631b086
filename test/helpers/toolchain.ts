import { spawn } from 'node:child_process';
import { ROOT } from './spec.js';

export const IN_CI = process.env.CI === 'true';

export function runScript(script: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script, ...args], { cwd: ROOT, env: process.env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Exit code the runner scripts use when their toolchain is not installed. */
export const TOOLCHAIN_MISSING = 127;
