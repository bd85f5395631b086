import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Artifact } from './packer.js';

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What a release packed, as a table: each file with its package, size and the checks it passed. */
export async function releaseTable(dest: string, artifacts: readonly Artifact[]): Promise<string> {
  const rows = await Promise.all(
    artifacts.map(async (a) => [a.package, a.file, size((await stat(join(dest, a.file))).size), a.checks.join('; ')]),
  );
  rows.push(
    ['notes', 'RELEASE_NOTES.md', size((await stat(join(dest, 'RELEASE_NOTES.md'))).size), ''],
    ['checksums', 'SHA256SUMS', size((await stat(join(dest, 'SHA256SUMS'))).size), 'sha256 of every file above'],
  );
  const head = ['Package', 'File', 'Size', 'Checks'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[`release: ${relative(process.cwd(), dest) || dest}`, line(head), ...rows.map(line)].join('\n')}\n`;
}
