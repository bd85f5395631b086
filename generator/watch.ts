import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from './emit/core/target.js';
import { generateInMemory, printableDiagnostics } from './pipeline.js';
import { writeTree } from './write/tree.js';

/**
 * Writes only the files whose contents changed since the last run, each through a temporary file and a rename,
 * and removes the ones no longer generated: after one edit to an RFC, only what it affects is touched.
 */
export async function writeChanged(
  outDir: string,
  files: readonly GeneratedFile[],
  previous: Map<string, string>,
): Promise<number> {
  let written = 0;
  const next = new Map(files.map((f) => [f.path, f.contents]));
  for (const file of files) {
    if (previous.get(file.path) === file.contents) continue;
    const target = join(outDir, file.path);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.tmp-${process.pid}`;
    await writeFile(temp, file.contents);
    await rename(temp, target);
    written++;
  }
  for (const path of previous.keys()) if (!next.has(path)) await rm(join(outDir, path), { force: true });
  previous.clear();
  for (const [k, v] of next) previous.set(k, v);
  return written;
}

export interface WatchIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Regenerates on every save under the spec folder and prints what happened; returns a function that stops it. */
export async function watch(specDir: string, outDir: string, io: WatchIo): Promise<() => Promise<void>> {
  const { watch: chokidarWatch } = await import('chokidar');
  // What generated/ holds, as far as this run knows; empty until a run has written the whole tree.
  const previous = new Map<string, string>();

  /** One run. Never throws: an internal error is printed and watching goes on, as after a spec error. */
  const run = async (first: boolean) => {
    const started = performance.now();
    try {
      const result = await generateInMemory(specDir, outDir);
      if (!result.model) {
        io.err(
          `${await printableDiagnostics(result.diagnostics, specDir)}\nwatch: not written; fix the spec and save again\n`,
        );
        return;
      }
      if (previous.size === 0) {
        // Nothing is known of what generated/ holds (the first run, or every run so far failed): write the whole
        // tree atomically, which also removes files the spec no longer makes, so `check` agrees afterwards.
        await writeTree(outDir, result.files);
        for (const f of result.files) previous.set(f.path, f.contents);
        io.out(
          first
            ? `watch: ${result.files.length} files for protocol ${result.model.protocolVersion}; watching ${specDir}\n`
            : `watch: ${result.files.length} files written in ${Math.round(performance.now() - started)} ms (protocol ${result.model.protocolVersion})\n`,
        );
        return;
      }
      const written = await writeChanged(outDir, result.files, previous);
      io.out(
        `watch: ${written} file${written === 1 ? '' : 's'} rewritten in ${Math.round(performance.now() - started)} ms (protocol ${result.model.protocolVersion})\n`,
      );
    } catch (error) {
      // A failed write may have left some files changed: forget what generated/ holds, so the next run rewrites it.
      previous.clear();
      io.err(
        `watch: internal error: ${(error as Error).message}\nwatch: still watching; save again to retry (please report this error)\n`,
      );
    }
  };

  await run(true);
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const watcher = chokidarWatch(specDir, { ignoreInitial: true, awaitWriteFinish: false });
  watcher.on('all', () => {
    clearTimeout(timer);
    // Editors save in bursts (a write, then a rename or a second write): wait a moment for the last one.
    timer = setTimeout(() => {
      running = running.then(() => run(false));
    }, 5);
  });
  await new Promise<void>((resolve) => watcher.on('ready', () => resolve()));
  return async () => {
    clearTimeout(timer);
    await watcher.close();
    await running;
  };
}
