import type { TypeRef } from '../types.js';
import { applyFollows, applyOperations, applyRequirements } from './apply-protocol.js';
import { applyRemoved } from './apply-removed.js';
import { applyAppleNames, applyRoleKinds, applyRoleRules } from './apply-roles.js';
import { type ApplyContext, type RfcChanges, rfcStep } from './apply-step.js';
import {
  applyAttributeTables,
  applyFieldTables,
  applyStateTables,
  applyTypeRows,
  applyValueTables,
} from './apply-types.js';
import { applyDeprecations } from './deprecate.js';
import type { FoldState } from './state.js';

const baseName = (ref: TypeRef): string | null =>
  ref.kind === 'named' ? ref.name : ref.kind === 'array' ? baseName(ref.items) : null;

/** Applies one RFC's tables to the state, in the order the guide describes; every problem goes to `ctx.d`. */
export function applyRfc(state: FoldState, ctx: ApplyContext): RfcChanges {
  const step = rfcStep(state, ctx);
  const { rfc, since, d, changes, src, typeUses } = step;
  const typeForSection = applyTypeRows(step);
  applyFieldTables(step, typeForSection);
  applyValueTables(step, typeForSection);
  applyStateTables(step, typeForSection);
  applyRemoved(step);
  applyRoleKinds(step);
  applyAppleNames(step);
  applyRoleRules(step);
  applyAttributeTables(step, typeForSection);
  applyOperations(step);
  applyFollows(step);
  applyRequirements(step);
  applyDeprecations(state, rfc, since, changes, (place) => src(null, place), d);

  // Every type this RFC names must exist once its own Types rows are in (types are never removed).
  for (const use of typeUses) {
    const n = baseName(use.ref);
    if (n && !state.types.has(n)) {
      d.error('unknown-type', use.place, 'The type names nothing in the Types table', n);
      changes.unknownTypeNamed = true;
    }
  }
  return changes;
}
