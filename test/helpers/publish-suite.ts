import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { BINDINGS, targetNamed } from '../../generator/emit/targets.js';
import { readmeExample } from '../../generator/emit/shared/readme-example.js';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { MAVEN_DEPLOY_PLUGIN, projectElements } from '../../generator/release/pack/maven.js';
import { releasePackers } from '../../generator/release/packers.js';
import { titled, toolchainMissing } from './bindings.js';
import { type ConsumerSetup, consumerOf, type PublishedTo } from './consumers.js';
import type { DryRun } from './dry-run-release.js';
import { GO_MODULE, SDK } from './dry-run-release.js';
import { type LocalServer, pythonWheelhouse, registriesMissing, startCargoRegistry, startPypiserver, startVerdaccio } from './registries.js';
import { ROOT } from './spec.js';
import { goMissing, mavenMissing, requireTool, rustMissing } from './toolchain.js';

const run = promisify(execFile);
const BIG = { maxBuffer: 64 * 1024 * 1024 };

/** The plugin the Maven consumer fetches with, pinned; scripts/install-toolchains.sh registries runs it once. */
const MAVEN_DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1';

const missing = () => mavenMissing() ?? goMissing() ?? rustMissing() ?? registriesMissing();

/**
 * The publish tests, run by the file that packed the release (test/release/release.test.ts): `element-spec publish` of the
 * dry run's folder to real registries on 127.0.0.1, each package fetched back by its own client.
 */
export function describePublish(dryRun: () => Promise<Pick<DryRun, 'code' | 'err' | 'dest' | 'project'>>): void {
describe('element-spec publish to real registries on 127.0.0.1, each package fetched back by its own client', () => {
  let work = '';
  let dest = '';
  const servers: LocalServer[] = [];
  let npm: Awaited<ReturnType<typeof startVerdaccio>>;
  let pypi: LocalServer;
  let cargo: Awaited<ReturnType<typeof startCargoRegistry>>;
  let published = { code: -1, out: '', err: '' };
  let project: DryRun['project'] | undefined;
  let publishedTo: PublishedTo | undefined;
  const env = { ...process.env };
  /** The registries cargo's home held before the publish, or null when the test stopped before it looked. */
  let cargoBefore: string[] | null = null;

  beforeAll(async () => {
    if (missing()) return;
    work = await mkdtemp(join(tmpdir(), 'element-publish-'));
    const released = await dryRun();
    if (released.code !== 0) throw new Error(`release --dry-run failed:\n${released.err}`);
    dest = released.dest;
    project = released.project;
    servers.push((npm = await startVerdaccio(join(work, 'verdaccio'))));
    servers.push((pypi = await startPypiserver(join(work, 'pypiserver'), [pythonWheelhouse()])));
    servers.push((cargo = await startCargoRegistry(join(work, 'cargo'))));
    const registries = { npm: npm.url, python: pypi.url, maven: `file://${join(work, 'maven')}`, go: join(work, 'goproxy'), rust: cargo.index, swift: join(work, 'swift') };
    await writeFile(join(work, 'registries.json'), JSON.stringify(registries));
    publishedTo = { npm: { url: npm.url, npmrc: npm.npmrc }, python: { url: pypi.url, packages: join(work, 'pypiserver/packages') }, maven: registries.maven, go: registries.go, rust: cargo.index, swift: registries.swift };
    // Each client's credentials where it looks for them: npm's .npmrc, twine's variables (pypiserver takes any), cargo's token.
    Object.assign(process.env, { NPM_CONFIG_USERCONFIG: npm.npmrc, TWINE_USERNAME: 'publisher', TWINE_PASSWORD: 'unused', CARGO_REGISTRIES_ELEMENT_MODEL_TOKEN: 'unused' });
    await removeFromMavenCache(dest);
    cargoBefore = await cargoRegistryEntries();
    const out: string[] = [];
    const errs: string[] = [];
    const code = await main(['publish', dest, '--registries', join(work, 'registries.json')], { out: (t) => out.push(t), err: (t) => errs.push(t) });
    published = { code, out: out.join(''), err: errs.join('') };
  }, 1_800_000);

  afterAll(async () => {
    process.env = env;
    for (const server of servers) await server.stop();
    if (dest) await removeFromMavenCache(dest);
    // What cargo keeps of the scratch registry (its index, the crate, the unpacked source) goes with it; only what
    // appeared since the look before the publish, and never crates.io's, which the other Rust tests read offline.
    const before = cargoBefore;
    if (before) for (const entry of await cargoRegistryEntries()) if (!before.includes(entry) && !/\/index\.crates\.io-/.test(entry)) await rm(entry, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('publishes every package the registry names a publisher for', async (ctx) => {
    requireTool(ctx, missing());
    expect(published.code, published.err).toBe(0);
    const names = (await releasePackers()).filter((p) => p.publisher).map((p) => p.name);
    // Every language's package: the packers of the registry's bindings.
    const languages = await Promise.all(BINDINGS.map(async (b) => (await targetNamed(b.name)?.packer?.())?.name));
    expect(languages.every((n) => typeof n === 'string')).toBe(true);
    expect(names.sort()).toEqual((languages as string[]).sort());
    for (const name of names) expect(published.out).toContain(`published ${name}: `);
  });

  // Each binding's consumer (test/bindings/<name>/consumer.ts, test/helpers/consumers.ts): a fresh project that
  // installs the package by its README's line from the registry above, builds strictly and runs the README's examples.
  it.for(titled(BINDINGS))('a fresh %s project installs the package by its README\'s line, builds under strict settings and runs the README\'s examples', { timeout: 900_000 }, async ([, b], ctx) => {
    requireTool(ctx, missing() ?? toolchainMissing(b));
    const consume = await consumerOf(b.name);
    expect(consume, `test/bindings/${b.name}/consumer.ts exports no consume`).not.toBeNull();
    if (!consume || !project || !publishedTo) throw new Error('the publish above did not run');
    const model = (await assembleModel(await readSpecFiles(project.spec))).model as CanonicalModel;
    const example = readmeExample(model);
    if ('missing' in example) throw new Error(example.missing);
    const readme = await readFile(join(project.out, b.outDir, 'README.md'), 'utf8');
    const own = join(work, `consumer-${b.name}`);
    await mkdir(own, { recursive: true });
    const setup: ConsumerSetup = { work: own, readme, sdk: SDK, release: dest, generated: project.out, published: publishedTo, example: { file: example.file, answer: example.answer, output: example.output } };
    await consume(setup, ctx);
  });

  it('npm installs the package from verdaccio and runs its validator', async (ctx) => {
    requireTool(ctx, missing());
    const consumer = join(work, 'npm-consumer');
    await mkdir(consumer, { recursive: true });
    await writeFile(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--registry', npm.url, `@element-model/sdk@${SDK}`], { cwd: consumer, env: { ...process.env, NPM_CONFIG_USERCONFIG: npm.npmrc } });
    const lock = JSON.parse(await readFile(join(consumer, 'package-lock.json'), 'utf8')) as { packages: Record<string, { integrity?: string; version?: string }> };
    const installed = lock.packages['node_modules/@element-model/sdk'];
    expect(installed?.version).toBe(SDK);
    // The bytes verdaccio served are the packed tarball's (npm's integrity is the sha512 of what it downloaded).
    const tarball = (await readdir(dest)).find((f) => f.endsWith('.tgz')) ?? '';
    expect(installed?.integrity).toBe(`sha512-${createHash('sha512').update(await readFile(join(dest, tarball))).digest('base64')}`);
    const validated = await run(join(consumer, 'node_modules/.bin/element-model-validate'), [answer()]);
    expect(validated.stdout).toMatch(/rfc-0001-3\.json/);
  }, 120_000);

  it('pip installs the wheel from pypiserver, which holds the wheel and the sdist', async (ctx) => {
    requireTool(ctx, missing());
    expect((await readdir(join(work, 'pypiserver/packages'))).sort()).toEqual([`element_model-${SDK}-py3-none-any.whl`, `element_model-${SDK}.tar.gz`]);
    const venv = (await run('bash', [join(ROOT, 'scripts/python-venv.sh')])).stdout.trim();
    const target = join(work, 'pip-consumer');
    // The machine's own wheel folder (PIP_FIND_LINKS) is left out, so the package can only come from the index.
    const pipEnv = { ...process.env, PIP_FIND_LINKS: '', PIP_NO_CACHE_DIR: '1' };
    const pip = await run(join(venv, 'bin/python'), ['-m', 'pip', 'install', '--no-deps', '--index-url', `${pypi.url}simple/`, '--target', target, `element-model==${SDK}`], { env: pipEnv });
    expect(pip.stdout).toContain(`element_model-${SDK}-py3-none-any.whl`);
    const validated = await run(join(venv, 'bin/python'), ['-m', 'element_model.validate', answer()], { env: { ...process.env, PYTHONPATH: target } });
    expect(validated.stdout).toMatch(/rfc-0001-3\.json/);
  }, 120_000);

  it('Maven deploys the jar, sources, javadoc and pom, and `mvn dependency:get` fetches the jar back', async (ctx) => {
    requireTool(ctx, missing());
    const { group, artifact } = await coordinates(dest);
    const deployed = join(work, 'maven', ...group.split('.'), artifact, SDK);
    for (const suffix of ['.jar', '-sources.jar', '-javadoc.jar', '.pom']) expect(existsSync(join(deployed, `${artifact}-${SDK}${suffix}`))).toBe(true);
    await run('mvn', ['-B', '-q', '-ntp', `${MAVEN_DEPENDENCY_PLUGIN}:get`, `-Dartifact=${group}:${artifact}:${SDK}`, '-Dtransitive=false', `-DremoteRepositories=element-model::default::file://${join(work, 'maven')}`], BIG);
    const fetched = await readFile(join(mavenCache(group, artifact), `${artifact}-${SDK}.jar`));
    expect(fetched.equals(await readFile(join(dest, `${artifact}-${SDK}.jar`)))).toBe(true);
  }, 120_000);

  it('go runs the module\'s validator from the module proxy folder, served as GOPROXY', async (ctx) => {
    requireTool(ctx, missing());
    const gopath = join(work, 'gopath');
    const goEnv = { ...process.env, GOPATH: gopath, GOMODCACHE: join(gopath, 'mod'), GOFLAGS: '-modcacherw', GOPROXY: `file://${join(work, 'goproxy')}`, GOSUMDB: 'off', GOTOOLCHAIN: 'local' };
    expect((await readFile(join(work, 'goproxy', GO_MODULE, '@v/list'), 'utf8')).split('\n')).toContain(`v${SDK}`);
    const validated = await run('go', ['run', `${GO_MODULE}/cmd/element-model-validate@v${SDK}`, answer()], { cwd: work, env: goEnv });
    expect(validated.stdout).toMatch(/rfc-0001-3\.json/);
  }, 180_000);

  it('cargo fetches the crate a consumer depends on from the registry `cargo publish` uploaded to, with the packed sources', async (ctx) => {
    requireTool(ctx, missing());
    const rustEnv = (await run('bash', [join(ROOT, 'scripts/rust-env.sh')])).stdout;
    const consumer = join(work, 'cargo-consumer');
    await mkdir(join(consumer, 'src'), { recursive: true });
    await writeFile(join(consumer, 'src/main.rs'), 'fn main() {}\n');
    const manifest = ['[package]', 'name = "consumer"', 'version = "0.0.0"', 'edition = "2024"', '', '[dependencies]', `element-model = { version = "=${SDK}", registry = "published" }`];
    await writeFile(join(consumer, 'Cargo.toml'), `${manifest.join('\n')}\n`);
    await mkdir(join(consumer, '.cargo'));
    await writeFile(join(consumer, '.cargo/config.toml'), `[registries.published]\nindex = "${cargo.index}"\n`);
    await run('bash', ['-c', `${rustEnv}\ncargo fetch --quiet`], { cwd: consumer, ...BIG });
    const home = /^export CARGO_HOME=(.*)$/m.exec(rustEnv)?.[1] ?? '';
    const downloaded = (await readdir(join(home, 'registry/cache'), { recursive: true })).filter((f) => f.endsWith(`element-model-${SDK}.crate`));
    const fetched = downloaded.map((f) => join(home, 'registry/cache', f)).filter((f) => !(cargoBefore ?? []).some((e) => f.startsWith(`${e}/`)));
    expect(fetched).toHaveLength(1);
    // The crate as the registry serves it holds the packed crate's sources, byte for byte.
    const unpack = async (crate: string, into: string) => {
      await mkdir(into, { recursive: true });
      await run('tar', ['-xzf', crate, '-C', into]);
      return join(into, `element-model-${SDK}`);
    };
    const served = await unpack(fetched[0] ?? '', join(work, 'crate-served'));
    const packed = await unpack(join(dest, `element-model-${SDK}.crate`), join(work, 'crate-packed'));
    const sources = (await readdir(packed, { recursive: true })).filter((f) => f.startsWith('src/') && f.endsWith('.rs'));
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) expect((await readFile(join(served, file))).equals(await readFile(join(packed, file))), file).toBe(true);
    expect(await readFile(join(served, 'Cargo.toml.orig'), 'utf8')).toBe(await readFile(join(packed, 'Cargo.toml.orig'), 'utf8'));
  }, 180_000);

  it('puts the Swift source archive in the folder consumers unzip as a path dependency', async (ctx) => {
    requireTool(ctx, missing());
    const archive = `ElementModel-${SDK}.zip`;
    expect((await readFile(join(work, 'swift', archive))).equals(await readFile(join(dest, archive)))).toBe(true);
    const listed = (await run('unzip', ['-Z1', join(work, 'swift', archive)])).stdout.split('\n');
    expect(listed).toContain('ElementModel/Package.swift');
  });

  it('refuses a folder that does not match its SHA256SUMS and a configuration naming an unknown package, uploading nothing', async (ctx) => {
    requireTool(ctx, missing());
    const publishing = async (folder: string, registries: object) => {
      const file = join(work, 'other-registries.json');
      await writeFile(file, JSON.stringify(registries));
      let err = '';
      const code = await main(['publish', folder, '--registries', file], { out: () => {}, err: (t) => { err += t; } });
      return { code, err };
    };
    const unknown = await publishing(dest, { npmjs: npm.url });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('registries names "npmjs", which is no package published');
    expect(unknown.err).toContain('nothing was uploaded');
    // A copy of the release with one byte of the wheel changed: refused before any upload, so the swift folder stays empty.
    const copy = join(work, 'tampered');
    await cp(dest, copy, { recursive: true });
    const wheel = join(copy, `element_model-${SDK}-py3-none-any.whl`);
    const bytes = await readFile(wheel);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    await writeFile(wheel, bytes);
    const tampered = await publishing(copy, { swift: join(work, 'swift-tampered') });
    expect(tampered.code).toBe(1);
    expect(tampered.err).toContain(`element_model-${SDK}-py3-none-any.whl does not match its line in SHA256SUMS`);
    expect(existsSync(join(work, 'swift-tampered'))).toBe(false);
  });

  it('is set up by the installer with the Maven plugins the publisher and the consumer run', async () => {
    const installer = await readFile(join(ROOT, 'scripts/install-toolchains.sh'), 'utf8');
    expect(installer).toContain(`maven_deploy_plugin="${MAVEN_DEPLOY_PLUGIN}"`);
    expect(installer).toContain(`maven_dependency_plugin="${MAVEN_DEPENDENCY_PLUGIN}"`);
  });
});
}

/** The folders cargo keeps per registry in its home (scripts/rust-env.sh's CARGO_HOME): index, downloaded crates, their sources. */
async function cargoRegistryEntries(): Promise<string[]> {
  const home = /^export CARGO_HOME=(.*)$/m.exec((await run('bash', [join(ROOT, 'scripts/rust-env.sh')])).stdout)?.[1] ?? '';
  const entries: string[] = [];
  if (!home.startsWith('/')) return entries;
  for (const kind of ['index', 'cache', 'src']) entries.push(...(await readdir(join(home, 'registry', kind)).catch(() => [])).map((e) => join(home, 'registry', kind, e)));
  return entries;
}

const answer = () => join(ROOT, 'generated/docs/examples/rfc-0001-3.json');

async function coordinates(dest: string): Promise<{ group: string; artifact: string }> {
  const pom = (await readdir(dest)).find((f) => f.endsWith('.pom')) ?? '';
  const project = projectElements(await readFile(join(dest, pom), 'utf8'));
  return { group: project.get('groupId') ?? '', artifact: project.get('artifactId') ?? '' };
}

/** Where Maven's local repository keeps the released version (the consumer fetches into it; the test empties it before and after). */
const mavenCache = (group: string, artifact: string) => join(homedir(), '.m2/repository', ...group.split('.'), artifact, SDK);

async function removeFromMavenCache(dest: string): Promise<void> {
  const { group, artifact } = await coordinates(dest).catch(() => ({ group: '', artifact: '' }));
  if (!group || !artifact) return;
  await rm(mavenCache(group, artifact), { recursive: true, force: true });
  // And what Maven noted of the scratch repository beside the versions (named by its id).
  await rm(join(mavenCache(group, artifact), '..', 'maven-metadata-element-model.xml'), { force: true });
}

