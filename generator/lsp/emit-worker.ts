import { parentPort } from 'node:worker_threads';
import type { SpecFiles } from '../spec-files.js';
import { assembleModel } from '../model/assemble.js';
import { emitterFindings } from './emit-pass.js';

// The emit pass off the server's thread (lsp/emit-pass.ts): emitting every target takes a second or more, and on
// the server's own thread it would hold up the diagnostics of the next keystroke. Every target runs here.
parentPort?.on('message', ({ id, files }: { id: number; files: SpecFiles }) => {
  assembleModel(files)
    .then((assembled) => emitterFindings(assembled, { sameThread: true }))
    .then(
      (diagnostics) => parentPort?.postMessage({ id, diagnostics }),
      (e: unknown) => parentPort?.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
});
