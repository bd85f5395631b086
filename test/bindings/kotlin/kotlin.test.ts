import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../../../generator/emit/index.js';
import type { GeneratedFile } from '../../../generator/emit/core/target.js';
import type { CanonicalModel } from '../../../generator/model/types.js';
import { GENERATED, ROOT, listFiles, realModel } from '../../helpers/spec.js';
import { readValidatorResults, type ValidatorCase, validatorMismatches, writeValidatorCases } from '../../helpers/validator-cases.js';
import { mavenMissing, requireTool } from '../../helpers/toolchain.js';
import { ownClasses } from '../../../generator/emit/kotlin/index.js';
import { projectPublishing } from '../../../generator/emit/shared/publishing.js';
import { fenced } from '../../helpers/readme.js';

const context = (model: CanonicalModel) => ({ regenerate: 'npm run generate', versions: [model] });

let emitted: Promise<GeneratedFile[]> | undefined;
/** The kotlin target's files, with the conformance target it needs run first (its files left out). */
const emitKotlin = (model: CanonicalModel) => emitTarget('kotlin', model, context(model));
const kotlinFiles = () => (emitted ??= realModel().then(async (model) => (await emitKotlin(model)).files));

function fileAt(files: GeneratedFile[], suffix: string): string {
  const file = files.find((f) => f.path.endsWith(suffix));
  if (!file) throw new Error(`no ${suffix} among ${files.map((f) => f.path).join(', ')}`);
  return file.contents;
}

/** The raw spellings of the known roles, read back from the generated Kotlin source. */
function knownRolesIn(roleSource: string): string[] {
  return [...roleSource.matchAll(/data object \w+ : Role\(\) \{\s*override val raw: String\s*get\(\) = "((?:[^"\\]|\\.)*)"/g)].map(
    (m) => m[1] ?? '',
  );
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Where Maven's local repository keeps the module's SDK version, as `mvn install` puts it. */
const installedAt = () => join(process.env.HOME ?? '', '.m2/repository/dev/elementmodel/element-model', projectPublishing().sdkVersion);

/**
 * One `mvn deploy` of the generated module (scripts/kotlin-test.sh, on a copy): its own tests, its jars, then
 * `java -jar target/element-model-validate.jar` on the validator cases; the install into ~/.m2 and the deploy to a
 * file:// repository a consumer then depends on. Shared by the tests that need it.
 */
interface Packaged {
  code: number;
  output: string;
  leftDaemons: number[];
  cases: ValidatorCase[];
  results: { out: string; code: number }[];
  /** The files deployed to the repository named on the command line, and those installed into ~/.m2. */
  deployed: string[];
  installed: string[];
}
let packaged: Promise<Packaged> | undefined;
const packageRun = () =>
  (packaged ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'element-kotlin-test-'));
    try {
      // generated/kotlin alone (the test above checks it is what the emitter makes), with no conformance folder
      // beside it: its tests must run the vectors it bundles.
      await cp(join(GENERATED, 'kotlin'), join(dir, 'kotlin'), { recursive: true, filter: (from) => !from.includes('/kotlin/target') });
      const casesDir = join(dir, 'validate');
      // A JVM starts for each file run alone (about a fifth of a second): a few alone, every file through the batches.
      const cases = await writeValidatorCases(casesDir, { alone: 'one-per-outcome' });
      // A daemon this build started inherits its environment, so a mark there tells it from any other build's on the machine.
      const mark = `element-kotlin-test-${process.pid}-${Date.now()}`;
      const ours = (pid: string) => {
        try {
          return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`ELEMENT_BUILD_MARK=${mark}`);
        } catch {
          return false;
        }
      };
      // What a stale install left must not stand in for this one.
      await rm(installedAt(), { recursive: true, force: true });
      const releaseRepo = join(dir, 'release-repository');
      const { code, output } = await run('bash', [join(ROOT, 'scripts/kotlin-test.sh'), join(dir, 'kotlin')], ROOT, { ELEMENT_VALIDATE_CASES: casesDir, ELEMENT_BUILD_MARK: mark, ELEMENT_KOTLIN_DEPLOY_TO: releaseRepo });
      const listed = (folder: string) => readdir(folder).catch(() => [] as string[]);
      const deployed = await listed(join(releaseRepo, 'dev/elementmodel/element-model', projectPublishing().sdkVersion));
      const installed = await listed(installedAt());
      // Each daemon this build started, with how long it waits idle before it stops itself.
      const leftDaemons = spawnSync('pgrep', ['-f', 'KotlinCompileDaemon'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).filter(ours)
        .map((pid) => {
          // It stops once idle that long and no build has used it for the shutdown delay.
          const line = readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ');
          const option = (name: string) => Number(new RegExp(`--daemon-${name}=(\\d+)`).exec(line)?.[1] ?? Infinity);
          return Math.max(option('autoshutdownIdleSeconds'), option('shutdownDelayMilliseconds') / 1000);
        });
      const results = existsSync(join(casesDir, 'results')) ? await readValidatorResults(casesDir, cases) : [];
      return { code, output, leftDaemons, cases, results, deployed, installed };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })());

describe('Kotlin bindings', () => {
  it("the Kotlin Role's known roles are the model's roles, in order", async () => {
    const model: CanonicalModel = await realModel();
    const names = model.roles.map((r) => r.name);
    expect(knownRolesIn(fileAt(await kotlinFiles(), '/Role.kt'))).toEqual(names);
    const onDisk = join(GENERATED, 'kotlin/src/main/kotlin/dev/elementmodel/Role.kt');
    expect(knownRolesIn(await readFile(onDisk, 'utf8'))).toEqual(names);
  });

  it('keeps every class its runtime, its spec data and its reader declare from the model\'s declarations', async () => {
    const files = await kotlinFiles();
    const own = new Set(ownClasses());
    const runtime = (await readdir(join(ROOT, 'runtime/kotlin'))).map((f) => `/${f}`);
    for (const name of [...runtime, '/Spec.kt', '/AppleRoles.kt', '/EffectiveState.kt']) {
      const declared = [...fileAt(files, name).matchAll(/^(?:(?:internal|private|public|data|sealed|open|abstract|enum)\s+)*(?:class|object|interface)\s+(\w+)/gm)].map((m) => m[1]);
      expect(declared.length, name).toBeGreaterThan(0);
      for (const d of declared) expect(own.has(d as string), `${name} declares ${d}`).toBe(true);
    }
  });

  it('generated/kotlin is what the emitter produces now', async () => {
    const files = await kotlinFiles();
    const dir = join(GENERATED, 'kotlin');
    const onDisk = existsSync(dir) ? (await listFiles(dir)).filter((p) => !p.startsWith('target/')) : [];
    expect(onDisk.map((p) => `kotlin/${p}`)).toEqual(files.map((f) => f.path).sort());
    for (const file of files) expect(await readFile(join(GENERATED, file.path), 'utf8'), file.path).toBe(file.contents.endsWith('\n') ? file.contents : `${file.contents}\n`);
  });


  it('a copy of generated/kotlin alone builds and passes its tests on the vectors it bundles, under Maven', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, mavenMissing());
    const { code, output, leftDaemons } = await packageRun();
    if (code !== 0) console.error(output);
    // A Kotlin daemon the build started stops itself two minutes after the last build (scripts/lib/mvn-kotlin.sh),
    // so it does not outlive the run for long (the suite's other builds may still be using it).
    for (const idle of leftDaemons) expect(idle).toBeLessThanOrEqual(120);
    expect(code, 'scripts/kotlin-test.sh exit code').toBe(0);
    expect(output).toMatch(/Tests run: [1-9]\d*, Failures: 0, Errors: 0, Skipped: 0\s*$/m);
    // The module's own copy of the vectors, all of them (and the Apple roles test): no conformance folder was beside it.
    const vectors = (JSON.parse(await readFile(join(GENERATED, 'conformance/index.json'), 'utf8')) as { vectors: string[] }).vectors;
    expect(output).toContain('with vectors from its own test resources');
    expect(Number(/Tests run: (\d+),.* in dev\.elementmodel\.ConformanceTest/.exec(output)?.[1])).toBe(vectors.length + 1);
    // The hostile inputs (HostileInputTest.kt): the listed cases ran, and the timings are worth seeing.
    expect(output).toMatch(/HostileInputTest: [1-9]\d* listed cases/);
    // The README's example (ReadmeExampleTest.kt) ran and printed what the README shows.
    expect(output).toMatch(/Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, .* in dev\.elementmodel\.readme\.ReadmeExampleTest/);
    const timings = output.split('\n').filter((line) => line.startsWith('HostileInputTest: time:'));
    expect(timings.length).toBeGreaterThan(0);
    console.log(timings.join('\n'));
  });

  it('mvn package writes target/element-model-validate.jar, which prints and exits as element-spec validate does', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, mavenMissing());
    const { output, cases, results } = await packageRun();
    expect(output).toContain(`validator-cases: ran ${cases.length} cases`);
    expect(validatorMismatches(cases, results)).toEqual([]);
  });

  // A consumer of the package as released (deployed to a Maven repository, fetched by the README's dependency block, its
  // README examples run) is test/bindings/kotlin/consumer.ts, run by the publish tests; this is the module's own deploy.
  it('deploy installs first and takes its address from the command line; the README\'s install line names the coordinates', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, mavenMissing());
    const { sdkVersion } = projectPublishing();
    const readme = await readFile(join(GENERATED, 'kotlin/README.md'), 'utf8');
    expect(fenced(readme, 'xml', '## Install')).toContain(`<version>${sdkVersion}</version>`);
    // The module's own build deployed it (packageRun): deploy installs first, and takes its address from the
    // command line, as a release gives it (the pom names none).
    const { code, output, deployed, installed } = await packageRun();
    expect(code, output).toBe(0);
    for (const suffix of ['.jar', '-sources.jar', '-javadoc.jar', '.pom']) expect(deployed, suffix).toContain(`element-model-${sdkVersion}${suffix}`);
    expect(installed.sort()).toEqual(expect.arrayContaining([`element-model-${sdkVersion}.jar`, `element-model-${sdkVersion}-javadoc.jar`]));
  });
});
