import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A tool a packer runs failed; the message says which and what it printed last. */
export class ToolFailed extends Error {}

/** Runs a tool, resolving with its standard output; a failure or a missing tool rejects with a ToolFailed that says which. */
export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      const tail = `${stdout}${stderr}`.trim().split('\n').slice(-12).join('\n');
      reject(
        new ToolFailed(
          code === 'ENOENT'
            ? `${command} is not installed (scripts/install-toolchains.sh)`
            : `${command} ${args.join(' ')} failed${tail ? `:\n${tail}` : ''}`,
        ),
      );
    });
  });
}

/** A scratch copy of a generated package, so packing never writes into generated/ (build output, caches). */
export async function withCopy<T>(source: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'element-release-'));
  try {
    const copy = join(dir, 'package');
    await cp(source, copy, { recursive: true });
    return await use(copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
