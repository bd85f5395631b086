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

/** A scratch spec (with its generated tree) where 0.2.0 has been released, with a fixture RFC of test/fixtures/revisions laid over it. */
export async function withRevision(name: string) {
  const s = await scratch(true);
  await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
  await cp(join(import.meta.dirname, '../fixtures/revisions', name), join(s.spec, 'rfcs'), { recursive: true });
  return s;
}
