import type { Case } from '../kit/naming.js';

/**
 * What a language binding joins beyond its emitter and packer: the toolchain its builds need, the script that
 * builds and tests a package of it, its suites, its test files and the loop that runs them. Plain data (strings),
 * so the generator imports nothing of the tests; test/helpers/bindings.ts turns it into runners, and the vitest
 * configs, the installer's test, the bench and the docs' checks read it. One entry per language, on its registry
 * entry (targets.ts), each written in the language's own folder (emit/<language>/binding.ts).
 */
export interface Binding {
  /** The language's name in prose, test titles and the docs' tables: `Swift`. */
  readonly title: string;
  /**
   * The component of scripts/install-toolchains.sh its builds need (`bash scripts/install-toolchains.sh <it>`), whose
   * missing check is test/helpers/toolchain.ts's `<it>Missing`; null when Node alone builds and tests it.
   */
  readonly toolchain: string | null;
  /**
   * The script that builds a package of it and runs its tests: `bash <runner> <package-dir> [vectors-dir]`, with
   * ELEMENT_TEST_FILTER choosing suites and ELEMENT_VALIDATE_CASES running its validator on a folder of cases
   * (scripts/validator-cases.sh); exit 127 when the toolchain is missing. Null when vitest tests the package itself.
   */
  readonly runner: string | null;
  /** The generated source, under generated/, that declares the spec's types. */
  readonly types: string;
  /**
   * How its spec data's fields are spelled (a Case of kit/naming.ts), as the tests read its declarations; a
   * compiled binding prints them from emit/<language>/spec-data.ts's `<language>SpecDeclarations` and `...SpecLiteral`.
   */
  readonly fieldCase: Case;
  /** Its conformance suite alone, with every vector and Apple's roles. */
  readonly conformance: {
    readonly filter: string;
    /**
     * How a run counts the vectors it checked, and on what filter: a pattern whose group 1 is the count or, with
     * `each`, one line per vector (its name follows the pattern); `extra` tests it counts that are not vectors.
     */
    readonly counted: {
      readonly filter: string;
      readonly pattern: string;
      readonly each: boolean;
      readonly extra: number;
    };
    /** What the conformance run prints when it checked Apple's roles from the vectors' folder, `{n}` their count; null when `extra` counts that test. */
    readonly appleRoles: string | null;
  } | null;
  /**
   * Filters for the runner (empty: the package's tests whole) and a pattern its output must match, so a filter
   * that matched nothing cannot pass: the README's example with every vector; the deprecation marks with every
   * vector; the operations suite; and what runs with the validator's cases on a revised spec.
   */
  readonly suites: {
    readonly readme: Suite;
    readonly deprecation: Suite;
    readonly operations: Suite;
    readonly revised: Suite;
  } | null;
  /**
   * How its element-model-validate runs on a folder of cases: built and run by its runner script; a module of
   * the package run by the Python venv of scripts/python-venv.sh; the package's Node bin; or built by `go build`
   * alone (its runner runs every package test first).
   */
  readonly validator:
    | { readonly kind: 'runner' }
    | { readonly kind: 'python-module'; readonly module: string; readonly path: string }
    | { readonly kind: 'node-bin'; readonly bin: string }
    | { readonly kind: 'go-build'; readonly main: string };
  /**
   * The loop that runs its own test files, every *.test.ts in test/bindings/<name>/ (test/helpers/binding-folders.ts):
   * quick (`npm run test:quick` and `npm test`); slow, for files that need no toolchain beyond Node's but pack or
   * compile a package (the quick config's "slow" project, which CI runs on Node 24, and `npm test`); or full, for
   * files that need the language's toolchain (`npm test` only).
   */
  readonly tests: { readonly loop: 'quick' | 'slow' | 'full' };
  /**
   * The generated file, under generated/, that holds its README's example answer (the README itself, or the test
   * that runs it); null when the package reads the example from the spec's answer.json.
   */
  readonly readmeExample: string | null;
  /** The test file, in its folder of tests, that runs its MCP round trip (its README's "Use with MCP" code with MCP's SDK), or null. */
  readonly mcp: string | null;
  /**
   * Builds a package of it and runs none of its tests (test/helpers/build-only.ts): a bash script run in the
   * package's folder, with ROOT the repository, NODE the running Node and ELEMENT_TOOLCHAIN_CACHE the toolchains'
   * cache; it exits 127 when the toolchain is missing.
   */
  readonly buildOnly: string;
  /**
   * Where its package declares names of its own, beside runtime/<name>/ and templates/<name>/
   * (test/helpers/declared.ts): the files of generated/<outDir>/ it writes whatever the model (its spec data, its
   * model file), and its folders whose files are one declaration each (a record named `Check` would be a second
   * file of that name).
   */
  readonly declares: { readonly generated: readonly string[]; readonly fileNames: readonly string[] };
  /** How `npm run bench` times its reader beside TypeScript's parseAnswer (bench/bindings.mjs); null for TypeScript's own. */
  readonly bench: Bench | null;
}

/**
 * A binding's bench: the module that times a copy of its package (`times({ root, work, answerFile, build })`,
 * resolving to `{ times, validateTimes }` in ms or `{ error }`), whether it is timed in rounds (each beside a
 * parseAnswer of its own, for a binding that starts in seconds) or once, and each build it times.
 */
export interface Bench {
  readonly module: string;
  readonly rounds: boolean;
  readonly builds: readonly BenchBuild[];
}

/**
 * One build a bench times: its key in bench/results (`<key>Decode`, `<key>Validate`), the environment its run
 * adds, the words of the results' rows (`<build>: <decodes>`, `<build>: <validates>`, no row when null) and the
 * ratio to TypeScript's parseAnswer it is held to (`<label> / TypeScript parseAnswer`; null: in the table alone).
 */
export interface BenchBuild {
  readonly key: string;
  readonly env: Readonly<Record<string, string>>;
  readonly build: string;
  readonly decodes: string;
  readonly validates: string | null;
  readonly ratio: { readonly label: string; readonly target: number } | null;
}

/** A runner filter (empty: every test) and what the run's output must match (a regular expression's source). */
export interface Suite {
  readonly filter: string;
  readonly said: string;
}
