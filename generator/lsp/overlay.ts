import { assembleModel } from '../model/assemble.js';
import { SPEC_LAYOUT, type SpecFiles, readSpecFiles } from '../spec-files.js';
import type { SpecSnapshot } from './snapshot.js';
import { type SpecFolders, absolutePathIn, specPathIn } from './spec-folder.js';

/**
 * The spec files with each open buffer (by spec path) laid over its file on disk. A buffer for an RFC not yet
 * saved joins the RFCs in name order, as readSpecFiles would read it once saved.
 */
export function overlay(disk: SpecFiles, buffers: ReadonlyMap<string, string>): SpecFiles {
  const over = <T extends { path: string; text: string }>(file: T | null): T | null => {
    const text = file ? buffers.get(file.path) : undefined;
    return file && text !== undefined ? { ...file, text } : file;
  };
  const fixed = (rel: string, file: { path: string; text: string } | null) => {
    const path = `spec/${rel}`;
    const text = buffers.get(path);
    return text === undefined ? file : { path, text };
  };
  const rfcDir = `spec/${SPEC_LAYOUT.rfcs}/`;
  const rfcs = disk.rfcs.map((f) => over(f) as typeof f);
  for (const [path, text] of buffers) {
    const baseName = path.slice(rfcDir.length);
    if (
      path.startsWith(rfcDir) &&
      !baseName.includes('/') &&
      baseName.endsWith('.md') &&
      !rfcs.some((f) => f.path === path)
    ) {
      rfcs.push({ path, baseName, text });
    }
  }
  rfcs.sort((a, b) => (a.baseName < b.baseName ? -1 : a.baseName > b.baseName ? 1 : 0));
  return {
    ...disk,
    process: fixed(SPEC_LAYOUT.process, disk.process),
    appleRoles: fixed(SPEC_LAYOUT.appleRoles, disk.appleRoles),
    externalTypes: fixed(SPEC_LAYOUT.externalTypes, disk.externalTypes),
    rfcs,
  };
}

/** Every file of the spec by its spec path: the texts a finding can point into. */
export function textsOf(files: SpecFiles): Map<string, string> {
  const texts = new Map<string, string>();
  for (const f of [files.process, files.appleRoles, files.externalTypes, ...files.rfcs])
    if (f) texts.set(f.path, f.text);
  for (const f of files.recorded?.values() ?? []) texts.set(f.path, f.text);
  return texts;
}

/** Reads the spec from disk, lays the open buffers over it and assembles it as `check` does. */
export async function readSnapshot(folders: SpecFolders, buffers: ReadonlyMap<string, string>): Promise<SpecSnapshot> {
  const files = overlay(await readSpecFiles(folders.spec, folders.out), buffers);
  const assembled = await assembleModel(files);
  return {
    specDir: folders.spec,
    files,
    assembled,
    specPathOf: (absolute) => specPathIn(folders.spec, absolute),
    absolutePathOf: (specPath) => absolutePathIn(folders, specPath),
  };
}
