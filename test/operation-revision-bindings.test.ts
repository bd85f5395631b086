import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { withRevision } from './helpers/revision.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';

// Apart from test/operation-revision.test.ts because it needs Python, Swift, Maven, Go and cargo, which the quick loop leaves out.
describe('an additive RFC: a new operation, compiled in every binding', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  beforeAll(async () => {
    s = await withRevision('operation');
    let output = '';
    const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  // Each binding compiles the new declarations and runs its operations tests on them: Python whole (its mypy
  // --strict runs only then), Swift, Kotlin, Go and Rust their operations suite (the rest of each compiles as well).
  it.for([
    ['Python', 'python', 'scripts/python-test.sh', null],
    ['Swift', 'swift', 'scripts/swift-test.sh', 'OperationsTests'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'OperationsTest'],
    ['Go', 'go', 'scripts/go-test.sh', 'TestOperations'],
    ['Rust', 'rust', 'scripts/rust-test.sh', 'operations'],
  ] as const)('%s compiles it and passes its operations tests', { timeout: 600_000 }, async ([, dir, script, suite], ctx) => {
    const result = await runScript(script, [join(s.out, dir), join(s.out, 'conformance')], suite ? { ELEMENT_TEST_FILTER: suite } : {});
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
    // The suite ran (a filter that matched nothing would pass too), or Python's mypy --strict did.
    expect(result.output).toContain(suite ?? 'Success: no issues found');
  });
});
