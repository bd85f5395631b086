import type { CanonicalModel } from '../../model/types.js';
import type { SpecSnapshot } from '../snapshot.js';

/** The last model each spec folder built, for the moments between keystrokes when the spec has an error. */
const LAST_BUILT = new Map<string, CanonicalModel>();

/**
 * The model the features answer from: the snapshot's, or while the spec being typed has errors, the last one that
 * built (`stale`), so hover and completion keep working on a half-written row.
 */
export function modelOf(snapshot: SpecSnapshot): { model: CanonicalModel | null; stale: boolean } {
  const now = snapshot.assembled.model;
  if (now) {
    LAST_BUILT.set(snapshot.specDir, now);
    return { model: now, stale: false };
  }
  const last = LAST_BUILT.get(snapshot.specDir) ?? null;
  return { model: last, stale: last !== null };
}
