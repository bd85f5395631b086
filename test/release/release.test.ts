import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import type { Publishing } from '../../generator/emit/shared/publishing.js';
import { generateInMemory } from '../../generator/pipeline.js';
import { release } from '../../generator/release/index.js';
import { rootOf } from '../../generator/release/releasable.js';
import { projectElements } from '../../generator/release/pack/maven.js';
import { releasePackers } from '../../generator/release/packers.js';
import { afterRelease, releaseSdkVersion } from '../../generator/release/sdk-version.js';
import { prependChangelog, stampReleased } from '../../generator/release/stamp.js';
import { targetNamed } from '../../generator/emit/targets.js';
import { BINDINGS } from '../helpers/bindings.js';
import { type DryRun, disposeDryRun, dryRunRelease, GO_MODULE, project, RELEASED, REPOSITORY, treeHash } from '../helpers/dry-run-release.js';
import { describePublish } from '../helpers/publish-suite.js';
import { editFile, ROOT, scratch } from '../helpers/spec.js';
import { goMissing, mavenMissing, requireTool, rustMissing, swiftMissing } from '../helpers/toolchain.js';

const run = promisify(execFile);

const PUBLISHING: Publishing = {
  sdkVersion: '0.1.0',
  released: [],
  repository: null,
  documentation: null,
  organization: null,
  developers: [],
};

const released = RELEASED;

describe('the SDK version a release gets (docs/publishing.md)', () => {
  it('steps the last released SDK version by the protocol change, as the versioning table steps the protocol', () => {
    expect(releaseSdkVersion(PUBLISHING, 'breaking')).toBe('0.1.0'); // the first release keeps what is set
    expect(releaseSdkVersion(released, 'additive')).toBe('0.1.1');
    expect(releaseSdkVersion(released, 'editorial')).toBe('0.1.1');
    expect(releaseSdkVersion(released, 'breaking')).toBe('0.2.0');
    expect(releaseSdkVersion({ ...released, released: [{ sdk: '1.4.2', protocol: '1.0.0' }], sdkVersion: '1.4.3' }, 'additive')).toBe('1.5.0');
    expect(releaseSdkVersion({ ...released, released: [{ sdk: '1.4.2', protocol: '1.0.0' }], sdkVersion: '1.4.3' }, 'breaking')).toBe('2.0.0');
    // Raised past the rule already (a binding's fix): the higher.
    expect(releaseSdkVersion({ ...released, sdkVersion: '0.3.0' }, 'additive')).toBe('0.3.0');
    expect(afterRelease(released, '0.1.1', '0.2.1')).toEqual({ ...released, released: [...released.released, { sdk: '0.1.1', protocol: '0.2.1' }], sdkVersion: '0.1.2' });
  });

  it('stamps one cell, or adds one row, and keeps the changelog newest first', () => {
    const text = '# RFC-0002: X\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Released in | — |\n\nProse.\n';
    expect(stampReleased(text, '0.2.1', '2026-12-04')).toBe(text.replace('| Released in | — |', '| Released in | 0.2.1 (2026-12-04) |'));
    const without = text.replace('| Released in | — |\n', '');
    expect(stampReleased(without, '0.2.1', '2026-12-04')).toBe(text.replace('| Released in | — |', '| Released in | 0.2.1 (2026-12-04) |'));
    expect(stampReleased('# no table\n', '0.2.1', '2026-12-04')).toBeNull();
    const first = prependChangelog(null, '## 0.2.0\n\nA.\n');
    const second = prependChangelog(first, '## 0.2.1\n\nB.\n');
    expect(second.indexOf('## 0.2.1')).toBeLessThan(second.indexOf('## 0.2.0'));
    expect(second.match(/^# Changelog/gm)).toHaveLength(1);
  });
});

// The dry run's folder, packed once, is what the publish tests below upload.
afterAll(disposeDryRun, 60_000);

describe('element-spec release --dry-run on a project with a new additive RFC', () => {
  let s: DryRun['project'];
  let before: Record<string, string>;
  let out = '';
  let err = '';
  let code = -1;
  beforeAll(async () => {
    ({ project: s, before, out, err, code } = await dryRunRelease());
  }, 600_000);

  it('packs every package into build/release/<version>/, with notes and checksums, and changes no file of the project', async (ctx) => {
    requireTool(ctx, mavenMissing());
    requireTool(ctx, goMissing());
    requireTool(ctx, rustMissing());
    expect(code, err).toBe(0);
    expect(await treeHash(s.dir)).toEqual(before);
    const dest = join(s.dir, 'build/release/0.2.1');
    const files = (await readdir(dest, { recursive: true })).sort();
    for (const name of ['element-model-sdk-0.1.1.tgz', 'element_model-0.1.1-py3-none-any.whl', 'element_model-0.1.1.tar.gz', 'element-model-0.1.1.jar',
      'element-model-0.1.1-sources.jar', 'element-model-0.1.1-javadoc.jar', 'element-model-0.1.1.pom', 'element-model-validate-0.1.1.jar',
      'ElementModel-0.1.1.zip', 'model.json', 'RELEASE_NOTES.md', 'SHA256SUMS', 'element-model-0.1.1.crate', 'element-spec-0.1.1.vsix',
      `go/${GO_MODULE}/@v/v0.1.1.zip`, `go/${GO_MODULE}/@v/v0.1.1.mod`, `go/${GO_MODULE}/@v/v0.1.1.info`, `go/${GO_MODULE}/@v/list`]) expect(files).toContain(name);
    // The Go module zip as the module proxy serves it: every entry under <module>@<version>/.
    const goZip = (await run('unzip', ['-Z1', join(dest, `go/${GO_MODULE}/@v/v0.1.1.zip`)])).stdout.split('\n').filter(Boolean);
    expect(goZip).toContain(`${GO_MODULE}@v0.1.1/go.mod`);
    expect(goZip.every((f) => f.startsWith(`${GO_MODULE}@v0.1.1/`))).toBe(true);
    expect(out).toContain('tag generated/go/v0.1.1 in the repository');
    expect(files.filter((f) => f.startsWith('schema/') && f.endsWith('.json')).length).toBeGreaterThan(0);
    // The Swift archive as SwiftPM lays a source archive out: one top folder, the manifest in it.
    const zipped = (await run('unzip', ['-Z1', join(dest, 'ElementModel-0.1.1.zip')])).stdout.split('\n').filter(Boolean);
    expect(zipped).toContain('ElementModel/Package.swift');
    expect(zipped.every((f) => f.startsWith('ElementModel/'))).toBe(true);
    // The progress per package, and a closing table that names every file.
    // One package per target the registry says is released, each with its progress line.
    const packers = (await releasePackers()).map((p) => p.name);
    // Every language's package among them (each binding of the registry has a packer), the spec's files and the extension.
    const languages = await Promise.all(BINDINGS.map(async (b) => (await targetNamed(b.name)?.packer?.())?.name));
    expect(languages).not.toContain(undefined);
    expect(packers).toEqual(expect.arrayContaining([...languages, 'schema', 'model', 'vscode']));
    for (const packer of packers) expect(err).toContain(`release: packed ${packer}`);
    for (const name of files.filter((f) => !f.startsWith('schema'))) expect(out).toContain(name);
  });

  it('writes checksums that verify, and notes that give the version, its changes with their RFC rows, and the SDK version', async () => {
    const dest = join(s.dir, 'build/release/0.2.1');
    await run('sha256sum', ['--check', '--strict', '--quiet', 'SHA256SUMS'], { cwd: dest });
    const notes = await readFile(join(dest, 'RELEASE_NOTES.md'), 'utf8');
    expect(notes).toMatch(/^## 0\.2\.1 \(2026-12-04\)\n\nProtocol 0\.2\.1, an additive change from 0\.2\.0; made by /);
    // Links into the repository at the release's tag, as publishing.json names it.
    expect(notes).toContain(`[RFC-0002: A hovered state](${REPOSITORY}/blob/0.1.1/spec/rfcs/0002-`);
    expect(notes).toMatch(/- \*\*additive\*\* `state-added`: .*hovered.*\(\[RFC-0002 §1\]\(https:\/\/example\.com\/element\/spec\/blob\/0\.1\.1\/spec\/rfcs\/0002-[a-z-]+\.md#L\d+\)\)/);
    expect(notes).toContain('Every package is SDK 0.1.1: npm, ');
    // Every registry a package goes to is named, crates.io and the Go module proxy among them.
    for (const to of (await releasePackers()).flatMap((p) => p.publishedTo ?? [])) expect(notes.split('\n').find((l) => l.startsWith('Every package'))).toContain(to);
    expect(notes).toContain('| 0.1.1 (this one) | 0.2.1 |\n| 0.1.0 | 0.2.0 |');
  });

  it('gives artifacts that install the ecosystem\'s way and whose validators agree on an answer', async (ctx) => {
    requireTool(ctx, mavenMissing());
    requireTool(ctx, goMissing());
    requireTool(ctx, rustMissing());
    const dest = join(s.dir, 'build/release/0.2.1');
    const answer = join(s.out, 'docs/examples/rfc-0001-3.json');
    const consumer = await mkdtemp(join(tmpdir(), 'element-release-consumer-'));
    try {
      await writeFile(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
      await run('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dest, 'element-model-sdk-0.1.1.tgz')], { cwd: consumer });
      const fromNpm = await run(join(consumer, 'node_modules/.bin/element-model-validate'), [answer]);
      const venv = (await run('bash', [join(ROOT, 'scripts/python-venv.sh')])).stdout.trim();
      await run(join(venv, 'bin/python'), ['-m', 'pip', 'install', '-q', '--no-deps', '--target', join(consumer, 'py'), join(dest, 'element_model-0.1.1-py3-none-any.whl')]);
      const fromWheel = await run(join(venv, 'bin/python'), ['-m', 'element_model.validate', answer], { env: { ...process.env, PYTHONPATH: join(consumer, 'py') } });
      const fromJar = await run('java', ['-jar', join(dest, 'element-model-validate-0.1.1.jar'), answer]);
      // Go: the module fetched from the release's proxy folder the way `go get` fetches it, its validator run.
      const goEnv = { ...process.env, GOPATH: join(consumer, 'gopath'), GOMODCACHE: join(consumer, 'gopath/mod'), GOFLAGS: '-modcacherw', GOPROXY: `file://${join(dest, 'go')}`, GOSUMDB: 'off', GOTOOLCHAIN: 'local' };
      const fromGo = await run('go', ['run', `${GO_MODULE}/cmd/element-model-validate@v0.1.1`, answer], { cwd: consumer, env: goEnv });
      // Rust: the .crate unpacked as cargo unpacks a downloaded crate, its validator built from it alone.
      await run('tar', ['-xzf', join(dest, 'element-model-0.1.1.crate'), '-C', consumer]);
      const rustEnv = await run('bash', [join(ROOT, 'scripts/rust-env.sh')]);
      const fromCrate = await run('bash', ['-c', `${rustEnv.stdout}\ncargo run --offline --quiet --bin element-model-validate -- "$1"`, 'crate', answer], { cwd: join(consumer, 'element-model-0.1.1'), maxBuffer: 64 * 1024 * 1024 });
      // The sdist alone passes its own tests, as a packager who builds from it runs them (the vectors come with it).
      await run('tar', ['-xzf', join(dest, 'element_model-0.1.1.tar.gz'), '-C', consumer]);
      const sdist = join(consumer, 'element_model-0.1.1');
      const testVenv = (await run('bash', [join(ROOT, 'scripts/python-venv.sh'), join(sdist, 'requirements-test.txt')])).stdout.trim();
      const pytest = await run(join(testVenv, 'bin/python'), ['-m', 'pytest', '-q', '-rs', '-p', 'no:cacheprovider', 'tests'], { cwd: sdist, env: { ...process.env, PYTHONPATH: join(sdist, 'src'), PYTHONDONTWRITEBYTECODE: '1' } });
      expect(pytest.stdout).toMatch(/^\d+ passed(, \d+ skipped)? in /m);
      // The only skips are the vectors that do not decode (nothing to dump), not a missing file or module.
      expect(pytest.stdout.split('\n').filter((l) => l.startsWith('SKIPPED')).every((l) => l.endsWith(': does not decode'))).toBe(true);
      expect(fromWheel.stdout).toBe(fromNpm.stdout);
      expect(fromJar.stdout).toBe(fromNpm.stdout);
      expect(fromGo.stdout).toBe(fromNpm.stdout);
      expect(fromCrate.stdout).toBe(fromNpm.stdout);
      expect(fromNpm.stdout).toMatch(/rfc-0001-3\.json/);
    } finally {
      await rm(consumer, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('element-spec release', () => {
  it('stamps the RFC, records the SDK release in publishing.json, regenerates, writes CHANGELOG.md, and check is clean after', async () => {
    const s = await project(released);
    try {
      const rfcName = (await readdir(join(s.spec, 'rfcs'))).find((f) => f.startsWith('0002-')) ?? '';
      const rfcBefore = await readFile(join(s.spec, 'rfcs', rfcName), 'utf8');
      const result = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: false, date: '2026-12-04', packers: [] }, { progress: () => {} });
      expect(result.diagnostics.items).toEqual([]);
      expect(result.sdk).toBe('0.1.1');
      const rfcAfter = await readFile(join(s.spec, 'rfcs', rfcName), 'utf8');
      expect(rfcAfter.split('\n').filter((l) => !rfcBefore.split('\n').includes(l))).toEqual(['| Released in | 0.2.1 (2026-12-04) |']);
      expect(JSON.parse(await readFile(join(s.dir, 'publishing.json'), 'utf8'))).toEqual(afterRelease(released, '0.1.1', '0.2.1'));
      expect(await readFile(join(s.dir, 'CHANGELOG.md'), 'utf8')).toMatch(/^# Changelog\n\n.*\n\n## 0\.2\.1 \(2026-12-04\)\n/);
      expect((await readdir(join(s.out, 'model/versions'))).sort()).toContain('0.2.1.json');
      const after = await generateInMemory(s.spec, s.out, afterRelease(released, '0.1.1', '0.2.1'));
      expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const { diffTree } = await import('../../generator/write/tree.js');
      expect(await diffTree(s.out, after.files)).toEqual({ stale: [], missing: [], extra: [] });
      // Released once: a second release of the same version is refused.
      const again = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: true, packers: [] }, { progress: () => {} });
      expect(again.dest).toBeNull();
      expect(again.diagnostics.items.map((d) => d.ruleId)).toContain('not-releasable');
    } finally {
      await s.dispose();
    }
  }, 120_000);

  it.each([
    ['a Draft RFC', (t: string) => t.replace('| Status | Accepted |', '| Status | Draft |'), /already released in 0\.2\.0/],
    ['a wrong Version effect', (t: string) => t.replace('Additive: 0.2.0 to 0.2.1', 'Breaking: 0.2.0 to 0.3.0'), /./],
  ])('refuses %s at its row and changes nothing', async (_name, edit, message) => {
    const s = await project(released);
    try {
      const rfcName = (await readdir(join(s.spec, 'rfcs'))).find((f) => f.startsWith('0002-')) ?? '';
      await editFile(join(s.spec, 'rfcs', rfcName), edit);
      const before = await treeHash(s.dir);
      let err = '';
      const code = await main(['release', '--root', s.dir, '--date', '2026-12-04'], { out: () => {}, err: (t) => { err += t; } });
      expect(code).toBe(1);
      expect(err).toMatch(message);
      expect(err).toMatch(/rfcs\/000[12]-[a-z-]+\.md\n\s*\d+:\d+ error /);
      expect(err).toContain('release: refused; nothing was changed.');
      expect(await treeHash(s.dir)).toEqual(before);
    } finally {
      await s.dispose();
    }
  }, 120_000);
});

describe("the pom's check", () => {
  it("reads <project>'s own elements: a licence's or the scm's <url> is not the project's", () => {
    const pom = `<?xml version="1.0"?>\n<project><!-- <url>x</url> --><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId><version>1.2.3</version>
      <licenses><license><name>Apache</name><url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
      <scm><url>https://example.com/repo</url></scm><dependencies><dependency><artifactId>b</artifactId><version>9</version></dependency></dependencies></project>`;
    const found = projectElements(pom);
    expect([...found.keys()]).toEqual(['modelVersion', 'artifactId', 'version', 'licenses', 'scm', 'dependencies']);
    expect([found.get('artifactId'), found.get('version'), found.has('url')]).toEqual(['a', '1.2.3', false]);
  });
});

describe('a package its README line could not install', () => {
  it('is refused by a release and warned of by a dry run, which packs it anyway', async () => {
    // The repository is unset, so the Go module's path is one `go get` refuses (no dot in its first element).
    const s = await project(released);
    try {
      const go = (await releasePackers()).filter((p) => p.name === 'go');
      const before = await treeHash(s.dir);
      const refused = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: false, date: '2026-12-04', packers: go }, { progress: () => {} });
      expect(refused.dest).toBeNull();
      expect(refused.diagnostics.items.map((d) => [d.severity, d.ruleId, d.file])).toEqual([['error', 'not-installable', 'publishing.json']]);
      expect(refused.diagnostics.items[0]?.message).toMatch(/"elementmodel", which has no dot .* set "repository" in publishing\.json/);
      expect(await treeHash(s.dir)).toEqual(before);
      const dry = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: true, date: '2026-12-04', packers: go }, { progress: () => {} });
      expect(dry.diagnostics.items.map((d) => [d.severity, d.ruleId])).toEqual([['warning', 'not-installable']]);
      expect(dry.artifacts.map((a) => a.file)).toEqual(['go/elementmodel/@v/v0.1.1.zip', 'go/elementmodel/@v/v0.1.1.mod', 'go/elementmodel/@v/v0.1.1.info', 'go/elementmodel/@v/list']);
      expect(dry.artifacts[0]?.checks).toContain('not downloadable by go (module path without a dot)');
    } finally {
      await s.dispose();
    }
  }, 120_000);
});

describe('the Swift source archive', () => {
  it('builds with SwiftPM and passes the package\'s conformance tests, unzipped as a consumer would', async (ctx) => {
    requireTool(ctx, swiftMissing());
    // The live spec, as released now: the archive holds generated/swift's files, so the build cache of the Swift
    // tests serves it (scripts/swift-test.sh keys builds by content).
    const s = await scratch(true);
    const publishing = JSON.parse(await readFile(join(ROOT, 'publishing.json'), 'utf8')) as Publishing;
    await writeFile(join(s.dir, 'publishing.json'), `${JSON.stringify(publishing, null, 2)}\n`);
    try {
      const swiftPacker = (await releasePackers()).filter((p) => p.name === 'swift');
      const result = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: true, packers: swiftPacker }, { progress: () => {} });
      expect(result.diagnostics.items).toEqual([]);
      const zip = result.artifacts.find((a) => a.file.endsWith('.zip'))?.file ?? '';
      const unpacked = join(s.dir, 'unpacked');
      await run('unzip', ['-q', join(result.dest ?? '', zip), '-d', unpacked]);
      // One top folder, named for the package, so SwiftPM's identity of the path dependency is the package's name.
      expect(await readdir(unpacked)).toEqual(['ElementModel']);
      const top = join(unpacked, 'ElementModel');
      const { stdout, stderr } = await run('bash', [join(ROOT, 'scripts/swift-test.sh'), top], { env: { ...process.env, ELEMENT_TEST_FILTER: 'Conformance' }, maxBuffer: 64 * 1024 * 1024 });
      expect(stderr).toMatch(/swift-test: passed/);
      expect(stdout).toMatch(/Executed \d+ tests?, with 0 failures/);
    } finally {
      await s.dispose();
    }
  }, 900_000);
});

describePublish(dryRunRelease);
