import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReadmeExample } from '../../generator/emit/shared/readme-example.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { folderOf } from './binding-folders.js';
import { BINDINGS, type NamedBinding } from './bindings.js';
import { ROOT } from './spec.js';

/**
 * What the tests expect of one language's generated code, written by hand: an oracle per language, in
 * test/bindings/<name>/expectations.ts (its `EXPECTED`, beside its own tests), reached by the registry's names, so
 * a language that joins writes its own and every test reading them fails until it does. Facts of the package
 * itself (how it builds, where it declares names, how it is benched) are its binding's
 * (generator/emit/<language>/binding.ts); these are what its code must say, in its own syntax.
 */
export interface BindingExpectations {
  /** Its own declarations (test/emit/declared-names.test.ts): how one is read, how a model type's name is spelt, and the emitter's names it must keep from the model. */
  readonly declarations: {
    readonly pattern: RegExp;
    readonly spelt: (name: string) => string;
    readonly reserved: (model: CanonicalModel) => ReadonlySet<string>;
  };
  /**
   * One of its own declarations a spec names a type after (test/bindings/declared-names-bindings.test.ts), and where, under
   * generated/, the model's type is then found by another name: a file that holds `holds`, or a file that exists.
   */
  readonly collision: { readonly name: string; readonly file: string; readonly holds: RegExp | null };
  /**
   * The findings catalogue (test/model/findings-catalogue.test.ts): the runtime/<name>/ files its checker reports from,
   * how it spells a finding's id there, and the generated file it prints the catalogue into.
   */
  readonly findings: { readonly reportedIn: readonly string[]; readonly spelling: (id: string) => string; readonly printedIn: string };
  /** Whether its emitter reports a model whose tree names no record as emitter diagnostics (test/emit/kit.test.ts), writing no file. */
  readonly reportsMissingRecord: boolean;
  /** The operations (test/emit/operations.test.ts): that its package carries tools.json's definitions (`generated` is generated/). */
  readonly carriesTools: (generated: string, tools: readonly Tool[]) => Promise<void>;
  /** What declares an operation `describe` taking a list of the tree's node and returning a string: a file under generated/ and a text of it. */
  readonly describeOperation: { readonly path: string; readonly text: string };
  /** Each file under generated/ and the texts it holds once test/fixtures/revisions/operation adds `find` (test/model/operation-revision.test.ts). */
  readonly findOperation: readonly { readonly path: string; readonly texts: readonly string[] }[];
  /** Its deprecation marks for test/fixtures/revisions/deprecation (test/bindings/revision-deprecation.test.ts), read from the generated tree. */
  readonly deprecationMarks: (read: (path: string) => Promise<string>) => Promise<void>;
  /**
   * Where, under generated/, the package states its SDK version (its manifest, or the line a README installs it
   * with, and its constant) and the protocol version it speaks: group 1 of each pattern (test/release/packages.test.ts).
   */
  readonly versions: { readonly manifest: Spot; readonly sdk: Spot; readonly protocol: readonly Spot[] };
  /** Its README's install block: the fence's language, and the text it holds (all of it, when `whole`), at an SDK version. */
  readonly install: (sdkVersion: string) => { readonly fence: string; readonly text: string; readonly whole: boolean };
  /**
   * Its README's example, when a test of its own runs it (its binding's `readmeExample`): the README block's
   * language, and what that test holds of the output it must print.
   */
  readonly readme: { readonly fence: string; readonly output: (example: ReadmeExample) => string } | null;
}

/** A place a value is stated: a file under generated/ and a pattern whose group 1 is the value. */
export interface Spot {
  readonly path: string;
  readonly pattern: RegExp;
}

/** An MCP tool definition, as generated/schema/tools.json holds it. */
export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
}

/** The file of each language's expectations, in its folder of tests (test/bindings/<name>/). */
export const EXPECTATIONS_FILE = 'expectations.ts';

/** One binding's expectations, from test/bindings/<name>/expectations.ts; a binding without that file is an error that names it. */
export async function expectationsOf(b: Pick<NamedBinding, 'name' | 'title'>): Promise<BindingExpectations> {
  const path = `${folderOf(b.name)}/${EXPECTATIONS_FILE}`;
  const file = join(ROOT, path);
  if (!existsSync(file)) throw new Error(`the ${b.title} binding has no ${path}: a language of the registry writes what the tests expect of its code there`);
  const loaded = (await import(pathToFileURL(file).href)) as { EXPECTED?: BindingExpectations };
  if (!loaded.EXPECTED) throw new Error(`${path} exports no EXPECTED`);
  return loaded.EXPECTED;
}

/** Every binding of the registry with its expectations, in registry order, as `it.for` rows: [title, binding, expected]. */
export async function withExpectations(bindings: readonly NamedBinding[] = BINDINGS): Promise<(readonly [string, NamedBinding, BindingExpectations])[]> {
  return Promise.all(bindings.map(async (b) => [b.title, b, await expectationsOf(b)] as const));
}

/** Every schema of the tools, in order: each tool's input schema, then its output schema when it has one. */
export const schemasOf = (tools: readonly Tool[]): Record<string, unknown>[] => tools.flatMap((t) => [t.inputSchema, ...(t.outputSchema ? [t.outputSchema] : [])]);
