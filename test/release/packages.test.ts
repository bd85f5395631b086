import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../../generator/emit/index.js';
import { TARGETS } from '../../generator/emit/targets.js';
import { type Publishing, PUBLISHING_FILE, projectPublishing, readPublishing, sdkVersionTable } from '../../generator/emit/shared/publishing.js';
import type { GeneratedFile } from '../../generator/emit/core/target.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { GENERATED, ROOT, realModel } from '../helpers/spec.js';
import { type Spot, withExpectations } from '../helpers/binding-expectations.js';
import { fenced } from '../helpers/readme.js';
import { readmeExample } from '../../generator/emit/shared/readme-example.js';

// Every target the registry releases to a registry of its ecosystem: what each ships beside its code, as that
// ecosystem expects of a published package.
const PACKAGES: string[] = [];
for (const target of TARGETS) if ('packer' in target && (await target.packer()).publishedTo) PACKAGES.push(target.name);

describe('every generated package', () => {
  it.each(PACKAGES)('%s ships the repository\'s LICENSE and a README', async (name) => {
    const root = await readFile(join(ROOT, 'LICENSE'), 'utf8');
    expect(root).toContain('Apache License');
    expect(await readFile(join(GENERATED, name, 'LICENSE'), 'utf8')).toBe(root);
    expect((await readFile(join(GENERATED, name, 'README.md'), 'utf8')).length).toBeGreaterThan(200);
  });
});

/** A sample of what the maintainers will state in publishing.json, every field set, an SDK version unlike the protocol's. */
const SAMPLE: Publishing = {
  sdkVersion: '7.3.1',
  released: [
    { sdk: '7.2.0', protocol: '0.1.0' },
    { sdk: '7.3.0', protocol: '0.2.0' },
  ],
  repository: 'https://git.example.org/sample-org/sample-repo',
  documentation: 'https://docs.example.org/element-model',
  organization: { name: 'Sample Org', url: 'https://example.org' },
  developers: [{ id: 'ada', name: 'Ada Sample', email: 'ada@example.org', url: null }],
};

async function emitted(publishing: Publishing | undefined): Promise<Map<string, string>> {
  const model = await realModel();
  const files: GeneratedFile[] = [];
  for (const name of PACKAGES) {
    const out = await emitTarget(name, model, { regenerate: 'npm run generate', versions: [model], ...(publishing ? { publishing } : {}) });
    expect(out.diagnostics, name).toEqual([]);
    files.push(...out.files);
  }
  return new Map(files.map((f) => [f.path, f.contents]));
}

const at = (files: Map<string, string>, path: string): string => {
  const text = files.get(path);
  if (text === undefined) throw new Error(`no ${path}`);
  return text;
};

/** Each binding with what the tests expect of its code (test/bindings/<name>/expectations.ts): where it states its versions, its README's install line and example. */
const BINDINGS = await withExpectations();

/**
 * Where each package states its version (its manifest and its constant) and the protocol version it speaks, as
 * its test/bindings/<name>/expectations.ts says: for each binding, what each place holds (undefined where the pattern finds nothing).
 */
function versionsIn(files: Map<string, string>) {
  const value = ({ path, pattern }: Spot) => pattern.exec(at(files, path))?.[1];
  return Object.fromEntries(BINDINGS.map(([, b, { versions }]) => [b.name, { manifest: value(versions.manifest), sdk: value(versions.sdk), protocol: versions.protocol.map(value) }]));
}

/** What versionsIn finds when every package is SDK `sdk` and speaks `protocol`. */
const stating = (sdk: string, protocol: string) =>
  Object.fromEntries(BINDINGS.map(([, b, { versions }]) => [b.name, { manifest: sdk, sdk, protocol: versions.protocol.map(() => protocol) }]));

const READMES = PACKAGES.map((p) => `${p}/README.md`);

describe(`the packages' version and packaging facts, stated once (${PUBLISHING_FILE})`, () => {
  it("every package is the SDK version publishing.json states and names the spec's protocol version, apart from it", async () => {
    const model: CanonicalModel = await realModel();
    const { sdkVersion } = projectPublishing();
    const files = await emitted(undefined);
    const found = versionsIn(files);
    expect(found).toEqual(stating(sdkVersion, model.protocolVersion));
    // Every package states the protocol somewhere.
    for (const [, b, { versions }] of BINDINGS) expect(versions.protocol.length, b.name).toBeGreaterThan(0);
    // What is on disk is what the emitters make from publishing.json: every file of every package, its manifests and READMEs among them.
    for (const path of READMES) expect(files.has(path), path).toBe(true);
    for (const [path, text] of files) expect(await readFile(join(GENERATED, path), 'utf8'), path).toBe(text);
  });

  it('a sample SDK version and release history reach every package, its constants and every README\'s table, while the protocol stays the spec\'s', async () => {
    const model = await realModel();
    const files = await emitted(SAMPLE);
    const found = versionsIn(files);
    expect(found).toEqual(stating('7.3.1', model.protocolVersion));
    const table = sdkVersionTable(SAMPLE, model);
    expect(table.split('\n').slice(2)).toEqual([`| 7.3.1 (this one) | ${model.protocolVersion} |`, '| 7.3.0 | 0.2.0 |', '| 7.2.0 | 0.1.0 |']);
    for (const readme of READMES) expect(at(files, readme), readme).toContain(table);
  });

  it('a sample repository reaches the pom (url, scm), npm (repository, homepage), the SwiftPM install line and Python\'s URLs; a sample organisation and developer reach the pom', async () => {
    const files = await emitted(SAMPLE);
    const pom = at(files, 'kotlin/pom.xml');
    expect(pom).toContain('<url>https://docs.example.org/element-model</url>');
    expect(pom).toMatch(/<scm>\s*<connection>scm:git:https:\/\/git\.example\.org\/sample-org\/sample-repo\.git<\/connection>\s*<developerConnection>scm:git:https:\/\/git\.example\.org\/sample-org\/sample-repo\.git<\/developerConnection>\s*<url>https:\/\/git\.example\.org\/sample-org\/sample-repo<\/url>\s*<\/scm>/);
    expect(pom).toMatch(/<organization>\s*<name>Sample Org<\/name>\s*<url>https:\/\/example\.org<\/url>\s*<\/organization>/);
    expect(pom).toMatch(/<developers>\s*<developer>\s*<id>ada<\/id>\s*<name>Ada Sample<\/name>\s*<email>ada@example\.org<\/email>\s*<\/developer>\s*<\/developers>/);
    const npm = JSON.parse(at(files, 'typescript/package.json'));
    expect(npm.repository).toEqual({ type: 'git', url: 'git+https://git.example.org/sample-org/sample-repo.git', directory: 'generated/typescript' });
    expect(npm.homepage).toBe('https://docs.example.org/element-model');
    expect(npm.publishConfig).toEqual({ access: 'public' });
    const swift = at(files, 'swift/README.md');
    expect(swift).toContain('.package(url: "https://git.example.org/sample-org/sample-repo.git", from: "7.3.1"),');
    expect(swift).toContain('.product(name: "ElementModel", package: "sample-repo"),');
    const pyproject = at(files, 'python/pyproject.toml');
    expect(pyproject).toContain('[project.urls]\nDocumentation = "https://docs.example.org/element-model"\nRepository = "https://git.example.org/sample-org/sample-repo"\n');
    // The npm README links the published reference pages, not paths of a repository the package does not ship.
    const readme = at(files, 'typescript/README.md');
    expect(readme).toContain('](https://docs.example.org/element-model/roles.html)');
    expect(readme).not.toMatch(/\]\((?!https:)/);
    // Nothing is left to set, so no README asks for it.
    for (const path of READMES) expect(at(files, path), path).not.toContain('Before publishing');
  });

  it('with the repository and developers unset (as publishing.json has them now), the fields that need them are left out and every README says to set them', async () => {
    const unset: Publishing = { ...SAMPLE, repository: null, documentation: null, organization: null, developers: [] };
    const files = await emitted(unset);
    const pom = at(files, 'kotlin/pom.xml');
    for (const tag of ['<url>', '<scm>', '<developers>', '<organization>', '<distributionManagement>']) expect(pom, tag).not.toContain(tag.replace('<url>', '\n  <url>'));
    // What Central requires and the project knows is there whatever is unset.
    for (const tag of ['<name>element-model</name>', '<description>', '<licenses>']) expect(pom, tag).toContain(tag);
    const npm = JSON.parse(at(files, 'typescript/package.json'));
    expect(npm).not.toHaveProperty('repository');
    expect(npm).not.toHaveProperty('homepage');
    expect(npm.publishConfig).toEqual({ access: 'public' });
    expect(at(files, 'python/pyproject.toml')).not.toContain('[project.urls]');
    expect(at(files, 'swift/README.md')).toContain(`.package(url: "<this repository's git URL>", from: "7.3.1"),`);
    for (const path of READMES) expect(at(files, path), path).toMatch(/Before publishing: `repository`.* must be set in the toolchain's `publishing\.json`/);
    expect(at(files, 'kotlin/README.md')).toContain('`repository` and `developers` must be set');
  });

  it('publishing.json is refused, field by field, when a value is not what the registries take', () => {
    const ok = { sdkVersion: '1.0.0', released: [], repository: null, documentation: null, organization: null, developers: [] };
    expect(readPublishing(ok)).toEqual({ publishing: ok });
    const problems = (value: unknown) => {
      const read = readPublishing(value);
      return 'problems' in read ? read.problems : [];
    };
    expect(problems([])).toEqual(['it is not a JSON object']);
    expect(problems({ ...ok, sdkVersion: 'v1.0' })).toEqual(['sdkVersion must be a semantic version such as 1.2.3']);
    expect(problems({ ...ok, repository: 'https://github.com/o/r/' })).toEqual(['repository must be null or an https:// address with no trailing slash']);
    expect(problems({ ...ok, repository: 'http://github.com/o/r' })).toEqual(['repository must be null or an https:// address with no trailing slash']);
    expect(problems({ ...ok, repository: 'https://github.com/o/r.git' })).toEqual(['repository is the web address, without .git']);
    expect(problems({ ...ok, developers: [{ id: 'a', name: '' }] })[0]).toMatch(/^developers\[0\] must have an id/);
    expect(problems({ ...ok, released: [{ sdk: '1.0.0', protocol: '0.2.0' }, { sdk: '0.9.0', protocol: '0.2.0' }] })).toEqual(['released[1]: SDK versions go up, oldest first']);
    expect(problems({ ...ok, released: [{ sdk: '1.0.0', protocol: '0.2.0' }] })).toEqual(['sdkVersion 1.0.0 is already released; raise it before generating a new release']);
    expect(problems({ ...ok, repo: 'x' })).toEqual(['unknown field "repo" (the fields are sdkVersion, released, repository, documentation, organization, developers)']);
  });

  it("the project's publishing.json is read as it is", async () => {
    expect(readPublishing(JSON.parse(await readFile(join(ROOT, PUBLISHING_FILE), 'utf8')))).toEqual({ publishing: projectPublishing() });
  });
});

describe("each package's README example", () => {
  // Each binding whose own test runs the example (its binding's readmeExample), with the language of the README's
  // block and what that test holds of the output (its test/bindings/<name>/expectations.ts).
  it.for(BINDINGS)("%s: the README's example is, word for word, the code its own test runs, and the output it shows is the test's", async ([, b, { readme: expected }]) => {
    expect(expected === null, `${b.name}: readmeExample ${b.readmeExample}`).toBe(b.readmeExample === null);
    if (expected === null || b.readmeExample === null) return;
    const readme = await readFile(join(GENERATED, b.outDir, 'README.md'), 'utf8');
    const code = fenced(readme, expected.fence, '## Use');
    expect(code.split('\n').length).toBeGreaterThan(8);
    const source = await readFile(join(GENERATED, b.readmeExample), 'utf8');
    expect(source).toContain(code);
    const example = readmeExample(await realModel());
    if ('missing' in example) throw new Error(example.missing);
    expect(fenced(readme, 'text', '## Use')).toBe(example.output);
    expect(source).toContain(expected.output(example));
  });

  it.for(BINDINGS)('%s: the README has an install line naming the package at the SDK version', async ([, b, expected]) => {
    const { sdkVersion } = projectPublishing();
    const readme = await readFile(join(GENERATED, b.outDir, 'README.md'), 'utf8');
    const { fence, text, whole } = expected.install(sdkVersion);
    if (whole) expect(fenced(readme, fence, '## Install')).toBe(text);
    else expect(fenced(readme, fence, '## Install')).toContain(text);
  });
});
