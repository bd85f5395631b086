import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { emitAll } from '../../generator/emit/index.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { withRevision } from '../helpers/revision.js';
import { scratch } from '../helpers/spec.js';

const quiet = { out: () => {}, err: () => {} };

describe('an additive RFC: a new optional state, "Absent means false"', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  beforeAll(async () => {
    s = await withRevision('additive');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  it('gives 0.2.1, and check passes on what generate wrote', async () => {
    const model = JSON.parse(await read('model/model.json'));
    expect(model.protocolVersion).toBe('0.2.1');
    expect(model.rfcs.map((r: { id: string; effect: string }) => `${r.id}:${r.effect}`)).toEqual(['RFC-0001:breaking', 'RFC-0002:additive']);
    expect(await main(['check', '--spec', s.spec, '--out', s.out], quiet)).toBe(0);
  });

  it('keeps both versions side by side', async () => {
    const old = JSON.parse(await read('model/versions/0.2.0.json'));
    const next = JSON.parse(await read('model/versions/0.2.1.json'));
    expect(old.states.map((x: { field: string }) => x.field)).not.toContain('hovered');
    expect(next.states.map((x: { field: string }) => x.field)).toContain('hovered');
    expect(JSON.parse(await read('schema/versions/0.2.0/answer.strict.schema.json')).$id).toContain('/0.2.0/');
    expect(JSON.parse(await read('conformance/versions/0.2.0/index.json')).protocolVersion).toBe('0.2.0');
  });

  it('changes the TypeScript types, reader and checker', async () => {
    const source = await read('typescript/src/model.ts');
    expect(source).toMatch(/hovered\?: boolean;/);
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.PROTOCOL_VERSION).toBe('0.2.1');
    expect(sdk.SUPPORTED_VERSIONS).toEqual(['0.2.0', '0.2.1']);
    const answer = { protocol: '0.2.1', instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Row', hovered: true }, { id: 'b', role: 'Row' }] } };
    const states = sdk.effectiveElements(answer).map((e: { state: Record<string, boolean> }) => e.state.hovered);
    expect(states).toEqual([false, true, false]);
    // The checker's set of states now includes the new one: stated among attributes, it breaks the first requirement.
    const misplaced = { ...answer, root: { id: 'app', role: 'Application', attributes: { hovered: true } } };
    expect(sdk.check(misplaced).map((f: { rule: string }) => f.rule)).toEqual(['state-on-element']);
    // An answer of the older version is read by the older rules, where the new state is an unknown field.
    expect(sdk.parseAnswer(JSON.stringify({ ...answer, protocol: '0.2.0' })).findings.map((f: { rule: string; severity: string }) => `${f.rule}:${f.severity}`)).toEqual(['structure:warning']);
    expect(sdk.parseAnswer(JSON.stringify(answer)).findings).toEqual([]);
    // check too: each version by its own rules; a version the package does not read by the current rules, with one
    // version error that names the versions it reads.
    expect(sdk.check({ ...answer, protocol: '0.2.0' }).map((f: { rule: string; path: string }) => `${f.rule}:${f.path}`)).toEqual(['structure:/root/children/0/hovered']);
    expect(sdk.check(answer)).toEqual([]);
    const newer = sdk.check({ ...answer, protocol: '0.3.0' });
    expect(newer.map((f: { rule: string; path: string }) => `${f.rule}:${f.path}`)).toEqual(['version:/protocol']);
    expect(newer[0].message).toBe('Protocol version "0.3.0" is newer than every version this checker reads (0.2.0, 0.2.1); checked by the rules of 0.2.1');
    expect(sdk.check({ ...answer, protocol: '0.2' })[0].message).toContain('is not a version this checker reads (0.2.0, 0.2.1)');
  });

  it('changes both schemas', async () => {
    for (const kind of ['strict', 'lenient']) {
      const schema = JSON.parse(await read(`schema/answer.${kind}.schema.json`));
      expect(schema.$defs.Element.properties.hovered).toMatchObject({ type: 'boolean', default: false });
      expect(new Ajv2020({ strict: false }).validateSchema(schema)).toBe(true);
    }
    const strict = JSON.parse(await read('schema/answer.strict.schema.json'));
    expect(strict.$defs.Attributes.propertyNames.not.enum).toContain('hovered');
  });

  it('writes a changelog page for 0.2.1 from the diff, and the docs show the new state', async () => {
    const changelog = await read('docs/changelog/0.2.1.md');
    // Names in a change are code, linked to their entries.
    expect(changelog).toContain('| additive | Optional field [`Element.hovered`](../element.md#element-hovered) added | `field-added` |');
    expect(changelog).toContain('| additive | State [`hovered`](../element.md#element-hovered) added | `state-added` |');
    expect(await read('docs/element.md')).toContain('hovered');
  });

  it('changes the vectors', async () => {
    const reader = JSON.parse(await read('conformance/vectors/state-reader.json'));
    expect(reader.elements.every((e: Record<string, unknown>) => typeof e.hovered === 'boolean')).toBe(true);
  });
});

describe('a breaking RFC: a field removed', () => {
  it('gives 0.3.0, without the field, and diff calls it breaking', async () => {
    const s = await withRevision('breaking');
    try {
      const { model } = await assembleModel(await readSpecFiles(s.spec));
      expect(model?.protocolVersion).toBe('0.3.0');
      const element = model?.types.find((t) => t.name === 'Element');
      expect(element?.kind === 'record' && element.fields.map((f) => f.name)).not.toContain('url');
      const io = { text: '', out: (t: string) => { io.text += t; }, err: () => {} };
      expect(await main(['diff', '--spec', s.spec, '--json'], io)).toBe(0);
      const report = JSON.parse(io.text);
      expect(report).toMatchObject({ from: '0.2.0', to: '0.3.0', class: 'breaking' });
      expect(report.changes).toContainEqual(expect.objectContaining({ rule: 'field-removed', subject: 'Element.url', class: 'breaking' }));
    } finally {
      await s.dispose();
    }
  });
});

describe('versions built one from another', () => {
  const deepFreeze = (root: unknown) => {
    const stack = [root];
    while (stack.length) {
      const value = stack.pop();
      if (value === null || typeof value !== 'object' || Object.isFrozen(value)) continue;
      Object.freeze(value);
      stack.push(...Object.values(value));
    }
  };

  it('share what a later RFC left alone, and a later RFC changes nothing an earlier version holds', async () => {
    const s = await withRevision('breaking');
    try {
      const { model, versions } = await assembleModel(await readSpecFiles(s.spec));
      const [old, next] = versions;
      const fields = (m: typeof old) => m?.types.find((t) => t.name === 'Element');
      expect(old?.protocolVersion).toBe('0.2.0');
      expect(next).toBe(model);
      const before = fields(old);
      expect(before?.kind === 'record' && before.fields.map((f) => f.name)).toContain('url');
      // The types RFC-0002 did not touch are the very same objects in both versions.
      expect(old?.types.find((t) => t.name === 'Answer')).toBe(model?.types.find((t) => t.name === 'Answer'));
      expect(fields(old)).not.toBe(fields(model ?? undefined));
    } finally {
      await s.dispose();
    }
  });

  it('are not changed by any emitter (every target runs on frozen models)', async () => {
    const s = await withRevision('additive');
    try {
      const { model, versions } = await assembleModel(await readSpecFiles(s.spec));
      if (!model) throw new Error('the revision does not build');
      const expected = await emitAll(structuredClone(model), { regenerate: 'x', versions: structuredClone(versions) });
      deepFreeze([model, versions]);
      expect(await emitAll(model, { regenerate: 'x', versions })).toEqual(expected);
    } finally {
      await s.dispose();
    }
  }, 60_000);
});

describe('a breaking change declared as additive', () => {
  it('fails with version-effect on the Version effect row, writing nothing', async () => {
    const s = await withRevision('misdeclared');
    try {
      const { model, diagnostics } = await assembleModel(await readSpecFiles(s.spec));
      expect(model).toBeNull();
      expect(diagnostics.items.map(({ ruleId, file, line, column, severity, message }) => ({ ruleId, file, line, column, severity, message }))).toEqual([
        { ruleId: 'version-effect', file: 'spec/rfcs/0002-no-url.md', line: 8, column: 20, severity: 'error', message: 'RFC-0002 declares its change additive, but what it changes is breaking: field-removed Element.url (spec/rfcs/0002-no-url.md:15:3)' },
      ]);
      const before = await readFile(join(s.out, 'model/model.json'), 'utf8');
      expect(await main(['generate', '--spec', s.spec, '--out', s.out], quiet)).toBe(1);
      expect(await readFile(join(s.out, 'model/model.json'), 'utf8')).toBe(before);
    } finally {
      await s.dispose();
    }
  });
});

describe('watch', () => {
  it('regenerates after a save, rewriting only what changed, and reports a bad save without writing', async () => {
    const { watch } = await import('../../generator/watch.js');
    const s = await scratch(true);
    const lines: string[] = [];
    const next = () => new Promise<string>((resolve) => {
      const seen = lines.length;
      const timer = setInterval(() => {
        if (lines.length > seen) {
          clearInterval(timer);
          resolve(lines.slice(seen).join(''));
        }
      }, 20);
    });
    const stop = await watch(s.spec, s.out, { out: (t) => lines.push(t), err: (t) => lines.push(t) });
    try {
      const rfc = join(s.spec, 'rfcs/0001-element-model.md');
      const text = await readFile(rfc, 'utf8');
      let printed = next();
      await (await import('node:fs/promises')).writeFile(rfc, text.replace('One line a person could read', 'One line a person can read'));
      expect(await printed).toMatch(/watch: \d+ files? rewritten in \d+ ms/);
      expect(await readFile(join(s.out, 'model/model.json'), 'utf8')).toContain('One line a person can read');
      printed = next();
      await (await import('node:fs/promises')).writeFile(rfc, text.replace('| `title` | `string` |', '| `title` | `Headline` |'));
      expect(await printed).toContain('unknown-type');
      expect(await readFile(join(s.out, 'model/model.json'), 'utf8')).toContain('One line a person can read');
    } finally {
      await stop();
      await s.dispose();
    }
  }, 60_000);
});
