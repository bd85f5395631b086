// What each binding's bench (bench/bindings/<language>.mjs, named by its binding's `bench`) shares: how many runs
// a program times, running a command with room for its output, and reading the times the program prints.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';

/** How many decodes and validations each program times (each binding's first is dropped as a warm-up). */
export const RUNS = 7;

/** A command's result, its output kept whole. */
export const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });

/** The times printed after `label` (`bench-decode: ` or `bench-validate: `), or null. */
export function parseTimes(output, label) {
  const line = output.split('\n').find((l) => l.includes(label));
  return line ? line.slice(line.indexOf(label) + label.length).trim().split(/\s+/).map(Number) : null;
}

/** What a run of a program printed: its decode and validate times, or an error with the end of its output. */
export function timesOf(r) {
  const output = `${r.stdout}\n${r.stderr}`;
  const times = parseTimes(output, 'bench-decode: ');
  return times ? { times, validateTimes: parseTimes(output, 'bench-validate: ') } : { error: `no timing (exit ${r.status}): ${output.slice(-400)}` };
}

/** generated/<folder> copied into the work folder, once: every build and round of a binding times the one copy. */
export async function copied(root, work, folder) {
  const to = join(work, folder);
  if (!existsSync(to)) await cp(join(root, 'generated', folder), to, { recursive: true });
  return to;
}

/** The toolchain cache the Go and Rust builds use (scripts/install-toolchains.sh). */
export const CACHE = process.env.ELEMENT_TOOLCHAIN_CACHE ?? '/var/cache/element-model-toolchains';
