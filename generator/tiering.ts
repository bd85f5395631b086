import { setFlagsFromString } from 'node:v8';
import { DEFAULT_DIRS, specBytes } from './spec-files.js';

/**
 * From this much spec Markdown on, a run lasts long enough for V8's optimizing compiler to pay back. Measured on
 * two cores with synthetic specs: without it, generate was faster up to 255 KB (2.01 against 2.17 s), even at
 * 403 KB (2.99 against 3.07 s), and slower at 774 KB (6.9 against 5.4 s). The real spec is 44 KB.
 */
export const OPTIMIZE_FROM_BYTES = 400_000;

/** The spec folder a command's arguments name: its --spec, or the default. */
export function specDirOf(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--spec' && args[i + 1] !== undefined) return args[i + 1] as string;
    if (arg.startsWith('--spec=')) return arg.slice('--spec='.length);
  }
  return DEFAULT_DIRS.spec;
}

/**
 * Keeps V8 to its interpreter and baseline compiler for the rest of a one-shot command on a spec below
 * OPTIMIZE_FROM_BYTES. Such a run executes most of its code once: on two cores the optimizing compiler's threads
 * spent more CPU (about 350 ms per generate of the real spec) than the optimized code gave back. Watch mode, which
 * runs the same code on every save, keeps the optimizing compiler. A --max-opt given to Node itself wins.
 */
export function tierFor(specDir: string): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((a) => a.startsWith('--max-opt'))) return;
  if (!optimizes(specDir)) setFlagsFromString('--max-opt=1');
}

/** Whether a one-shot command on this spec folder keeps the optimizing compiler. */
export function optimizes(specDir: string): boolean {
  return specBytes(specDir) >= OPTIMIZE_FROM_BYTES;
}
