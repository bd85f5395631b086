import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { main } from '../../generator/cli.js';
import type { Publishing } from '../../generator/emit/shared/publishing.js';
import { generateInMemory } from '../../generator/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { withRevision } from './revision.js';

/** Where the scratch project says its repository is, which the Go module's path is made from. */
export const REPOSITORY = 'https://example.com/element/spec';
export const GO_MODULE = 'example.com/element/spec/generated/go';
/** 0.2.0 was released as SDK 0.1.0; the additive RFC of the scratch project makes 0.2.1, released as SDK 0.1.1. */
export const RELEASED: Publishing = { sdkVersion: '0.1.1', released: [{ sdk: '0.1.0', protocol: '0.2.0' }], repository: null, documentation: null, organization: null, developers: [] };
export const SDK = '0.1.1';

/** Every file under the folder with its sha256, but build/: what a dry run must leave as it was. */
export async function treeHash(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    if (relative(dir, path).startsWith('build/')) continue;
    out[relative(dir, path)] = createHash('sha256').update(await readFile(path)).digest('hex');
  }
  return out;
}

/** A scratch project where 0.2.0 was released and an Accepted additive RFC makes 0.2.1, generated and clean. */
export async function project(publishing: Publishing) {
  const s = await withRevision('additive');
  await writeFile(join(s.dir, 'publishing.json'), `${JSON.stringify(publishing, null, 2)}\n`);
  const generated = await generateInMemory(s.spec, s.out, publishing);
  if (!generated.model) throw new Error(`the scratch project does not generate: ${JSON.stringify(generated.diagnostics)}`);
  await writeTree(s.out, generated.files);
  return s;
}

export interface DryRun {
  project: Awaited<ReturnType<typeof project>>;
  /** The project's files before the dry run. */
  before: Record<string, string>;
  code: number;
  out: string;
  err: string;
  /** build/release/0.2.1 in the project. */
  dest: string;
}

let made: Promise<DryRun> | undefined;

/**
 * `element-spec release --dry-run` of the scratch project with its repository set, made once for the test file that
 * asks: packing every package takes a minute and a half, and the release's tests and the publish tests read the
 * same folder. disposeDryRun removes it.
 */
export const dryRunRelease = (): Promise<DryRun> =>
  (made ??= (async () => {
    const s = await project({ ...RELEASED, repository: REPOSITORY });
    const before = await treeHash(s.dir);
    let out = '';
    let err = '';
    const code = await main(['release', '--dry-run', '--root', s.dir, '--date', '2026-12-04'], { out: (t) => { out += t; }, err: (t) => { err += t; } });
    return { project: s, before, code, out, err, dest: join(s.dir, `build/release/0.2.1`) };
  })());

export async function disposeDryRun(): Promise<void> {
  const made_ = made;
  made = undefined;
  if (made_) await (await made_.catch(() => null))?.project.dispose();
}
