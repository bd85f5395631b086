import { parentPort } from 'node:worker_threads';
import { targetNamed } from './targets.js';
import type { EmitContext } from './core/target.js';
import type { Reply, Request } from './core/off-thread.js';
import './typescript/package.js';

// The worker side of off-thread.ts: importing package.js above is what loads TypeScript's compiler, first thing.
// Here no worker is started, so every target, the TypeScript one too, runs on this thread. Worker targets need
// nothing (the registry's rule), so their context has no results to give.
parentPort?.on('message', ({ id, target: name, model, context: settings }: Request) => {
  const target = targetNamed(name);
  if (!target) {
    parentPort?.postMessage({ id, error: `No target ${name}` } satisfies Reply);
    return;
  }
  const context: EmitContext = {
    ...settings,
    needed: (other) => Promise.reject(new Error(`the ${name} target runs on the worker and cannot need ${other}`)),
  };
  target
    .emit(model, context)
    .then(
      ({ files, diagnostics }): Reply => ({ id, files, diagnostics }),
      (e: unknown): Reply => ({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    )
    .then((reply) => parentPort?.postMessage(reply));
});
