import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import yazl from 'yazl';
import type { ReleasePlan } from './releasable.js';
import { runTool, withCopy } from './tools.js';

/** One file a release writes, with what was checked of it. */
export interface Artifact {
  package: string;
  file: string;
  checks: string[];
}

export interface PackContext {
  plan: ReleasePlan;
  /** The generated folder the packages are taken from. */
  out: string;
  /** The folder of the toolchain's own scripts (scripts/python-venv.sh, its release requirements). */
  scripts: string;
  /** Where this release's files go: build/release/<protocol version>/. */
  dest: string;
}

/** A package of the release: its name, the tools it needs, and how to pack and check it. */
export interface Packer {
  name: string;
  pack: (context: PackContext) => Promise<Artifact[]>;
}

const npm: Packer = {
  name: 'npm',
  async pack({ out, dest }) {
    return withCopy(join(out, 'typescript'), async (copy) => {
      const printed = await runTool('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], { cwd: copy });
      const [entry] = JSON.parse(printed.slice(printed.indexOf('['))) as { filename: string; files: unknown[] }[];
      if (!entry) throw new Error('npm pack printed no package');
      return [{ package: 'npm', file: entry.filename.replace(/^@/, '').replace(/\//g, '-'), checks: [`npm pack: ${entry.files.length} files`] }];
    });
  },
};

const python: Packer = {
  name: 'python',
  async pack({ out, dest, scripts }) {
    const venv = (await runTool('bash', [join(scripts, 'python-venv.sh'), join(scripts, 'release-requirements.txt')])).trim();
    const py = join(venv, 'bin/python');
    return withCopy(join(out, 'python'), async (copy) => {
      const before = new Set(await readdir(dest));
      // The build backend is pinned in the release venv, so the build needs no download of its own.
      await runTool(py, ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', dest, copy]);
      const made = (await readdir(dest)).filter((f) => !before.has(f)).sort();
      await runTool(py, ['-m', 'twine', 'check', '--strict', ...made.map((f) => join(dest, f))]);
      return made.map((file) => ({ package: 'python', file, checks: ['python -m build', 'twine check --strict'] }));
    });
  },
};

/** What Maven Central requires of a pom, by element; a pom without one is packed but marked. */
const CENTRAL_POM = ['name', 'description', 'url', 'licenses', 'developers', 'scm'] as const;

const maven: Packer = {
  name: 'maven',
  async pack({ out, dest }) {
    return withCopy(join(out, 'kotlin'), async (copy) => {
      // The jars are what the tests ran; packing skips running them again.
      // In Maven's process: a Kotlin daemon would outlive the release, spending memory and CPU after it.
      await runTool('mvn', ['-B', '-q', '-ntp', '-Dkotlin.compiler.daemon=false', '-DskipTests', 'package'], { cwd: copy });
      const pom = await readFile(join(copy, 'pom.xml'), 'utf8');
      const artifactId = /<artifactId>([^<]+)<\/artifactId>/.exec(pom)?.[1] ?? 'package';
      const version = /<version>([^<]+)<\/version>/.exec(pom)?.[1] ?? '0';
      const missing = CENTRAL_POM.filter((tag) => !new RegExp(`<${tag}>`).test(pom));
      const pomCheck = missing.length ? `pom lacks what Central requires: ${missing.map((t) => `<${t}>`).join(', ')} (publishing.json)` : 'pom has what Central requires';
      const target = join(copy, 'target');
      const jars = (await readdir(target)).filter((f) => f.startsWith(`${artifactId}-${version}`) && f.endsWith('.jar')).sort();
      for (const jar of jars) await copyFile(join(target, jar), join(dest, jar));
      const pomName = `${artifactId}-${version}.pom`;
      await copyFile(join(copy, 'pom.xml'), join(dest, pomName));
      // The validator with its dependencies, for `java -jar` (not for Central: it is no Maven artifact).
      const validate = `${artifactId}-validate-${version}.jar`;
      await copyFile(join(target, `${artifactId}-validate.jar`), join(dest, validate));
      return [
        ...jars.map((file) => ({ package: 'maven', file, checks: ['mvn package'] })),
        { package: 'maven', file: validate, checks: ['mvn package; for java -jar'] },
        { package: 'maven', file: pomName, checks: [pomCheck] },
      ];
    });
  },
};

async function filesBelow(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  }
  return found.sort();
}

/** A zip of a folder with fixed times and sorted entries under one top folder, so the same files give the same bytes. */
async function zipFolder(dir: string, top: string, to: string): Promise<number> {
  const files = await filesBelow(dir);
  const zip = new yazl.ZipFile();
  const when = new Date('1980-01-01T00:00:00Z');
  for (const file of files) zip.addBuffer(await readFile(join(dir, file)), `${top}/${file}`, { mtime: when, mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(to, Buffer.concat(chunks));
  return files.length;
}

const swift: Packer = {
  name: 'swift',
  async pack({ out, dest, plan }) {
    // The package as SwiftPM reads it (Package.swift at the top, its sources and resources), as
    // `swift package archive-source` lays it out: one folder named for the package and version.
    const name = `ElementModel-${plan.publishing.sdkVersion}`;
    const file = `${name}.zip`;
    const count = await zipFolder(join(out, 'swift'), name, join(dest, file));
    return [{ package: 'swift', file, checks: [`source archive: ${count} files`] }];
  },
};

const specFiles: Packer = {
  name: 'schemas and model',
  async pack({ out, dest }) {
    const artifacts: Artifact[] = [];
    const schemas = (await readdir(join(out, 'schema'))).filter((f) => f.endsWith('.json')).sort();
    await mkdir(join(dest, 'schema'), { recursive: true });
    for (const f of schemas) {
      await copyFile(join(out, 'schema', f), join(dest, 'schema', f));
      artifacts.push({ package: 'schema', file: `schema/${f}`, checks: ['as generated'] });
    }
    await copyFile(join(out, 'model/model.json'), join(dest, 'model.json'));
    artifacts.push({ package: 'model', file: 'model.json', checks: ['as generated'] });
    return artifacts;
  },
};

/** Every package of a release, in the order they are packed. */
export const PACKERS: readonly Packer[] = [specFiles, npm, python, maven, swift];
