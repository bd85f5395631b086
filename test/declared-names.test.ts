import { describe, expect, it } from 'vitest';
import { GO_NAMING, initialisms } from '../generator/emit/go/naming.js';
import { inCase } from '../generator/emit/kit/naming.js';
import { KOTLIN_NAMING } from '../generator/emit/kotlin/naming.js';
import { PYTHON_NAMING } from '../generator/emit/python/naming.js';
import { RUST_NAMING } from '../generator/emit/rust/naming.js';
import { SWIFT_NAMING } from '../generator/emit/swift/naming.js';
import { typescriptNames } from '../generator/emit/typescript/naming.js';
import { declared, DECLARED, modelNames } from './helpers/declared.js';
import { realModel } from './helpers/spec.js';

/**
 * Names allocated around what each package declares itself (issue 39, item 2): a model type named as one of the
 * package's own declarations (an RFC adding a record `RoleAlias`, which spec.go declares) must be given another
 * name, or the package does not compile. The names are read with test/helpers/declared.ts's own patterns from the
 * runtime and template sources and from what the real spec generates, apart from the emitters' finders.
 * test/declared-names-bindings.test.ts has the real compilers judge a spec that takes every such name.
 */

const reserved = async (language: string): Promise<ReadonlySet<string>> => {
  const configs: Record<string, ReadonlySet<string>> = {
    go: GO_NAMING.reservedTypes,
    kotlin: KOTLIN_NAMING.reservedTypes,
    python: PYTHON_NAMING.reservedTypes,
    rust: RUST_NAMING.reservedTypes,
    swift: SWIFT_NAMING.reservedTypes,
    typescript: typescriptNames(await realModel()).config.reservedTypes,
  };
  return configs[language] as ReadonlySet<string>;
};

/**
 * A declared name a model type could be given in the language: one its case for types spells as it is. Python's
 * `SPEC` is no class's name (a type `SPEC` is `class Spec`), nor Swift's `JSONValue` (`JsonValue`); TypeScript keeps
 * the model's names.
 */
const SPELT: Record<string, (name: string) => string> = {
  typescript: (n) => n,
  go: (n) => initialisms(inCase(n, 'UpperCamel')),
  rust: (n) => inCase(n, 'UpperCamel'),
  python: (n) => inCase(n, 'UpperCamel'),
  kotlin: (n) => inCase(n, 'UpperCamel'),
  swift: (n) => inCase(n, 'UpperCamelKeeping'),
};

describe('names the packages declare themselves', () => {
  it.each(Object.keys(DECLARED))('%s: every type its runtime, templates and spec data declare is kept from the model', async (language) => {
    const model = await realModel();
    const own = modelNames(model);
    const spelt = SPELT[language] as (name: string) => string;
    const names = declared(language).filter((n) => !own.has(n) && !n.startsWith('Test') && spelt(n) === n);
    expect(names.length).toBeGreaterThan(5);
    const kept = await reserved(language);
    expect(names.filter((n) => !kept.has(n))).toEqual([]);
  });
});
