import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { withRevision, withRevisionsTogether } from '../helpers/revision.js';
import { COMPILED, runBinding, titled } from '../helpers/bindings.js';

// Apart from test/model/operation-revision.test.ts because it needs every binding's toolchain, which the quick loop leaves out.
// The operation's fixture is laid over with the other additive revisions (withRevisionsTogether), so each binding
// builds that one spec once for this file and test/bindings/revision-bindings.test.ts.
describe('an additive RFC: a new operation, compiled in every binding', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  beforeAll(async () => {
    s = await withRevisionsTogether();
    let output = '';
    const io = { out: (t: string) => { output += t; }, err: (t: string) => { output += t; } };
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), output).toBe(0);
  }, 120_000);
  afterAll(() => s.dispose());

  // Each binding compiles the new declarations and runs its operations suite on them (the rest of each compiles as
  // well), or its whole suite where a type checker runs only then (Python's mypy --strict).
  it.for(titled(COMPILED))('%s compiles it and passes its operations tests', { timeout: 600_000 }, async ([, b], ctx) => {
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.suites.operations.filter);
    expect(result.code, result.output).toBe(0);
    // The suite ran (a filter that matched nothing would pass too), or the type checker did.
    expect(result.output).toMatch(new RegExp(b.suites.operations.said));
  });
});
