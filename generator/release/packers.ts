import { TARGETS } from '../emit/targets.js';
import type { Packer } from './packer.js';

export type { Artifact, PackContext, Packer } from './packer.js';

/**
 * Every package of a release: one per target that names a packer, in the registry's order (generator/emit/targets.ts),
 * then the VS Code extension, which is the toolchain's own package (editors/vscode/), not a target's.
 */
export async function releasePackers(): Promise<Packer[]> {
  const packers: Packer[] = [];
  for (const target of TARGETS) if ('packer' in target) packers.push(await target.packer());
  packers.push((await import('./pack/vscode.js')).vscode);
  return packers;
}
