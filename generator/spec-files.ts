import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The spec's files, by the path diagnostics and the model name them ("spec/rfcs/0001-....md"). */
export interface SpecFiles {
  process: { path: string; text: string } | null;
  appleRoles: { path: string; text: string } | null;
  externalTypes: { path: string; text: string } | null;
  rfcs: { path: string; baseName: string; text: string }[];
}

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
