import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CanonicalModel } from '../../model/types.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import type { EmitSettings, GeneratedFile, TargetResult } from './target.js';

/**
 * Targets on a worker thread. Loading ts-morph (TypeScript's whole compiler) is the largest single cost of
 * `generate`; started first, the worker loads it while the main thread reads the spec. It then emits the
 * TypeScript target, and after it the other worker targets of the registry (emit/targets.ts), while the main thread runs the rest. One
 * worker per process, reused by watch mode; it never keeps the process alive.
 */
export type Request = { id: number; target: string; model: CanonicalModel; context: EmitSettings };
export type Reply = { id: number; files: GeneratedFile[]; diagnostics: Diagnostic[] } | { id: number; error: string };

let worker: Worker | null = null;
let next = 0;
const pending = new Map<number, { resolve: (result: TargetResult<unknown>) => void; reject: (e: Error) => void }>();

const workerFile = fileURLToPath(new URL('../worker.js', import.meta.url));

/**
 * Starts the worker, once. Does nothing where there is no built worker (tests running the TypeScript sources) or
 * when ELEMENT_SPEC_WORKER=off, which keeps all the work on the main thread.
 */
export function startTypeScriptWorker(): void {
  if (worker || process.env.ELEMENT_SPEC_WORKER === 'off' || !existsSync(workerFile)) return;
  worker = new Worker(workerFile);
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker?.unref();
    if ('error' in reply) waiting?.reject(new Error(reply.error));
    else waiting?.resolve({ files: reply.files, diagnostics: reply.diagnostics });
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => fail(new Error(`The TypeScript worker stopped (exit code ${code})`)));
  // Only a request waiting for its reply keeps the process alive (a listener added above would too, so this is last).
  worker.unref();
}

function fail(e: Error): void {
  worker = null;
  for (const waiting of pending.values()) waiting.reject(e);
  pending.clear();
}

/** The result of one target, emitted by the worker (in the order asked), or null when no worker is running. */
export function emitOffThread(
  target: string,
  model: CanonicalModel,
  context: EmitSettings,
): Promise<TargetResult<unknown>> | null {
  const running = worker;
  if (!running) return null;
  const id = next++;
  const reply = new Promise<TargetResult<unknown>>((resolve, reject) => pending.set(id, { resolve, reject }));
  running.ref();
  running.postMessage({ id, target, model, context } satisfies Request);
  return reply;
}
