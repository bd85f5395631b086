import { readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The spec's files, by the path diagnostics and the model name them ("spec/rfcs/0001-....md"). */
export interface SpecFiles {
  process: { path: string; text: string } | null;
  appleRoles: { path: string; text: string } | null;
  externalTypes: { path: string; text: string } | null;
  rfcs: { path: string; baseName: string; text: string }[];
}

/** Where the commands look by default, relative to where they run. */
export const DEFAULT_DIRS = { spec: 'spec', out: 'generated' } as const;

export const SPEC_LAYOUT = {
  process: 'process.md',
  appleRoles: 'reference/apple-roles.md',
  externalTypes: 'reference/external-types.md',
  rfcs: 'rfcs',
} as const;

async function readOptional(dir: string, rel: string): Promise<{ path: string; text: string } | null> {
  try {
    return { path: `spec/${rel}`, text: await readFile(join(dir, rel), 'utf8') };
  } catch {
    return null;
  }
}

/** Reads every file the toolchain needs from a spec folder; RFCs sorted by name, whatever the file system's order. */
export async function readSpecFiles(specDir: string): Promise<SpecFiles> {
  let names: string[] = [];
  try {
    names = (await readdir(join(specDir, SPEC_LAYOUT.rfcs))).filter((n) => n.endsWith('.md')).sort();
  } catch {
    names = [];
  }
  const rfcs = await Promise.all(
    names.map(async (baseName) => ({
      path: `spec/${SPEC_LAYOUT.rfcs}/${baseName}`,
      baseName,
      text: await readFile(join(specDir, SPEC_LAYOUT.rfcs, baseName), 'utf8'),
    })),
  );
  const [process, appleRoles, externalTypes] = await Promise.all([
    readOptional(specDir, SPEC_LAYOUT.process),
    readOptional(specDir, SPEC_LAYOUT.appleRoles),
    readOptional(specDir, SPEC_LAYOUT.externalTypes),
  ]);
  return { process, appleRoles, externalTypes, rfcs };
}

/** How many bytes of Markdown the spec folder holds, in the files readSpecFiles reads; 0 where there are none. */
export function specBytes(specDir: string): number {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  let rfcs: string[] = [];
  try {
    rfcs = readdirSync(join(specDir, SPEC_LAYOUT.rfcs)).filter((n) => n.endsWith('.md'));
  } catch {
    rfcs = [];
  }
  return (
    size(join(specDir, SPEC_LAYOUT.process)) +
    size(join(specDir, SPEC_LAYOUT.appleRoles)) +
    size(join(specDir, SPEC_LAYOUT.externalTypes)) +
    rfcs.reduce((sum, n) => sum + size(join(specDir, SPEC_LAYOUT.rfcs, n)), 0)
  );
}
