import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/spec.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';

/**
 * The hand-written vectors and Apple table (test/vectors/README.md) run by the Python, Swift, Kotlin, Go and Rust bindings'
 * own suites; test/hand-vectors.test.ts runs them in TypeScript.
 */
const DIR = join(ROOT, 'test/vectors');
const vectors = (JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { vectors: string[] }).vectors;
const appleRoles = JSON.parse(readFileSync(join(DIR, 'apple-roles.json'), 'utf8')).roles as Record<string, string | null>;

describe('hand-written vectors, Python, Swift, Kotlin, Go and Rust', () => {
  it("the python binding's suite passes on them, Apple's roles included", async (ctx) => {
    // Only the conformance tests: the others do not read vectors, and run with mypy in test/python.test.ts.
    const result = await runScript('scripts/python-test.sh', [join(ROOT, 'generated/python'), DIR], { ELEMENT_TEST_FILTER: 'conformance' });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`vectors from ${DIR}`);
  }, 600_000);

  it("the go module's conformance tests pass on them, Apple's roles included", async (ctx) => {
    // Only the conformance tests, on a copy whose embedded vectors are these; the rest run in test/go.test.ts.
    const result = await runScript('scripts/go-test.sh', [join(ROOT, 'generated/go'), DIR], { ELEMENT_TEST_FILTER: 'TestEveryVectorIsHere|TestFindings|TestDecodeVerdict|TestParseAnswer|TestAppleRoles' });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`vectors from ${DIR}`);
    expect(result.output.match(/--- PASS: TestFindings\//g)?.length, result.output).toBe(vectors.length);
    expect(result.output).toContain('--- PASS: TestAppleRoles');
  }, 600_000);

  it("the rust binding's conformance suite passes on them, Apple's roles included", async (ctx) => {
    // Only the conformance tests (tests/conformance.rs): the others do not read vectors, and run in test/rust.test.ts.
    const result = await runScript('scripts/rust-test.sh', [join(ROOT, 'generated/rust'), DIR], { ELEMENT_TEST_FILTER: 'conformance' });
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`conformance: ${vectors.length} vectors from`);
    expect(result.output).toContain(`checked ${Object.keys(appleRoles).length} Apple roles from`);
  }, 600_000);

  for (const [script, dir, suite] of [['scripts/swift-test.sh', 'swift', 'ConformanceTests'], ['scripts/kotlin-test.sh', 'kotlin', 'ConformanceTest']] as const) {
    it(`the ${dir} binding's conformance suite passes on them`, async (ctx) => {
      // Only the conformance suite: the package's other tests do not read vectors, and run in test/${dir}.test.ts.
      const result = await runScript(script, [join(ROOT, 'generated', dir), DIR], { ELEMENT_TEST_FILTER: suite });
      requireTool(ctx, scriptToolMissing(result));
      expect(result.code, result.output).toBe(0);
      // The suite read these vectors, not the generated ones: each suite says how many it ran.
      const ran = dir === 'swift' ? /ConformanceTests: checked (\d+) vectors/ : /Tests run: (\d+),.* in dev\.elementmodel\.ConformanceTest/;
      // Kotlin counts the Apple roles test among the conformance tests.
      expect(Number(ran.exec(result.output)?.[1]), result.output).toBe(vectors.length + (dir === 'kotlin' ? 1 : 0));
      // And it checked Apple's roles against the table in the same folder, the hand-written one (Swift says how
      // many; in Kotlin it is the one conformance test beyond the vectors, counted above).
      if (dir === 'swift') expect(result.output).toContain(`checked ${Object.keys(appleRoles).length} Apple roles from`);
    }, 600_000);
  }
});
