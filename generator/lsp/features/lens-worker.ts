import { parentPort } from 'node:worker_threads';
import type { SpecFiles } from '../../spec-files.js';
import { countChangedFiles } from './lens-count.js';

// The lens's count off the server's thread (features/lens.ts): emitting every target twice takes seconds, and on the
// server's own thread it would hold up the diagnostics of the next keystroke.
parentPort?.on('message', ({ id, files, specPath }: { id: number; files: SpecFiles; specPath: string }) => {
  countChangedFiles(files, specPath).then(
    (count) => parentPort?.postMessage({ id, count }),
    (e: unknown) => parentPort?.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
