import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { stableJson } from '../../generator/util/json.js';
import { GENERATED, SPEC, editFile, scratch } from '../helpers/spec.js';

// Issue 29: a released version is frozen. Its record, generated/model/versions/<v>.json, is what it was; a change
// to a released RFC's tables (not its wording) is refused at the row, naming the version.
const RFC = 'rfcs/0001-element-model.md';
const URL_ROW = '| `url` | `string` | no | An address for the thing |';

function capture() {
  const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
  return io;
}

/** Each recorded version file, as the model target writes it, beside what the spec rebuilds for that version. */
async function recordsAgainstRebuilt(spec: string, out: string) {
  const { versions, diagnostics } = await assembleModel(await readSpecFiles(spec, out));
  expect(diagnostics.items.filter((d) => d.severity === 'error')).toEqual([]);
  const dir = join(out, 'model/versions');
  const names = (await readdir(dir)).sort();
  return Promise.all(names.map(async (name) => {
    const rebuilt = versions.find((v) => `${v.protocolVersion}.json` === name);
    return { name, recorded: await readFile(join(dir, name), 'utf8'), rebuilt: rebuilt ? stableJson({ $schema: '../model.schema.json', ...rebuilt }) : null };
  }));
}

describe('the live spec', () => {
  it('has a record of each version it keeps, equal to the model rebuilt from its RFCs', async () => {
    const pairs = await recordsAgainstRebuilt(SPEC, GENERATED);
    expect(pairs.length).toBeGreaterThan(0);
    for (const { name, recorded, rebuilt } of pairs) expect(rebuilt, name).toBe(recorded);
  });
});

describe('a spec where RFC-0001 is released in 0.2.0 and generated once', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  let original: string;
  let record: string;
  const rfcPath = () => join(s.spec, RFC);
  const recordPath = () => join(s.out, 'model/versions/0.2.0.json');
  const generate = async () => {
    const io = capture();
    const code = await main(['generate', '--spec', s.spec, '--out', s.out], io);
    return { code, text: io.text };
  };

  beforeAll(async () => {
    s = await scratch(true);
    await editFile(rfcPath(), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
    const { code, text } = await generate();
    expect(code, text).toBe(0);
    original = await readFile(rfcPath(), 'utf8');
    record = await readFile(recordPath(), 'utf8');
  }, 120_000);
  afterAll(() => s.dispose());
  const restore = () => writeFile(rfcPath(), original);

  it('records 0.2.0 as the model rebuilt from the released RFC', async () => {
    for (const { name, recorded, rebuilt } of await recordsAgainstRebuilt(s.spec, s.out)) expect(rebuilt, name).toBe(recorded);
  });

  it("refuses a changed type in the released RFC's table, at its row, and writes nothing", async () => {
    await editFile(rfcPath(), (t) => t.replace(URL_ROW, URL_ROW.replace('`string`', '`number`')));
    try {
      const line = original.split('\n').findIndex((l) => l === URL_ROW) + 1;
      const { code, text } = await generate();
      expect(code).toBe(1);
      expect(text).toContain(`${line}:3 error 0.2.0 is released (RFC-0001) and frozen, but this changes it from its record generated/model/versions/0.2.0.json: Element.url changed type from string to number (field-type-changed, breaking): \`Element.url\` frozen-version`);
      expect(text).toContain('generate: nothing was written');
      expect(await readFile(recordPath(), 'utf8')).toBe(record);
      // check says the same, so CI refuses it too.
      expect(await main(['check', '--spec', s.spec, '--out', s.out], capture())).toBe(1);
    } finally {
      await restore();
    }
  });

  it('refuses a changed type that also breaks the released example at both places, the row and the example', async () => {
    const titleRow = original.split('\n').find((l) => l.startsWith('| `title` | `string` |')) ?? '';
    expect(titleRow).not.toBe('');
    await editFile(rfcPath(), (t) => t.replace(titleRow, titleRow.replace('`string`', '`boolean`')));
    try {
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec, s.out));
      expect(model).toBeNull();
      const line = original.split('\n').indexOf(titleRow) + 1;
      const rules = diagnostics.items.map((d) => `${d.ruleId}${d.ruleId === 'frozen-version' ? ` ${d.line}:${d.column}` : ''}`);
      // The example's own error no longer hides that the released version was edited.
      expect(rules).toEqual(expect.arrayContaining(['bad-example', `frozen-version ${line}:3`]));
    } finally {
      await restore();
    }
  });

  it('refuses a row taken out of the released RFC, at its type', async () => {
    await editFile(rfcPath(), (t) => t.replace(`${URL_ROW}\n`, ''));
    try {
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec, s.out));
      expect(model).toBeNull();
      const elementRow = original.split('\n').findIndex((l) => l.startsWith('| `Element` |')) + 1;
      expect(diagnostics.items.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.actual}`)).toEqual([`frozen-version ${elementRow}:3 Element.url`]);
    } finally {
      await restore();
    }
  });

  it('takes a reworded Meaning, and rewrites the record with it', async () => {
    await editFile(rfcPath(), (t) => t.replace(URL_ROW, URL_ROW.replace('An address for the thing', 'An address of the thing')));
    try {
      const { code, text } = await generate();
      expect(code, text).toBe(0);
      expect(await readFile(recordPath(), 'utf8')).toContain('An address of the thing');
    } finally {
      await restore();
      expect((await generate()).code).toBe(0);
    }
  });

  it('keeps the version released: unmarking it is refused at its RFC', async () => {
    await editFile(rfcPath(), (t) => t.replace('| Released in | 0.2.0 |', '| Released in | — |'));
    try {
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec, s.out));
      expect(model).toBeNull();
      expect(diagnostics.items.map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
        'frozen-version spec/rfcs/0001-element-model.md:1:1 0.2.0 was released by RFC-0001, as its record generated/model/versions/0.2.0.json says, but no counted RFC releases it now: a release stays released (if it was never published, delete the record)',
      ]);
    } finally {
      await restore();
    }
  });

  it('says where a record it cannot read is, without a stack trace', async () => {
    await writeFile(recordPath(), '{"format": 1');
    try {
      const { code, text } = await generate();
      expect(code).toBe(1);
      expect(text).toContain('generated/model/versions/0.2.0.json\n1:1 error The record of released 0.2.0 cannot be read');
      expect(text).not.toMatch(/\n\s+at /);
    } finally {
      await writeFile(recordPath(), record);
    }
  });

  it('has nothing to compare when the version has no record yet (its first release)', async () => {
    await editFile(rfcPath(), (t) => t.replace(URL_ROW, URL_ROW.replace('`string`', '`number`')));
    await rm(recordPath());
    try {
      const { model } = await assembleModel(await readSpecFiles(s.spec, s.out));
      expect(model?.types.find((t) => t.name === 'Element')).toBeTruthy();
    } finally {
      await restore();
      await writeFile(recordPath(), record);
    }
  });
});
