import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8 to its interpreter and baseline compiler for the rest of the process. A one-shot command runs most of
 * its code once: on two cores, the optimizing compiler's threads spent more CPU (about 350 ms per generate) than
 * the optimized code gave back, up to a spec between 10 and 100 times the real one. Watch mode, which runs the
 * same code on every save, keeps the optimizing compiler. A --max-opt given to Node itself wins.
 */
export function limitTiering(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((a) => a.startsWith('--max-opt'))) return;
  setFlagsFromString('--max-opt=1');
}
