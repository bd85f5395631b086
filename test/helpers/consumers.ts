import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { folderOf } from './binding-folders.js';
import { ROOT } from './spec.js';
import type { Skippable } from './toolchain.js';

/**
 * A consumer of one language's package, as its user would be: a fresh project that installs the package from the
 * registry `element-spec publish` uploaded it to, by the README's own install line (only the registry's address
 * changed), builds under the language's strict settings and runs every README example as written, extracted from
 * the README, never copied by hand. Each binding's is `consumer.ts` in its folder of tests
 * (test/bindings/<name>/consumer.ts), exporting `consume`; the publish suite (publish-suite.ts) runs one per
 * binding of the registry, so a language without one fails there.
 */
export type Consume = (setup: ConsumerSetup, ctx: Skippable) => Promise<void>;

/** Where `element-spec publish` uploaded each package, as the publish suite's registries.json names them. */
export interface PublishedTo {
  /** verdaccio's address, and an .npmrc that points npm at it with a token. */
  readonly npm: { readonly url: string; readonly npmrc: string };
  /** pypiserver's address (its simple index is `${url}simple/`) and the folder of packages it serves. */
  readonly python: { readonly url: string; readonly packages: string };
  /** A Maven repository, as a file: URL. */
  readonly maven: string;
  /** A folder laid out as the Go module proxy serves modules, for GOPROXY=file://... */
  readonly go: string;
  /** The index of the registry `cargo publish` uploaded to (a registries.<name>.index value). */
  readonly rust: string;
  /** The folder the Swift source archive was put in. */
  readonly swift: string;
}

export interface ConsumerSetup {
  /** An empty folder of the consumer's own, removed with the suite's. */
  readonly work: string;
  /** The package's README as the release generated it (its repository set, the released SDK version). */
  readonly readme: string;
  /** The SDK version released. */
  readonly sdk: string;
  /** The release folder (`build/release/<version>`), with SHA256SUMS. */
  readonly release: string;
  /** The released project's generated/ folder, which the packages were packed from (pinned tool versions, say). */
  readonly generated: string;
  readonly published: PublishedTo;
  /** The README's example answer: the file name it is read from, its text, and what the README shows it prints. */
  readonly example: { readonly file: string; readonly answer: string; readonly output: string };
}

/** The consumer of a binding, from its folder of tests; null when it has none. */
export async function consumerOf(name: string): Promise<Consume | null> {
  const file = join(ROOT, folderOf(name), 'consumer.ts');
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { consume?: Consume };
  return loaded.consume ?? null;
}

const execute = promisify(execFile);

/** A command's exit code and its stdout and stderr together, never thrown: a consumer's step fails by its expectation. */
export async function step(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await execute(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: e.stdout ?? '', err: `${e.stderr ?? ''}${e.message ?? ''}` };
  }
}
