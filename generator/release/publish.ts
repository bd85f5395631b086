import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Packer, releasePackers } from './packers.js';

export interface PublishOptions {
  /** The release folder (build/release/<protocol version>/) a dry run or a release packed. */
  from: string;
  /** Where each package goes, by package name (the configuration's `registries`); a package not named goes to its public registry. */
  registries: Readonly<Record<string, string>>;
  /** The packages to publish, by name; every package with a publisher by default. */
  only?: readonly string[];
  scripts: string;
  /** The packages to publish from; the registry's by default (a test may pass fewer). */
  packers?: readonly Packer[];
}

export interface PublishResult {
  /** What each package did: a line per package published, or why it was not. */
  published: { package: string; line: string }[];
  failed: { package: string; message: string }[];
  /** Problems found before anything was uploaded (a bad configuration, a file that does not match SHA256SUMS). */
  refused: string[];
}

interface Io {
  progress: (line: string) => void;
}

/** The files SHA256SUMS lists that are missing or differ: a release folder is published only as it was packed. */
async function unverified(from: string): Promise<string[]> {
  const sums = await readFile(join(from, 'SHA256SUMS'), 'utf8').catch(() => null);
  if (sums === null)
    return [`${join(from, 'SHA256SUMS')} is missing: publish a folder that \`element-spec release\` packed`];
  const problems: string[] = [];
  for (const line of sums.split('\n').filter(Boolean)) {
    const [sum, file] = [line.slice(0, 64), line.slice(66)];
    const bytes = await readFile(join(from, file)).catch(() => null);
    if (bytes === null) problems.push(`${file}, listed in SHA256SUMS, is missing`);
    else if (createHash('sha256').update(bytes).digest('hex') !== sum)
      problems.push(`${file} does not match its line in SHA256SUMS`);
  }
  return problems;
}

/** The configuration's problems: a name that is no package with a publisher, or an address that is not a string. */
function configurationProblems(
  registries: Readonly<Record<string, unknown>>,
  only: readonly string[] | undefined,
  names: readonly string[],
): string[] {
  const known = `the packages published are ${names.join(', ')}`;
  const problems: string[] = [];
  for (const [name, to] of Object.entries(registries)) {
    if (!names.includes(name)) problems.push(`registries names "${name}", which is no package published (${known})`);
    else if (typeof to !== 'string' || to === '')
      problems.push(`registries.${name} is not an address (a URL or a folder)`);
  }
  for (const name of only ?? [])
    if (!names.includes(name)) problems.push(`--only names "${name}", which is no package published (${known})`);
  return problems;
}

/**
 * Uploads each package of a release folder to its registry, the ecosystem's own way (each target's packer says how;
 * generator/release/pack/). Nothing is uploaded when the folder does not match its SHA256SUMS or the configuration
 * names an unknown package; after that a package that fails is reported and the others still go.
 */
export async function publish(options: PublishOptions, io: Io): Promise<PublishResult> {
  const packers = (options.packers ?? (await releasePackers())).filter((p) => p.publisher);
  const names = packers.map((p) => p.name);
  const result: PublishResult = { published: [], failed: [], refused: [] };
  result.refused.push(
    ...configurationProblems(options.registries, options.only, names),
    ...(await unverified(options.from)),
  );
  if (result.refused.length) return result;
  for (const packer of packers) {
    const publisher = packer.publisher;
    if (!publisher || (options.only && !options.only.includes(packer.name))) continue;
    const to = options.registries[packer.name] ?? publisher.registry;
    if (to === null) {
      result.failed.push({
        package: packer.name,
        message: `no registry is configured and there is no upload to a public one: ${publisher.otherwise ?? 'name one in the configuration'}`,
      });
      continue;
    }
    io.progress(`publish: ${packer.name} to ${to}`);
    try {
      result.published.push({
        package: packer.name,
        line: await publisher.publish({ from: options.from, to, scripts: options.scripts }),
      });
    } catch (error) {
      result.failed.push({ package: packer.name, message: (error as Error).message });
    }
  }
  return result;
}

/** Reads the registries configuration: a JSON object from package name to address (docs/publishing.md). */
export async function readRegistries(file: string): Promise<Record<string, string> | string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return `${file} cannot be read as JSON: ${(error as Error).message}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return `${file} must hold an object from package name to registry address`;
  return parsed as Record<string, string>;
}
