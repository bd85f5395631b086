// Times each binding's decoding, and validating, of the bench answer, as its binding's `bench` says
// (generator/emit/core/binding.ts): the module it names adds a program to a copy of the package that reads the
// answer file, decodes it and validates it several times and prints the times. Run by bench/run.mjs;
// `node bench/bindings.mjs <answer.json> [key,...]` alone prints them, and `--help` lists the keys.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How many rounds a binding timed in rounds is timed, each round beside TypeScript's parseAnswer. */
const ROUNDS = 3;

/** Every binding of the target registry (built into dist/ by `npm run build`, which `npm run bench` runs first). */
const { BINDINGS } = await import('../dist/emit/targets.js');

/** Each build a binding's bench times, as [binding, build], in registry order. */
export const BENCHED = BINDINGS.flatMap((b) => (b.bench ? b.bench.builds.map((build) => [b, build]) : []));

/**
 * Each build's times, by its key, and, when `beside` is given, TypeScript's parseAnswer timed by it just before that
 * build runs (`beside` on each result), so that each ratio's two sides are timed minutes apart at most, not the
 * whole bench. A binding timed in rounds (one that starts in seconds) comes as `rounds`, each
 * `{ times, validateTimes, beside }`: the machine's speed, which moves over a minute here, then moves both sides of
 * a round alike.
 */
export async function bindingDecodeTimes(root, answerFile, only = null, beside = null) {
  const work = await mkdtemp(join(tmpdir(), 'element-bench-bindings-'));
  const out = {};
  try {
    for (const [binding, build] of BENCHED) {
      if (only && !only.includes(build.key)) continue;
      const { times } = await import(pathToFileURL(join(root, binding.bench.module)).href);
      const timed = async () => {
        const ts = beside?.();
        const result = await times({ root, work, answerFile, binding, build });
        return 'error' in result ? result : { ...result, beside: ts };
      };
      if (!binding.bench.rounds) {
        out[build.key] = await timed();
        continue;
      }
      const rounds = [];
      for (let k = 0; k < ROUNDS && !out[build.key]; k++) {
        const result = await timed();
        if ('error' in result) out[build.key] = result;
        else rounds.push(result);
      }
      out[build.key] ??= { rounds };
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [answer, keys] = process.argv.slice(2);
  if (!answer || answer === '--help') {
    console.log(`usage: node bench/bindings.mjs <answer.json> [key,...]\nkeys: ${BENCHED.map(([, build]) => build.key).join(', ')}`);
  } else {
    console.log(JSON.stringify(await bindingDecodeTimes(resolve(import.meta.dirname, '..'), resolve(answer), keys?.split(',') ?? null), null, 2));
  }
}
