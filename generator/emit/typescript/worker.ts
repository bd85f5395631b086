import { parentPort } from 'node:worker_threads';
import type { Reply, Request } from './off-thread.js';
import { emitPackage } from './package.js';

// The worker side of off-thread.ts: importing package.js above is what loads TypeScript's compiler.
parentPort?.on('message', ({ id, model, context }: Request) => {
  let reply: Reply;
  try {
    reply = { id, files: emitPackage(model, context) };
  } catch (e) {
    reply = { id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(reply);
});
