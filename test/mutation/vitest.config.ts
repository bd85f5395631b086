import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The fast tests, for StrykerJS (stryker.config.mjs). Tests reach the TypeScript runtime through the generated
 * package (generated/typescript/dist), which is a transpiled copy of runtime/typescript; Stryker mutates
 * the templates, so a mutant there would never reach them. This plugin serves the template sources in place of
 * their dist copies, and gives the templates the generated model they import as `../model.js`.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const RUNTIME = join(ROOT, 'runtime/typescript');
const DIST = join(ROOT, 'generated/typescript/dist');

function runtimeFromTemplates(): Plugin {
  return {
    name: 'runtime-from-templates',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const from = dirname(importer.startsWith('file:') ? fileURLToPath(importer) : importer);
      const target = source.startsWith('file:') ? fileURLToPath(source) : source.startsWith('.') ? resolve(from, source) : null;
      if (!target) return null;
      if (target.startsWith(`${DIST}/runtime/`) && target.endsWith('.js')) return join(RUNTIME, target.slice(DIST.length + 9).replace(/\.js$/, '.ts'));
      if (from === RUNTIME && source === '../model.js') return join(DIST, 'model.js');
      return null;
    },
  };
}

/**
 * Tests that time the checker, walk a million elements or spawn tsc and npm: under Stryker's instrumented code
 * they take minutes per mutant or fail on time alone. Each is skipped here by its exact title, and the
 * behaviour they pin at scale is checked on small trees by test/runtime/runtime-limits.test.ts.
 */
const SKIPPED_BY_TITLE = [
  'checks a tree 100,000 deep',
  'checks 1,000,000 siblings',
  'time grows linearly with the size of the tree',
  'going past the element and depth limits is a finding',
  'type-checks under tsc --strict --exactOptionalPropertyTypes',
  'packs, installs, and type-checks the RFC example as an Answer',
  "runs the installed package's README example as written, and it prints what the README shows",
];

function skipByTitle(): Plugin {
  return {
    name: 'skip-by-title',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(`${ROOT}/test/`) || !id.endsWith('.test.ts')) return null;
      let out = code;
      for (const title of SKIPPED_BY_TITLE) {
        for (const quote of [`'`, '"']) {
          const at = `it(${quote}${title}${quote}`;
          if (out.includes(at)) out = out.replace(at, `it.skip(${quote}${title}${quote}`);
        }
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** Tests that spawn toolchains or processes, fuzz, or read the templates as text (Stryker's instrumented copy differs). */
const SLOW_OR_BLIND = [
  'test/bindings/swift/swift.test.ts',
  'test/bindings/kotlin/kotlin.test.ts',
  'test/bindings/quicktype.test.ts',
  'test/emit/site.test.ts',
  'test/fuzz/**',
  'test/model/revision-property.test.ts',
  'test/model/revisions.test.ts',
  'test/write/faults.test.ts',
  'test/project/toolchain.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/watch.test.ts',
  'test/cli/build.test.ts',
  'test/emit/docs.test.ts',
];


/** For the runtime's mutants, only the tests that load the runtime: the others could not see them. */
const RUNTIME_TESTS = ['test/bindings/typescript/typescript.test.ts', 'test/runtime/*.test.ts', 'test/emit/hand-vectors.test.ts'];
/**
 * For the reader's and the model's mutants, the tests that read specs into models and check what comes out, each
 * folding a spec at most once: model-golden.test.ts compares the whole folded model with the committed one, the
 * reader-* tests read cells and tables directly, diagnostics.test.ts folds each broken fixture, diff.test.ts the
 * versions, model-build-edges.test.ts and model-external.test.ts each stage's edges, diff-rules.test.ts each change rule on
 * the committed model, revision-forms.test.ts each revision form's model or diagnostics (its half that emits every
 * target is left out by NOT_FOR_MUTANTS). Left out, for time: expected-model.test.ts (27 tests, one fold each here, and what it compares is in
 * the committed model too) and file-order.test.ts (every target generated, many times).
 * Under instrumentation on a shared two-core machine a fold takes seconds, and a surviving mutant runs every
 * test that reaches it.
 */
const GENERATOR_TESTS = ['test/model/model-golden.test.ts', 'test/model/model-build.test.ts', 'test/model/model-build-edges.test.ts', 'test/model/model-external.test.ts', 'test/model/model-validate.test.ts', 'test/read/reader-*.test.ts', 'test/model/model.test.ts', 'test/model/diagnostics.test.ts', 'test/model/diff.test.ts', 'test/model/diff-rules.test.ts', 'test/model/revision-forms.test.ts'];
/**
 * Tests that run the whole CLI or every target on top of what the tests above already read (revision-forms.test.ts's
 * second half and last test, diagnostics.test.ts's CLI half, runtime-validate.test.ts's runs of the command, which
 * loads the built package rather than the mutated templates): seconds per mutant here, and they see no mutant the
 * tests left in do not. And the tests that emit the TypeScript package from the runtime's sources read as text
 * (typescript.test.ts's transpiler and publint tests): under Stryker those are its instrumented copies, which
 * TypeScript's isolatedDeclarations refuses.
 */
const NOT_FOR_MUTANTS = /^(?!.*(every target emits each model that builds|both name the first of them|makes the CLI exit 1 writing nothing|reads standard input for -|exits 2 on a usage error|as TypeScript's transpiler would make them|publint still reports nothing))/;
const AREA = process.env.MUTATION_AREA;
/** MUTATION_TESTS=<glob>,<glob> narrows a run to the tests named, for a run that must finish in a given time. */
const NAMED = process.env.MUTATION_TESTS?.split(',');


export default defineConfig({
  root: ROOT,
  plugins: [runtimeFromTemplates(), skipByTitle()],
  test: {
    include: NAMED ?? (AREA === 'runtime' ? RUNTIME_TESTS : AREA ? GENERATOR_TESTS : ['test/**/*.test.ts']),
    exclude: ['**/node_modules/**', ...SLOW_OR_BLIND],
    testNamePattern: NOT_FOR_MUTANTS,
    testTimeout: 30_000,
  },
});
