import type { CanonicalModel } from '../model/types.js';
import { type EmitOutput, runTargets } from './core/runner.js';
import type { EmitSettings } from './core/target.js';
import { TARGETS, TARGET_NAMES, targetNamed } from './targets.js';

export { TARGETS, TARGET_NAMES };
export type { EmitOutput };

/** Emits the named targets of the registry (all by default); see core/runner.ts. */
export const emitAll = (model: CanonicalModel, settings: EmitSettings, only?: readonly string[]): Promise<EmitOutput> =>
  runTargets(TARGETS, model, settings, only);

/** One target's files, with what it needs run first (and their files left out): for tests and tools. */
export async function emitTarget(name: string, model: CanonicalModel, settings: EmitSettings): Promise<EmitOutput> {
  const target = targetNamed(name);
  if (!target) throw new Error(`No target ${name}; the targets are ${TARGET_NAMES.join(', ')}`);
  return emitAll(model, settings, [name]);
}
