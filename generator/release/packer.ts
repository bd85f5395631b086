import type { Publishing } from '../emit/shared/publishing.js';

/** One file a release writes, with what was checked of it. */
export interface Artifact {
  package: string;
  file: string;
  checks: string[];
}

export interface PackContext {
  /** The protocol version released and the publishing facts its packages carry (the release's SDK version). */
  protocolVersion: string;
  publishing: Publishing;
  /** The release date, YYYY-MM-DD, for the files that record one (the Go module proxy's .info). */
  date: string;
  /** The generated folder the packages are taken from. */
  out: string;
  /** The folder of the toolchain's own scripts (python-venv.sh and its release requirements, rust-env.sh). */
  scripts: string;
  /** Where this release's files go: build/release/<protocol version>/. */
  dest: string;
}

/** What a publisher is given: the release folder and where this package goes. */
export interface PublishContext {
  /** The release folder a dry run or a release packed (build/release/<protocol version>/), its checksums verified. */
  from: string;
  /** The registry's address from the configuration (docs/publishing.md), or the public one the packer names. */
  to: string;
  /** The folder of the toolchain's own scripts (python-venv.sh and the release requirements, rust-env.sh). */
  scripts: string;
}

/** Where a package is published by default, and how it is uploaded there the ecosystem's own way. */
export interface Publisher {
  /** The public registry's address, used when the configuration names none; null when there is no upload (a git tag). */
  registry: string | null;
  /** What to do instead when `registry` is null and no address is configured (push a tag, say). */
  otherwise?: string;
  /** Uploads the package's files from the release folder; resolves with a line saying what went where. */
  publish: (context: PublishContext) => Promise<string>;
}

/**
 * How a target is released: the package's name in the release, why its README's install line could not fetch it as
 * the generated tree stands (checked before anything is packed), and how it is packed and checked. A target in the
 * registry (generator/emit/targets.ts) that is released names its packer there; no other list of packages exists.
 */
export interface Packer {
  name: string;
  /** Where a consumer gets the package, as the release notes name it; absent for files published with the spec. */
  publishedTo?: string;
  /** A reason a consumer could not install the package as packed, or null when one can. */
  notInstallable?: (context: Pick<PackContext, 'out' | 'publishing'>) => Promise<string | null>;
  pack: (context: PackContext) => Promise<Artifact[]>;
  /** How the packed files are published (`element-spec publish`); absent for files published with the spec. */
  publisher?: Publisher;
}
