import { parentPort } from 'node:worker_threads';
import { TARGETS } from '../index.js';
import type { Reply, Request } from './off-thread.js';
import './package.js';

// The worker side of off-thread.ts: importing package.js above is what loads TypeScript's compiler, first thing.
// Here no worker is started, so every target, the TypeScript one too, runs on this thread.
parentPort?.on('message', ({ id, target, model, context }: Request) => {
  const load = TARGETS[target];
  if (!load) {
    parentPort?.postMessage({ id, error: `No target ${target}` } satisfies Reply);
    return;
  }
  load()
    .then((emit) => emit(model, context))
    .then(
      (files): Reply => ({ id, files }),
      (e: unknown): Reply => ({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    )
    .then((reply) => parentPort?.postMessage(reply));
});
