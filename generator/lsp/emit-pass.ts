import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics/report.js';
import type { AssembledModel } from '../model/assemble.js';
import type { SpecFiles } from '../spec-files.js';

/**
 * What `check` reports beyond reading the spec: the targets' own findings (a target that cannot express what the
 * model says). Only a spec without errors gets this far, as in generateInMemory; emitting every target takes a
 * second or more, so the server runs it once the typing has paused, not on every keystroke.
 */
export async function emitterFindings(
  assembled: AssembledModel,
  options: { sameThread?: boolean } = {},
): Promise<Diagnostic[]> {
  if (!assembled.model || assembled.diagnostics.hasErrors) return [];
  const [{ REGENERATE_COMMAND }, { emitAll }, { startTypeScriptWorker }] = await Promise.all([
    import('../pipeline.js'),
    import('../emit/index.js'),
    import('../emit/core/off-thread.js'),
  ]);
  if (!options.sameThread) startTypeScriptWorker();
  const emitted = await emitAll(assembled.model, { regenerate: REGENERATE_COMMAND, versions: assembled.versions });
  return emitted.diagnostics;
}

const workerFile = fileURLToPath(new URL('./emit-worker.js', import.meta.url));

/**
 * The emit pass on a worker thread of its own, started on first use; where there is no built worker (tests running
 * the TypeScript sources), on this thread. The worker reads the files again, so nothing but text crosses over.
 */
export class EmitPass {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (d: Diagnostic[]) => void; reject: (e: Error) => void }>();

  run(files: SpecFiles, assembled: AssembledModel): Promise<Diagnostic[]> {
    if (!assembled.model || assembled.diagnostics.hasErrors) return Promise.resolve([]);
    if (!existsSync(workerFile)) return emitterFindings(assembled);
    const worker = this.started();
    const id = this.next++;
    worker.ref();
    worker.postMessage({ id, files });
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = null;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile);
    worker.on('message', (reply: { id: number; diagnostics: Diagnostic[] } | { id: number; error: string }) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.diagnostics);
    });
    const fail = (e: Error) => {
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(e);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The emit worker stopped (exit code ${code})`)));
    worker.unref();
    return (this.worker = worker);
  }
}
