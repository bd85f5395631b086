import type { CanonicalModel, VersionRule } from '../../model/types.js';
import { classifyTable } from '../../read/signatures.js';
import type { ParsedFile } from './parsed.js';
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

/**
 * The versioning rules (Change | Before 1.0 | From 1.0): the model's, or while no model has built, the last such
 * table of the RFCs, which is the one in force.
 */
export function versioningOf(model: CanonicalModel | null, files: readonly ParsedFile[]): VersionRule[] {
  if (model) return model.versioning;
  const tables = files.flatMap((f) => f.doc.tables.filter((t) => classifyTable(t.header).kind === 'versioning'));
  return (tables.at(-1)?.rows ?? []).map((row) => ({
    change: row[0]?.plain ?? '',
    beforeOne: row[1]?.plain ?? '',
    fromOne: row[2]?.plain ?? '',
  }));
}
