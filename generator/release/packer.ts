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
}
