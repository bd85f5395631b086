import { readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** The spec's files, by the path diagnostics and the model name them ("spec/rfcs/0001-....md"). */
export interface SpecFiles {
  process: { path: string; text: string } | null;
  appleRoles: { path: string; text: string } | null;
  externalTypes: { path: string; text: string } | null;
  rfcs: { path: string; baseName: string; text: string }[];
  /**
   * The committed record of each version kept side by side (`<out>/model/versions/<v>.json`), by version: a
   * released version is frozen, so the model rebuilt for it is compared with its record. Absent: nothing to compare.
   */
  recorded?: Map<string, { path: string; text: string }>;
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

/** The recorded model of every version under `<out>/model/versions/`, named from the generated folder's name. */
async function readRecorded(outDir: string): Promise<Map<string, { path: string; text: string }>> {
  const recorded = new Map<string, { path: string; text: string }>();
  let names: string[] = [];
  try {
    names = (await readdir(join(outDir, RECORDED_VERSIONS))).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return recorded;
  }
  for (const name of names) {
    const text = await readFile(join(outDir, RECORDED_VERSIONS, name), 'utf8').catch(() => null);
    if (text !== null)
      recorded.set(name.slice(0, -'.json'.length), { path: `${basename(outDir)}/${RECORDED_VERSIONS}/${name}`, text });
  }
  return recorded;
}

/** Where the model target keeps each version's model, under the generated folder. */
export const RECORDED_VERSIONS = 'model/versions';

/**
 * Reads every file the toolchain needs from a spec folder; RFCs sorted by name, whatever the file system's order.
 * With `outDir`, also the recorded model of each version there, so a released version's tables stay frozen.
 */
export async function readSpecFiles(specDir: string, outDir?: string): Promise<SpecFiles> {
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
  const recorded = outDir === undefined ? undefined : await readRecorded(outDir);
  return { process, appleRoles, externalTypes, rfcs, ...(recorded ? { recorded } : {}) };
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
