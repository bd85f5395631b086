import { describe, expect, it } from 'vitest';
import { withExpectations } from '../helpers/binding-expectations.js';
import { declared, modelNames } from '../helpers/declared.js';
import { realModel } from '../helpers/spec.js';

/**
 * Names allocated around what each package declares itself (issue 39, item 2): a model type named as one of the
 * package's own declarations (an RFC adding a record `RoleAlias`, which spec.go declares) must be given another
 * name, or the package does not compile. The names are read with each language's own pattern
 * (test/bindings/<name>/expectations.ts) from the runtime and template sources and from what the real spec generates, apart from
 * the emitters' finders. test/bindings/declared-names-bindings.test.ts has the real compilers judge a spec that takes every
 * such name.
 */
const BINDINGS = await withExpectations();

describe('names the packages declare themselves', () => {
  // A declared name a model type could be given in the language: one its case for types spells as it is.
  it.for(BINDINGS)('%s: every type its runtime, templates and spec data declare is kept from the model', async ([, b, expected]) => {
    const model = await realModel();
    const own = modelNames(model);
    const { pattern, spelt, reserved } = expected.declarations;
    const names = declared(b, pattern).filter((n) => !own.has(n) && !n.startsWith('Test') && spelt(n) === n);
    expect(names.length).toBeGreaterThan(5);
    const kept = reserved(model);
    expect(names.filter((n) => !kept.has(n))).toEqual([]);
  });
});
