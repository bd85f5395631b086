import { TARGETS } from '../emit/targets.js';
import type { Packer } from './packer.js';

export type { Artifact, PackContext, Packer } from './packer.js';

/** Every package of a release, in the registry's order: one per target that names a packer (generator/emit/targets.ts). */
export async function releasePackers(): Promise<Packer[]> {
  const packers: Packer[] = [];
  for (const target of TARGETS) if ('packer' in target) packers.push(await target.packer());
  return packers;
}
