import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import semver from 'semver';
import ts from 'typescript';
import { header } from '../../../generator/emit/shared/text.js';
import { PACKAGE_NAME, emitPackage } from '../../../generator/emit/typescript/package.js';
import { projectPublishing } from '../../../generator/emit/shared/publishing.js';
import { readmeExample } from '../../../generator/emit/shared/readme-example.js';
import { fenced } from '../../helpers/readme.js';
import { transpile } from '../../../generator/emit/typescript/transpile.js';
import { assembleModel } from '../../../generator/model/assemble.js';
import { readSpecFiles } from '../../../generator/spec-files.js';
import { GENERATED, ROOT, editFile, mcpExampleBlocks, realModel, scratch } from '../../helpers/spec.js';
import { schema, sdk, vectors } from '../../helpers/sdk.js';

const run = promisify(execFile);
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const all = await vectors();
const lib = await sdk();
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
const strict = ajv.compile(await schema('strict'));
const lenient = ajv.compile(await schema('lenient'));
/**
 * Rules whose findings a JSON Schema can express (the strict one refuses a content block of an unknown kind, which
 * the lenient one keeps); R4 and R6 need the whole tree, which a schema cannot see.
 */
const SCHEMA_RULES = new Set(['structure', 'state-on-element', 'role-language', 'content-kind']);

describe.each(all.map((v) => [v.name, v] as const))('vector %s', (_, v) => {
  it('check gives exactly the expected findings', () => {
    const got = lib.check(v.input).map(({ requirement, rule, severity, elementId, path }) => ({ requirement, rule, severity, elementId, path }));
    expect(got).toEqual(v.findings);
  });

  it('the strict schema agrees with the vector and with check\'s structural verdict', () => {
    expect(strict(v.input)).toBe(v.strictValid);
    const structural = lib.check(v.input).some((f) => SCHEMA_RULES.has(f.rule));
    expect(!structural).toBe(v.strictValid);
  });

  it('decodes under the lenient schema as the vector says', () => {
    expect(lenient(v.input)).toBe(v.decodes);
  });

  // Only answers that decode have elements to read.
  if (v.decodes) it('reads every element\'s role and effective state as the vector says', () => {
    const got = lib.effectiveElements(v.input as never).map(({ element, path, state }) => {
      const role = lib.readRole(String(element.role));
      return { path, id: element.id, rawRole: role.raw, role: role.role, known: role.known, ...state };
    });
    expect(got).toEqual(v.elements);
  });
});

describe('the vectors', () => {
  it('cover every checkable requirement with a passing and a failing answer', async () => {
    const model = await realModel();
    for (const r of model.requirements.filter((x) => x.checkable && x.rule && x.rule !== 'state-reader')) {
      const covering = all.filter((v) => v.covers.includes(r.id));
      expect(covering.some((v) => v.findings.some((f) => f.requirement === r.id)), `${r.id} failing`).toBe(true);
      expect(covering.some((v) => !v.findings.some((f) => f.requirement === r.id)), `${r.id} passing`).toBe(true);
    }
    expect(all.some((v) => v.covers.includes(model.requirements.find((r) => r.rule === 'state-reader')?.id ?? ''))).toBe(true);
  });
});

describe('the schemas', () => {
  it('are valid JSON Schema 2020-12 with $ids', async () => {
    for (const kind of ['strict', 'lenient'] as const) {
      const s = await schema(kind);
      expect(new Ajv2020({ strict: false }).validateSchema(s)).toBe(true);
      expect(s.$id).toMatch(new RegExp(`^https://.+/answer\\.${kind}\\.schema\\.json$`));
    }
  });

  it('accept the RFC example and every MCP example content block', async () => {
    const model = await realModel();
    const example = model.examples[0]?.value;
    expect(strict(example)).toBe(true);
    expect(lenient(example)).toBe(true);
    const examples = await mcpExampleBlocks();
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const { file: f, block } of examples) {
      const answer = { protocol: model.protocolVersion, instance: 'i', root: { id: 'a', role: 'Application', children: [{ id: 't', role: 'Text', content: [block] }] } };
      expect(strict(answer), `${f}: ${JSON.stringify(strict.errors)}`).toBe(true);
      expect(lenient(answer), f).toBe(true);
      expect(lib.check(answer), f).toEqual([]);
    }
  });
});

describe('the runtime', () => {
  it('reads an unknown role such as "Slider" as Group, keeping the raw string', () => {
    expect(lib.readRole('Slider')).toEqual({ role: 'Group', raw: 'Slider', known: false });
    expect(lib.readRole('Row')).toEqual({ role: 'Row', raw: 'Row', known: true });
  });

  it('an answer with role "Slider" and an extra field passes with a warning, behaves as Group and keeps "Slider"', () => {
    const text = JSON.stringify({ protocol: '0.2.0', instance: 'x', root: { id: 'app', role: 'Application', children: [{ id: 's', role: 'Slider', tint: 'blue' }] } });
    const { answer, findings } = lib.parseAnswer(text);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['role-language', 'warning'], ['structure', 'warning']]);
    const slider = lib.effectiveElements(answer)[1];
    expect(lib.readRole(slider!.element.role).role).toBe('Group');
    expect(JSON.parse(JSON.stringify(answer)).root.children[0].role).toBe('Slider');
  });

  it('maps every Apple role in the spec, and says why the unreported ones are not reported', async () => {
    const model = await realModel();
    for (const a of model.appleRoles) expect(lib.fromAppleRole(a.value), a.value).not.toBeNull();
    expect(lib.fromAppleRole('AXSheet')).toMatchObject({ role: 'Window' });
    expect(lib.fromAppleRole('AXWebArea')).toMatchObject({ role: 'Document' });
    expect(lib.fromAppleRole('AXButton')).toMatchObject({ role: null, class: 'controls', reason: 'A provider does not report controls' });
    expect(lib.fromAppleRole('AXColumn')).toMatchObject({ role: null, reason: expect.stringContaining('Column is not used') });
    expect(lib.fromAppleRole('AXNotARole')).toBeNull();
  });

  it('follows the focus path of the RFC example', async () => {
    const answer = (await realModel()).examples[0]?.value as never;
    expect(lib.focusPath(answer).map((e) => e.id)).toEqual(['w-1', 'th-2', 'c-3']);
  });

  it('parseAnswer refuses text that is not JSON, an unknown version, and an answer with errors', () => {
    expect(() => lib.parseAnswer('{')).toThrow(/Not JSON/);
    expect(() => lib.parseAnswer('{"protocol":"9.9.9"}')).toThrow(/Unknown protocol version "9.9.9"/);
    expect(() => lib.parseAnswer('{"protocol":"0.2.0","instance":"i","root":{"id":"a","role":"Window"}}')).toThrow(lib.AnswerError);
  });
});

describe('check catches an answer written by hand to break each requirement', () => {
  const base = (children: unknown[], extra: object = {}) => ({ protocol: '0.2.0', instance: 'i', root: { id: 'app', role: 'Application', children }, ...extra });
  const ids = (answer: unknown) => lib.check(answer).map((f) => `${f.requirement ?? '-'}:${f.severity}`);

  it('R1: selected inside attributes, and a 0.1 focus list', () => {
    expect(ids(base([{ id: 'a', role: 'Row', attributes: { selected: true } }]))).toEqual(['R1:error']);
    expect(ids(base([{ id: 'a', role: 'Row' }], { focus: ['a'] }))).toEqual(['R1:error']);
  });
  it('R3: a root that is not an Application; an unknown role is only flagged', () => {
    expect(ids({ protocol: '0.2.0', instance: 'i', root: { id: 'w', role: 'Window' } })).toEqual(['R3:error']);
    expect(ids(base([{ id: 'a', role: 'Slider' }]))).toEqual(['R3:warning']);
  });
  it('R4: a repeated id, naming both places', () => {
    const findings = lib.check(base([{ id: 'a', role: 'Row' }, { id: 'a', role: 'Row' }]));
    expect(findings).toEqual([expect.objectContaining({ requirement: 'R4', path: '/root/children/1/id', message: expect.stringContaining('/root/children/0') })]);
  });
  it('R6: a focused element whose parent below the root is not focused', () => {
    expect(ids(base([{ id: 'a', role: 'List', children: [{ id: 'b', role: 'Row', focused: true }] }]))).toEqual(['R6:error']);
  });
  it('structure: a removed 0.1 name with a hint naming its replacement', () => {
    const [finding] = lib.check(base([{ id: 'a', role: 'Row', type: 'task' }]));
    expect(finding).toMatchObject({ requirement: null, rule: 'structure', severity: 'error' });
    expect(finding?.message).toContain('use role');
  });
});

describe('check scales without recursion', () => {
  it('checks a tree 100,000 deep', () => {
    let node: Record<string, unknown> = { id: 'n-100000', role: 'Group' };
    for (let i = 99_999; i >= 1; i--) node = { id: `n-${i}`, role: 'Group', children: [node] };
    const findings = lib.check({ protocol: '0.2.0', instance: 'i', root: { id: 'app', role: 'Application', children: [node] } }, { maxDepth: 200_000 });
    expect(findings).toEqual([]);
    expect(lib.effectiveElements({ protocol: '0.2.0', instance: 'i', root: { id: 'app', role: 'Application', children: [node as never] } })).toHaveLength(100_001);
  });

  it('checks 1,000,000 siblings', () => {
    const children = Array.from({ length: 1_000_000 }, (_, i) => ({ id: `c-${i}`, role: 'Row' }));
    expect(lib.check({ protocol: '0.2.0', instance: 'i', root: { id: 'app', role: 'Application', children } }, { maxElements: 2_000_000 })).toEqual([]);
  });
});

describe('the package', () => {
  /** A file as TypeScript's printer writes it again: the same program gives the same text, whatever its layout. */
  const reprinted = (text: string, name: string) =>
    ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }).printFile(ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, false, name.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS));

  it.each([
    ['the real spec', null],
    ['a spec with two released versions', 'additive'],
    ['a spec with an enum', 'enum'],
  ])("prints dist/model.js and dist/model.d.ts as TypeScript's transpiler would make them from src/model.ts: %s", async (_, revision) => {
    const s = await scratch();
    try {
      if (revision) {
        await editFile(join(s.spec, 'rfcs/0001-element-model.md'), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
        await cp(join(ROOT, 'test/fixtures/revisions', revision), join(s.spec, 'rfcs'), { recursive: true });
      }
      const { model, versions } = await assembleModel(await readSpecFiles(s.spec));
      if (!model) throw new Error('the spec does not build');
      const files = new Map(emitPackage(model, { regenerate: 'npm run generate', versions }).map((f) => [f.path, f.contents]));
      const source = files.get('typescript/src/model.ts') ?? '';
      const head = header(model, 'npm run generate', '//');
      const transpiled = transpile('src/model.ts', source.slice(head.length));
      expect(versions.length).toBe(revision ? 2 : 1);
      expect(reprinted(files.get('typescript/dist/model.js') ?? '', 'model.js')).toBe(reprinted(head + transpiled.js, 'model.js'));
      expect(reprinted(files.get('typescript/dist/model.d.ts') ?? '', 'model.d.ts')).toBe(reprinted(head + transpiled.dts, 'model.d.ts'));
    } finally {
      await s.dispose();
    }
  }, 60_000);

  it('states the Node.js versions the toolchain states and CI tests, and the Node running this test is one of them', async () => {
    const own = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).engines.node;
    const generated = JSON.parse(await readFile(join(GENERATED, 'typescript/package.json'), 'utf8')).engines.node;
    expect(generated).toBe(own);
    expect(semver.satisfies(process.versions.node, own), `Node ${process.versions.node} is outside ${own}`).toBe(true);
    for (const outside of ['18.20.0', '20.18.0', '21.7.0', '22.11.0', '23.0.0', '26.0.0']) expect(semver.satisfies(outside, own), outside).toBe(false);
    for (const inside of ['20.19.0', '22.12.0', '24.0.0']) expect(semver.satisfies(inside, own), inside).toBe(true);
  });

  it('is packaged as npm expects: publint reports nothing, not even a suggestion', async () => {
    const { publint } = await import('publint');
    const { messages } = await publint({ pkgDir: join(GENERATED, 'typescript'), level: 'suggestion', strict: true });
    expect(messages).toEqual([]);
  }, 60_000);

  it('with a repository and a reference site set (a sample publishing.json), publint still reports nothing', async () => {
    const model = await realModel();
    const publishing = { ...projectPublishing(), repository: 'https://git.example.org/sample-org/sample-repo', documentation: 'https://docs.example.org/element-model' };
    const files = emitPackage(model, { regenerate: 'npm run generate', versions: [model], publishing });
    const dir = await mkdtemp(join(tmpdir(), 'element-publint-'));
    try {
      for (const file of files) {
        const path = join(dir, file.path);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, file.contents);
      }
      const manifest = JSON.parse(await readFile(join(dir, 'typescript/package.json'), 'utf8'));
      expect(manifest.repository.url).toBe('git+https://git.example.org/sample-org/sample-repo.git');
      const { publint } = await import('publint');
      const { messages } = await publint({ pkgDir: join(dir, 'typescript'), level: 'suggestion', strict: true });
      expect(messages).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('type-checks under tsc --strict --exactOptionalPropertyTypes', async () => {
    await run(process.execPath, [TSC, '-p', join(GENERATED, 'typescript/tsconfig.json'), '--noEmit', '--strict', '--exactOptionalPropertyTypes']);
  }, 60_000);

  describe('installed into a scratch consumer project', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'element-consumer-'));
      return () => rm(dir, { recursive: true, force: true });
    });

    it('packs, installs, and type-checks the RFC example as an Answer', async () => {
      const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir, join(GENERATED, 'typescript')]);
      const tarball = join(dir, stdout.trim().split('\n').pop() as string);
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      await run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: dir });
      const example = (await realModel()).examples[0]?.value;
      await writeFile(join(dir, 'consumer.ts'), [
        "import { check, effectiveElements, readRole, type Answer, type Element, type Role } from '@element-model/sdk';",
        `const answer: Answer = ${JSON.stringify(example, null, 2)};`,
        'const first: Element | undefined = answer.root.children?.[0];',
        // The role language is open: a received element may carry a role outside it, which readRole reads.
        "const received: Element = { id: 's', role: 'Slider' };",
        "const role: Role = readRole(first?.role ?? received.role).role;",
        'export const result = [check(answer).length, effectiveElements(answer).length, role] as const;',
        '',
      ].join('\n'));
      await writeFile(join(dir, 'bad.ts'), "import type { Answer } from '@element-model/sdk';\nexport const bad: Answer = { protocol: '0.2.0', instance: 'i', root: { id: 'a', role: 42 } };\n");
      const flags = ['--strict', '--exactOptionalPropertyTypes', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
      await run(process.execPath, [TSC, ...flags, 'consumer.ts'], { cwd: dir });
      // The types are not vacuous: a role that is not a string does not type-check.
      await expect(run(process.execPath, [TSC, ...flags, 'bad.ts'], { cwd: dir })).rejects.toMatchObject({ stdout: expect.stringContaining("Type 'number' is not assignable") });
      // The validator command comes with the package, as npm installs a bin.
      await writeFile(join(dir, 'example.json'), JSON.stringify(example));
      const validated = await run(join(dir, 'node_modules/.bin/element-model-validate'), ['example.json'], { cwd: dir });
      expect(validated.stdout).toBe('example.json: no findings\n');
    }, 120_000);

    it("runs the installed package's README example as written, and it prints what the README shows", async () => {
      const installed = join(dir, 'node_modules', PACKAGE_NAME);
      const readme = await readFile(join(installed, 'README.md'), 'utf8');
      const example = readmeExample(await realModel());
      if ('missing' in example) throw new Error(example.missing);
      // The install line names this package at its SDK version.
      const { sdkVersion } = projectPublishing();
      expect(fenced(readme, 'sh', '## Install').trim()).toBe(`npm install ${PACKAGE_NAME}@${sdkVersion}`);
      expect(JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')).version).toBe(sdkVersion);
      await writeFile(join(dir, 'describe.mjs'), fenced(readme, 'js', '## Use'));
      await writeFile(join(dir, example.file), example.answer);
      const shown = fenced(readme, 'text', '## Use');
      expect(shown).toBe(example.output);
      const { stdout } = await run(process.execPath, ['describe.mjs', example.file], { cwd: dir });
      expect(stdout).toBe(shown);
      // The versions it speaks, as constants of the installed package.
      const { stdout: versions } = await run(process.execPath, ['--input-type=module', '-e', `import { PROTOCOL_VERSION, SDK_VERSION } from '${PACKAGE_NAME}'; console.log(SDK_VERSION, PROTOCOL_VERSION);`], { cwd: dir });
      expect(versions).toBe(`${sdkVersion} ${(await realModel()).protocolVersion}\n`);
      // And from CommonJS, as the README says: require() of the ES module.
      const { stdout: required } = await run(process.execPath, ['--input-type=commonjs', '-e', `const sdk = require('${PACKAGE_NAME}'); console.log(sdk.SDK_VERSION, typeof sdk.check);`], { cwd: dir });
      expect(required).toBe(`${sdkVersion} function\n`);
    }, 120_000);
  });
});
