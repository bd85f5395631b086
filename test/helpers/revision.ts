import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { stableJson } from '../../generator/util/json.js';
import { basename, join } from 'node:path';
import { type SpecEdit, applyEditScript } from './spec-edits.js';
import { editFile, scratch } from './spec.js';

/**
 * A scratch copy of the live spec with a fixture laid over it: every `NNNN-*.md` in the fixture folder goes to
 * spec/rfcs/, and `edits.json` (a list of edits, each matching exactly once; test/helpers/spec-edits.ts) is applied.
 */
export async function specWithFixture(folder: string) {
  const s = await scratch(false);
  const layRfcs = async () => {
    for (const name of await readdir(folder)) {
      if (/^\d{4}-.*\.md$/.test(name)) await cp(join(folder, name), join(s.spec, 'rfcs', name));
    }
  };
  const editsFile = join(folder, 'edits.json');
  const edit = async () => {
    if (!existsSync(editsFile)) return;
    const edits = JSON.parse(await readFile(editsFile, 'utf8')) as SpecEdit[];
    await applyEditScript(s.spec, { why: basename(folder), edits }, basename(folder));
  };
  // `recorded.json` lists released versions whose record (generated/model/versions/<v>.json) is written from the
  // edited live spec before the fixture's RFCs are laid over it, so the fixture is checked against a frozen release.
  const recordedFile = join(folder, 'recorded.json');
  if (existsSync(recordedFile)) {
    await edit();
    await writeRecords(s.spec, s.out, JSON.parse(await readFile(recordedFile, 'utf8')) as string[]);
    await layRfcs();
  } else {
    await layRfcs();
    await edit();
  }
  return s;
}

/** Writes each named version's record as the model target does, from the spec as it stands. */
async function writeRecords(spec: string, out: string, versions: readonly string[]): Promise<void> {
  const { versions: built, diagnostics } = await assembleModel(await readSpecFiles(spec));
  const dir = join(out, 'model/versions');
  await mkdir(dir, { recursive: true });
  for (const version of versions) {
    const model = built.find((v) => v.protocolVersion === version);
    if (!model) throw new Error(`recorded.json names ${version}, which the spec before the fixture does not keep: ${JSON.stringify(diagnostics.items)}`);
    await writeFile(join(dir, `${version}.json`), stableJson({ $schema: '../model.schema.json', ...model }));
  }
}

/**
 * A scratch spec where 0.2.0 has been released (its record in generated/model/versions, the rest of generated/ for
 * the test's generate to write), with a fixture RFC of test/fixtures/revisions laid over it.
 */
export async function withRevision(name: string) {
  const s = await scratch('model');
  await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
  await cp(join(import.meta.dirname, '../fixtures/revisions', name), join(s.spec, 'rfcs'), { recursive: true });
  return s;
}

/** The additive fixtures the bindings' revision tests build as one spec: a state, an enum, an operation, and requests (laid over the enum, whose type they take). */
export const ADDITIVE_TOGETHER = ['additive', 'enum', 'operation', 'request'] as const;

/**
 * Additive fixtures of test/fixtures/revisions (each one RFC-0002, `Additive: 0.2.0 to 0.2.1`) laid over a released
 * 0.2.0 as RFCs of that one version (spec/README.md, "Two RFCs for one version"): the first stays RFC-0002, each
 * later one is renumbered and accepted together with it. One revised spec for several revisions, so the bindings
 * build it once (the build cache is keyed by content) for every test that needs any of them.
 */
export async function withRevisionsTogether(names: readonly string[] = ADDITIVE_TOGETHER) {
  const s = await withRevision(names[0] as string);
  for (const [i, name] of names.slice(1).entries()) {
    const number = String(i + 3).padStart(4, '0');
    const folder = join(import.meta.dirname, '../fixtures/revisions', name);
    const [file, ...more] = (await readdir(folder)).filter((f) => /^0002-.*\.md$/.test(f));
    if (!file || more.length > 0) throw new Error(`${folder} holds ${more.length + (file ? 1 : 0)} RFC-0002 files; one is laid over together`);
    const text = (await readFile(join(folder, file), 'utf8'))
      .replace(/^# RFC-0002:/m, `# RFC-${number}:`)
      .replace(/^\| Supersedes or amends \| (.*) \|$/m, (_, was: string) => `| Supersedes or amends | ${was.replace(/\.$/, '')}. Accepted together with RFC-0002 for the same version |`);
    if (!text.includes(`# RFC-${number}:`) || !text.includes('Accepted together with RFC-0002')) throw new Error(`${folder}/${file}: no RFC-0002 heading or no Supersedes row`);
    await writeFile(join(s.spec, 'rfcs', file.replace(/^0002/, number)), text);
  }
  return s;
}
