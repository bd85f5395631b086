import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED, runBinding, titled, vectorsCounted } from '../helpers/bindings.js';
import { ROOT } from '../helpers/spec.js';

/**
 * The hand-written vectors and Apple table (test/vectors/README.md) run by every compiled binding's own suites;
 * test/emit/hand-vectors.test.ts runs them in TypeScript.
 */
const DIR = join(ROOT, 'test/vectors');
const vectors = (JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { vectors: string[] }).vectors;
const appleRoles = JSON.parse(readFileSync(join(DIR, 'apple-roles.json'), 'utf8')).roles as Record<string, string | null>;

describe('hand-written vectors, in every compiled binding', () => {
  it.for(titled(COMPILED))("the %s binding's conformance suite passes on them, Apple's roles included", { timeout: 600_000 }, async ([, b], ctx) => {
    // Only the conformance suite, on a copy whose vectors are these: the package's other tests do not read vectors,
    // and run in its own test file.
    const { filter, counted, appleRoles: appleSaid } = b.conformance;
    const result = await runBinding(ctx, b, join(ROOT, 'generated', b.outDir), DIR, filter);
    expect(result.code, result.output).toBe(0);
    // The suite read these vectors, not the generated ones: it says how many it ran where its filter counts them
    // (pytest counts every conformance test; its runner names the folder).
    if (counted.filter === filter) expect(vectorsCounted(b, result.output), result.output).toBe(vectors.length);
    else expect(result.output).toContain(`vectors from ${DIR}`);
    // And it checked Apple's roles against the table in the same folder, the hand-written one (where it says so; in
    // Kotlin it is the one conformance test beyond the vectors, counted above).
    if (appleSaid) expect(result.output).toContain(appleSaid.replace('{n}', String(Object.keys(appleRoles).length)));
  });
});
