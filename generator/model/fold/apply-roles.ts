import type { Place } from '../../diagnostics/report.js';
import { nearest } from '../../util/nearest.js';
import { withoutRole } from './apply-removed.js';
import { inStatedOrder, inTableOrder, kept, type RfcStep } from './apply-step.js';

/**
 * Order is part of the language: the kinds and roles a Kind table restates take its order, in the places they held;
 * a role new to its kind goes at the end of it.
 */
export function applyRoleKinds(step: RfcStep): void {
  const { state, rfc, since, src } = step;
  const kindsBefore = state.kinds.map((k) => k.name);
  for (const row of rfc.roleKinds) {
    if (!state.kinds.some((k) => k.name === row.kind)) state.kinds.push({ name: row.kind, roles: [] });
    const stays = (name: string) => state.roles.get(name)?.kind === row.kind;
    const inKind = row.roles.map((r) => r.value).filter(stays);
    for (const role of row.roles) {
      const prior = state.roles.get(role.value);
      const at = state.kinds.findIndex((k) => k.name === row.kind);
      if (prior && stays(role.value)) {
        const kind = state.kinds[at] as (typeof state.kinds)[number];
        state.kinds[at] = { ...kind, roles: inTableOrder(kind.roles, (r) => r, inKind) };
      } else {
        if (prior) withoutRole(state, role.value);
        const kind = state.kinds[at] as (typeof state.kinds)[number];
        state.kinds[at] = { ...kind, roles: [...kind.roles, role.value] };
      }
      state.roles.set(role.value, {
        name: role.value,
        kind: row.kind,
        appleName: prior?.appleName ?? false,
        covers: prior?.covers ?? [],
        coversNote: prior?.coversNote ?? null,
        ...(prior?.coversSource ? { coversSource: prior.coversSource } : {}),
        since: prior?.since ?? since,
        source: src(null, role.place),
        ...kept(prior),
        ...(prior?.aliases ? { aliases: prior.aliases } : {}),
      });
    }
  }
  state.kinds = inTableOrder(
    state.kinds,
    (k) => k.name,
    rfc.roleKinds.map((r) => r.kind).filter((k) => kindsBefore.includes(k)),
  );
}

/**
 * Apple's names: a role claims its own name (Apple's name: yes) and the names of its Also covers row. A row
 * restated in a later RFC replaces the role's claims of that kind; a name no role claims any more is orphaned here.
 */
export function applyAppleNames(step: RfcStep): void {
  const { state, ctx, rfc, d, changes, src } = step;
  const claimsOf = (role: string) => {
    const claims = new Map(state.appleClaims.get(role) ?? []);
    state.appleClaims.set(role, claims);
    return claims;
  };
  const knownApple = (name: string, place: Place) => {
    if (ctx.appleByName.has(name)) return true;
    d.error('unknown-apple-role', place, "The name is not in the table of Apple's roles", name);
    return false;
  };
  for (const row of rfc.appleNames) {
    const role = state.roles.get(row.role.value);
    if (!role) {
      d.error('unknown-role', row.role.place, 'The role is not in the role language', row.role.value);
      // The Apple role the row maps: its own name, or for a slip (`Windw` for Window) the one whose name is nearest.
      const named = row.role.value;
      if (row.appleName)
        for (const meant of ctx.appleByName.has(named) ? [named] : nearest(named, ctx.appleByName.keys(), 1))
          changes.mappedToUnknownRole.add(meant);
      continue;
    }
    state.roles.set(role.name, { ...role, appleName: row.appleName });
    const claims = claimsOf(role.name);
    if (row.appleName && knownApple(role.name, row.role.place)) claims.set(role.name, row.role.place);
    else if (!row.appleName && claims.delete(role.name) && role.appleName)
      changes.orphaned.set(role.name, row.role.place);
  }
  for (const row of rfc.covers) {
    const role = state.roles.get(row.role.value);
    if (!role) {
      d.error('unknown-role', row.role.place, 'The role is not in the role language', row.role.value);
      for (const n of row.names) changes.mappedToUnknownRole.add(n.value);
      continue;
    }
    const names = row.names.map((n) => n.value);
    state.roles.set(role.name, {
      ...role,
      covers: names,
      coversNote: row.note,
      coversSource: src(null, row.role.place),
    });
    const claims = claimsOf(role.name);
    for (const old of role.covers) {
      if (!names.includes(old) && !(old === role.name && role.appleName)) {
        claims.delete(old);
        changes.orphaned.set(old, row.role.place);
      }
    }
    for (const n of row.names) if (knownApple(n.value, n.place)) claims.set(n.value, n.place);
  }
}

/** The root, unknown and fallback roles, and the Apple classes not reported. */
export function applyRoleRules(step: RfcStep): void {
  const { state, rfc, src } = step;
  for (const row of rfc.roleRules) {
    state.roleRules[row.rule] = { role: row.role.value, place: row.role.place, source: src(null, row.role.place) };
  }
  const before = [...state.notReported.keys()];
  for (const row of rfc.notReported)
    state.notReported.set(row.name, { name: row.name, reason: row.reason, source: src(null, row.place) });
  state.notReported = inStatedOrder(
    state.notReported,
    before,
    rfc.notReported.map((r) => r.name),
  );
}
