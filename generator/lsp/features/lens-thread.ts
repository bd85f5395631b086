import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SpecFiles } from '../../spec-files.js';
import { countChangedFiles } from './lens-count.js';

const workerFile = fileURLToPath(new URL('./lens-worker.js', import.meta.url));
let worker: Worker | null = null;
let next = 0;
const pending = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();

/** Whether counts run on a worker thread: where the worker is built (dist/), unless ELEMENT_SPEC_WORKER=off. */
export const countsOffThread = (): boolean => process.env.ELEMENT_SPEC_WORKER !== 'off' && existsSync(workerFile);

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(workerFile);
  w.on('message', (reply: { id: number; count: number } | { id: number; error: string }) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if ('error' in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.count);
  });
  const fail = (e: Error) => {
    worker = null;
    for (const waiting of pending.values()) waiting.reject(e);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`The lens worker stopped (exit code ${code})`)));
  // Only a count being waited for keeps the process alive.
  w.unref();
  return (worker = w);
}

/** countChangedFiles on the lens worker (started on first use), or on this thread where there is none. */
export function countChangedOffThread(files: SpecFiles, specPath: string): Promise<number> {
  if (!countsOffThread()) return countChangedFiles(files, specPath);
  const w = started();
  const id = next++;
  w.ref();
  w.postMessage({ id, files, specPath });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
