import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitTarget } from '../../../generator/emit/index.js';
import { type Finding, loadValidator } from '../../../generator/validate-answer.js';
import { batchCase } from '../../helpers/validator-cases.js';
import { IN_CI, TOOLCHAIN_MISSING, runScript } from '../../helpers/toolchain.js';
import { GENERATED, ROOT, listFiles, realModel } from '../../helpers/spec.js';

// The generated Python package (generated/python): installed with pip in a venv cached outside the clone
// (scripts/python-venv.sh), its own pytest suite and mypy --strict, and its validator against TypeScript's.

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The venv's path, or why there is none; a missing Python fails the test in CI and skips it elsewhere. */
async function venvOrSkip(ctx: { skip: (reason: string) => void }): Promise<string> {
  const made = await runScript('scripts/python-venv.sh', []);
  if (made.code === TOOLCHAIN_MISSING) {
    const reason = `Python is not available: ${made.output.trim()}`;
    if (IN_CI) throw new Error(reason);
    ctx.skip(reason);
  }
  expect(made.code, made.output).toBe(0);
  return made.output.trim().split('\n').at(-1) ?? '';
}

describe('Python package', () => {
  it('generated/python is what the emitter produces now', async () => {
    const model = await realModel();
    const { files, diagnostics } = await emitTarget('python', model, { regenerate: 'npm run generate', versions: [model] });
    expect(diagnostics).toEqual([]);
    // What a local pip install or pytest run leaves beside the sources is not the emitter's (the package's .gitignore).
    const leftovers = /(^|\/)(__pycache__|\.mypy_cache|\.pytest_cache|build|[^/]+\.egg-info)\//;
    const onDisk = (await listFiles(join(GENERATED, 'python'))).filter((p) => !leftovers.test(p));
    expect(files.map((f) => f.path.slice('python/'.length)).sort()).toEqual(onDisk);
    for (const f of files) expect(await readFile(join(GENERATED, f.path), 'utf8'), f.path).toBe(f.contents.endsWith('\n') ? f.contents : `${f.contents}\n`);
  });

  it('installs with pip, passes its own pytest suite (every vector, hostile inputs) and mypy --strict', { timeout: 600_000 }, async (ctx) => {
    await venvOrSkip(ctx);
    const { code, output } = await runScript('scripts/python-test.sh', []);
    expect(code, output).toBe(0);
    const passed = Number(/(\d+) passed/.exec(output)?.[1] ?? 0);
    const vectors = (await listFiles(join(GENERATED, 'conformance/vectors'))).length;
    // Each vector is run three ways (findings, decoding, parsing); the hostile cases come on top.
    expect(passed).toBeGreaterThan(3 * vectors);
    expect(output).not.toMatch(/failed|error/i);
    expect(output).toContain('Success: no issues found');
  });

  it("runs the README's example (tests/test_readme.py), which prints what the README shows", { timeout: 300_000 }, async (ctx) => {
    const python = join(await venvOrSkip(ctx), 'bin/python');
    const env = { PYTHONPATH: join(GENERATED, 'python/src'), PYTHONDONTWRITEBYTECODE: '1' };
    const ran = await run(python, ['-m', 'pytest', '-v', '-p', 'no:cacheprovider', join(GENERATED, 'python/tests/test_readme.py')], env);
    expect(ran.code, ran.stdout).toBe(0);
    expect(ran.stdout).toMatch(/test_readme\.py::test_the_readme_example_prints_what_the_readme_says_it_prints PASSED/);
    expect(ran.stdout).toMatch(/\b1 passed\b/);
  });

  it('validates every vector as element-spec validate does: the same output, JSON and text, and exit code', { timeout: 300_000 }, async (ctx) => {
    const python = join(await venvOrSkip(ctx), 'bin/python');
    const dir = await mkdtemp(join(tmpdir(), 'element-python-validate-'));
    try {
      // The package is pure Python: run from its source, without writing bytecode into generated/.
      const env = { PYTHONPATH: join(GENERATED, 'python/src'), PYTHONDONTWRITEBYTECODE: '1' };
      const batch: { file: string; findings: Finding[] }[] = [];
      for (const name of await listFiles(join(GENERATED, 'conformance/vectors'))) {
        const vector = JSON.parse(await readFile(join(GENERATED, 'conformance/vectors', name), 'utf8'));
        const file = join(dir, name);
        await writeFile(file, JSON.stringify(vector.input));
        const validator = await loadValidator(GENERATED);
        const findings = validator.validateText(JSON.stringify(vector.input));
        const exit = validator.exitCodeOf(findings);
        const asJson = await run(python, ['-m', 'element_model.validate', '--json', file], env);
        expect({ out: asJson.stdout, code: asJson.code }, name).toEqual({ out: validator.findingsJson(findings), code: exit });
        const asText = await run(python, ['-m', 'element_model.validate', file], env);
        expect({ out: asText.stdout, code: asText.code }, name).toEqual({ out: validator.formatFindings(findings, file), code: exit });
        batch.push({ file: name, findings });
      }
      // Every vector again in one run, as the differential test runs thousands (test/fuzz/differential.test.ts).
      for (const asJson of [true, false]) {
        const wanted = batchCase(await loadValidator(GENERATED), batch, asJson);
        const got = await run(python, ['-m', 'element_model.validate', ...wanted.args.split(' ')], env, dir);
        expect({ out: got.stdout, code: got.code }).toEqual({ out: wanted.out, code: wanted.code });
      }
      // A number too large for a double is refused as JSON, as in every binding (the differential test found Swift alone refusing it).
      for (const text of ['{"size": -1e400}', `[${'9'.repeat(400)}]`]) {
        await writeFile(join(dir, 'huge.json'), text);
        const huge = await run(python, ['-m', 'element_model.validate', '--json', join(dir, 'huge.json')], env);
        expect({ code: huge.code, rules: (JSON.parse(huge.stdout) as { rule: string }[]).map((f) => f.rule) }, text).toEqual({ code: 1, rules: ['json'] });
      }
      const usage = await run(python, ['-m', 'element_model.validate'], env);
      expect(usage.code).toBe(2);
      const unreadable = await run(python, ['-m', 'element_model.validate', join(dir, 'missing.json')], env);
      expect(unreadable.code).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
