import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Diagnostics } from '../diagnostics/report.js';
import { diffReport } from '../diff-command.js';
import { PUBLISHING_FILE } from '../emit/shared/publishing.js';
import { generateInMemory } from '../pipeline.js';
import { writeTree } from '../write/tree.js';
import { releaseNotes } from './notes.js';
import { type Artifact, type Packer, releasePackers } from './packers.js';
import { planRelease, type ReleasePlan, type ReleaseRoot } from './releasable.js';
import { afterRelease, releaseSdkVersion } from './sdk-version.js';
import { prependChangelog, stampReleased } from './stamp.js';

export interface ReleaseOptions {
  where: ReleaseRoot;
  /** The toolchain's scripts folder (python-venv.sh and the release requirements). */
  scripts: string;
  dryRun: boolean;
  /** The release date stamped in the RFCs and the notes, YYYY-MM-DD; today by default. */
  date?: string;
  version?: string;
  /** The packages to pack; every one by default (a test of the stamping step may pack fewer). */
  packers?: readonly Packer[];
}

export interface ReleaseResult {
  /** Diagnostics of a refused release; empty when it went through. */
  diagnostics: Diagnostics;
  /** The folder the packages went to, or null when refused. */
  dest: string | null;
  artifacts: Artifact[];
  sdk: string | null;
}

interface Io {
  progress: (line: string) => void;
}

const registriesOf = (packers: readonly Packer[]) => packers.flatMap((p) => (p.publishedTo ? [p.publishedTo] : []));

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

async function checksums(dir: string): Promise<string> {
  const lines: string[] = [];
  for (const file of await filesIn(dir))
    lines.push(
      `${createHash('sha256')
        .update(await readFile(join(dir, file)))
        .digest('hex')}  ${file}`,
    );
  return `${lines.join('\n')}\n`;
}

/** Packs every package from the tree the release generates, into a staging folder renamed into place at the end. */
async function packAll(
  plan: ReleasePlan,
  packers: readonly Packer[],
  sdk: string,
  options: ReleaseOptions,
  date: string,
  io: Io,
): Promise<{ dest: string; artifacts: Artifact[] }> {
  const version = plan.model.protocolVersion;
  const dest = join(options.where.root, 'build/release', version);
  await mkdir(dirname(dest), { recursive: true });
  const staging = await mkdtemp(join(dirname(dest), `.${version}-`));
  const tree = await mkdtemp(join(tmpdir(), 'element-release-tree-'));
  try {
    // The packages carry the SDK version the release gives them; generated/ is not touched.
    const run = await generateInMemory(options.where.spec, options.where.out, { ...plan.publishing, sdkVersion: sdk });
    if (!run.model) throw new Error('the spec did not generate again with the release SDK version');
    await writeTree(join(tree, 'generated'), run.files);
    const artifacts: Artifact[] = [];
    const publishing = { ...plan.publishing, sdkVersion: sdk };
    for (const packer of packers) {
      io.progress(`release: packing ${packer.name}`);
      const started = Date.now();
      const made = await packer.pack({
        protocolVersion: version,
        publishing,
        date,
        out: join(tree, 'generated'),
        scripts: options.scripts,
        dest: staging,
      });
      artifacts.push(...made);
      io.progress(
        `release: packed ${packer.name}: ${made.map((a) => a.file).join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    await writeFile(join(staging, 'RELEASE_NOTES.md'), releaseNotes(plan, sdk, date, registriesOf(packers)));
    await writeFile(join(staging, 'SHA256SUMS'), await checksums(staging));
    await rm(dest, { recursive: true, force: true });
    await rename(staging, dest);
    return { dest, artifacts };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(tree, { recursive: true, force: true });
  }
}

/**
 * Stamps the released RFCs, records the SDK release in publishing.json, regenerates generated/ and prepends the
 * notes to CHANGELOG.md. The RFCs are written first (generation reads them); if generation then fails, they are
 * put back, so a refused step leaves the tree as it was.
 */
async function stampAndRegenerate(
  plan: ReleasePlan,
  packers: readonly Packer[],
  sdk: string,
  options: ReleaseOptions,
  date: string,
  d: Diagnostics,
): Promise<void> {
  const { where } = options;
  const version = plan.model.protocolVersion;
  const originals = new Map<string, string>();
  for (const rfc of plan.rfcs) {
    const path = join(where.spec, rfc.source.file.replace(/^spec\//, ''));
    const text = await readFile(path, 'utf8');
    const stamped = stampReleased(text, version, date);
    if (stamped === null) {
      d.error(
        'not-releasable',
        rfc.source,
        `${rfc.id} has no Released in row to stamp`,
        undefined,
        'Add `| Released in | — |` to its metadata table.',
      );
      continue;
    }
    originals.set(path, text);
    await writeFile(path, stamped);
  }
  const restore = async () => {
    for (const [path, text] of originals) await writeFile(path, text);
  };
  if (d.hasErrors) return restore();
  const publishing = afterRelease(plan.publishing, sdk, version);
  const run = await generateInMemory(where.spec, where.out, publishing);
  if (!run.model) {
    for (const item of run.diagnostics)
      if (item.severity === 'error') d.error(item.ruleId, item, item.message, item.actual, item.hint);
    return restore();
  }
  await writeTree(where.out, run.files);
  await writeFile(join(where.root, PUBLISHING_FILE), `${JSON.stringify(publishing, null, 2)}\n`);
  const changelogPath = join(where.root, 'CHANGELOG.md');
  const existing = await readFile(changelogPath, 'utf8').catch(() => null);
  await writeFile(changelogPath, prependChangelog(existing, releaseNotes(plan, sdk, date, registriesOf(packers))));
}

/**
 * Whether each package could be installed by its README's line as the tree stands. A dry run packs anyway and
 * warns; a release is refused, as a package nobody can fetch is not published.
 */
async function installable(
  plan: ReleasePlan,
  packers: readonly Packer[],
  options: ReleaseOptions,
  d: Diagnostics,
): Promise<boolean> {
  for (const packer of packers) {
    const reason = await packer.notInstallable?.({ out: options.where.out, publishing: plan.publishing });
    if (!reason) continue;
    const place = { file: PUBLISHING_FILE, line: 1, column: 1 };
    if (options.dryRun) d.warning('not-installable', place, reason, packer.name);
    else d.error('not-installable', place, reason, packer.name);
  }
  return !d.hasErrors;
}

export async function release(options: ReleaseOptions, io: Io): Promise<ReleaseResult> {
  const d = new Diagnostics();
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
    d.error('not-releasable', { file: 'release', line: 1, column: 1 }, 'The release date is written YYYY-MM-DD', date);
    return { diagnostics: d, dest: null, artifacts: [], sdk: null };
  }
  io.progress('release: checking that the version can be released');
  const plan = await planRelease(options.where, options.version, d);
  if (!plan) return { diagnostics: d, dest: null, artifacts: [], sdk: null };
  const sdk = releaseSdkVersion(plan.publishing, diffReport(plan.previous, plan.model).class);
  io.progress(
    `release: protocol ${plan.model.protocolVersion}, SDK ${sdk}${options.dryRun ? ' (dry run: spec/, generated/ and publishing.json stay as they are)' : ''}`,
  );
  const packers = options.packers ?? (await releasePackers());
  if (!(await installable(plan, packers, options, d))) return { diagnostics: d, dest: null, artifacts: [], sdk };
  const { dest, artifacts } = await packAll(plan, packers, sdk, options, date, io);
  if (!options.dryRun) {
    await stampAndRegenerate(plan, packers, sdk, options, date, d);
    if (d.hasErrors) {
      await rm(dest, { recursive: true, force: true });
      return { diagnostics: d, dest: null, artifacts: [], sdk };
    }
  }
  return { diagnostics: d, dest, artifacts, sdk };
}
