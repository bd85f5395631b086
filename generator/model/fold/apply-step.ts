import type { Diagnostics, Place } from '../../diagnostics/report.js';
import type { AppleRoleRow } from '../../read/reference.js';
import type { RfcDraft } from '../../read/rfc.js';
import type { Deprecation, RoleAlias, Source, TypeRef } from '../types.js';
import type { FoldState } from './state.js';

/** What one RFC did that a later check must point back to: the rows that removed or dropped something. */
export interface RfcChanges {
  /** Roles this RFC removed, by the Removed row that did it. */
  removedRoles: Map<string, Place>;
  /** The deprecated aliases of the roles this RFC removed (a role renamed before), which a new alias carries on. */
  removedAliases: Map<string, RoleAlias[]>;
  /** Record fields this RFC removed (`Element.url`), by their Removed row. */
  removedFields: Map<string, Place>;
  /** Apple names whose protocol role this RFC took away, by the row that did it. */
  orphaned: Map<string, Place>;
  /**
   * Apple names a row of this RFC maps to a role the role language lacks (reported there as unknown-role): not
   * reported again as unmapped, since the row maps them and the one slip is its role's name.
   */
  mappedToUnknownRole: Set<string>;
  /** Whether a type cell of this RFC named a type the Types table lacks (reported there as unknown-type). */
  unknownTypeNamed: boolean;
}

export interface ApplyContext {
  rfc: RfcDraft;
  /** The version this RFC makes. */
  since: string;
  /** Whether a counted RFC came before this one: only then can a removed name be checked against the model. */
  hasEarlierVersion: boolean;
  appleByName: ReadonlyMap<string, AppleRoleRow>;
  d: Diagnostics;
}

/** One RFC being applied: the state it changes, what it changed so far, and how its rows are cited. */
export interface RfcStep {
  state: FoldState;
  ctx: ApplyContext;
  rfc: RfcDraft;
  since: string;
  d: Diagnostics;
  changes: RfcChanges;
  /** Where a row stands, as the model cites it. */
  src: (section: string | null, place: Place) => Source;
  /** The types the RFC's rows name, checked once its Types rows are all in. */
  typeUses: { ref: TypeRef; place: Place }[];
}

/** A fresh step for one RFC, with nothing changed yet. */
export function rfcStep(state: FoldState, ctx: ApplyContext): RfcStep {
  const { rfc, since, d } = ctx;
  const changes: RfcChanges = {
    removedRoles: new Map(),
    removedAliases: new Map(),
    removedFields: new Map(),
    orphaned: new Map(),
    mappedToUnknownRole: new Set(),
    unknownTypeNamed: false,
  };
  // A row's section is the last numbered heading above it, when its table does not name one.
  const sectionAt = (line: number) => rfc.sections.filter((x) => x.line <= line).at(-1)?.number ?? null;
  const src = (section: string | null, place: Place): Source => ({
    document: rfc.id,
    section: section ?? sectionAt(place.line),
    file: place.file,
    line: place.line,
    column: place.column,
  });
  return { state, ctx, rfc, since, d, changes, src, typeUses: [] };
}

/** A restated item's deprecation, kept (absent when it has none, so the model's JSON names no empty one). */
export const kept = (prior: { deprecated?: Deprecation } | undefined) =>
  prior?.deprecated ? { deprecated: prior.deprecated } : {};

/**
 * `items` with the ones `restated` names (each once, in an RFC's table order) put in that order, in the places they
 * held among themselves; every other item stays where it was. A table that restates rows in their own order moves
 * nothing.
 */
export function inTableOrder<T>(items: readonly T[], key: (item: T) => string, restated: readonly string[]): T[] {
  const wanted = [...new Set(restated)];
  const slots = items.flatMap((item, i) => (wanted.includes(key(item)) ? [i] : []));
  const byKey = new Map(items.map((item) => [key(item), item]));
  const out = [...items];
  slots.forEach((slot, i) => {
    const item = byKey.get(wanted[i] as string);
    if (item !== undefined) out[slot] = item;
  });
  return out;
}

/**
 * Items kept by name in the order the spec states them (operations, requirements, reserved attributes, classes not
 * reported): the ones a
 * table restates take its order, in the places they held (as a record's fields do), and new ones go at the end.
 */
export function inStatedOrder<T>(
  items: Map<string, T>,
  before: readonly string[],
  rows: readonly string[],
): Map<string, T> {
  const order = inTableOrder(
    [...items.keys()],
    (k) => k,
    rows.filter((n) => before.includes(n)),
  );
  return new Map(order.map((k) => [k, items.get(k) as T]));
}
