import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { withRevision } from './helpers/revision.js';
import { requireTool, runScript, scriptToolMissing } from './helpers/toolchain.js';

// Apart from test/revisions.test.ts because it needs Swift and Maven, which the quick loop leaves out.
describe('an additive RFC: a new optional state, "Absent means false", in the bindings', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  beforeAll(async () => {
    s = await withRevision('additive');
    const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  // One test per binding, so a missing Swift skips only the Swift half.
  it.for([
    ['Swift', 'swift', 'scripts/swift-test.sh', 'swift/Sources/ElementModel/Element.swift'],
    ['Kotlin', 'kotlin', 'scripts/kotlin-test.sh', 'kotlin/src/main/kotlin/dev/elementmodel/Element.kt'],
  ] as const)('changes the %s binding, which compiles and passes every vector', { timeout: 600_000 }, async ([, dir, script, source], ctx) => {
    expect(await read(source).catch(() => '')).toContain('hovered');
    const result = await runScript(script, [join(s.out, dir), join(s.out, 'conformance')]);
    requireTool(ctx, scriptToolMissing(result));
    expect(result.code, result.output).toBe(0);
  });
});
