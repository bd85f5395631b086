import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import yazl from 'yazl';

/** Every file below a folder, as sorted paths with forward slashes, skipping folders `skip` names. */
export async function filesBelow(dir: string, skip: (path: string) => boolean = () => false): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (entry.isFile() && !skip(path)) found.push(path);
  }
  return found.sort();
}

/** A zip of some files of a folder with fixed times and sorted entries under one top folder, so the same files give the same bytes. */
export async function zipFiles(dir: string, files: readonly string[], top: string, to: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const when = new Date('1980-01-01T00:00:00Z');
  for (const file of files)
    zip.addBuffer(await readFile(join(dir, file)), `${top}/${file}`, { mtime: when, mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(to, Buffer.concat(chunks));
}
