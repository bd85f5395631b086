import type { RemovedKind, TypeDef } from '../types.js';
import type { RfcStep } from './apply-step.js';
import type { FoldState } from './state.js';

/** The Removed rows: each name taken out of its record, enum, roles or attributes, or a requirement or operation. */
export function applyRemoved(step: RfcStep): void {
  const { state, ctx, rfc, since, d, changes, src } = step;
  for (const row of rfc.removed) {
    const type = state.types.get(row.from);
    // A name that came in this same version (an RFC amending an unreleased one) was never in a version: no removal to record.
    const recorded = sinceOf(state, type, row.name) !== since;
    const removed = (kind: RemovedKind) => {
      if (recorded)
        state.removed.push({
          name: row.name,
          from: row.from,
          kind,
          replacedBy: row.replacedBy,
          version: since,
          source: src(null, row.place),
        });
    };
    if (type?.kind === 'record') {
      removed('field');
      if (type.fields.some((f) => f.name === row.name)) {
        state.types.set(row.from, { ...type, fields: type.fields.filter((f) => f.name !== row.name) });
        changes.removedFields.set(`${row.from}.${row.name}`, row.place);
      } else if (ctx.hasEarlierVersion) {
        // The first RFC may remove names of the version before the model (0.1's); later ones remove what is there.
        d.error('unknown-field', row.place, `${row.from} has no field ${row.name} to remove`, row.name);
      }
      if (state.states.get(row.name)?.type === row.from) state.states.delete(row.name);
    } else if (type?.kind === 'roles') {
      removed('role');
      const role = state.roles.get(row.name);
      if (role && state.roles.delete(row.name)) {
        if (role.aliases?.length) changes.removedAliases.set(row.name, role.aliases);
        withoutRole(state, row.name);
        changes.removedRoles.set(row.name, row.place);
        for (const name of state.appleClaims.get(row.name)?.keys() ?? []) changes.orphaned.set(name, row.place);
        state.appleClaims.delete(row.name);
      } else {
        d.error('unknown-role', row.place, 'The role to remove is not in the role language', row.name);
      }
    } else if (type?.kind === 'enum') {
      removed('value');
      if (type.values.some((v) => v.value === row.name))
        state.types.set(row.from, { ...type, values: type.values.filter((v) => v.value !== row.name) });
      else d.error('unknown-field', row.place, `${row.from} has no value ${row.name} to remove`, row.name);
    } else if (type?.kind === 'attributes') {
      removed('attribute');
      if (!state.attributes.delete(row.name) && ctx.hasEarlierVersion) {
        d.error('unknown-field', row.place, `${row.from} has no reserved attribute ${row.name} to remove`, row.name);
      }
    } else if (type) {
      d.error(
        'bad-cell',
        row.place,
        `Names are removed from a record, an enum, the roles type or the attributes type; ${row.from} is ${type.kind}`,
        row.from,
      );
    } else if (state.requirements.delete(row.name)) {
      // A requirement or an operation is removed by its own name; From says where it stood.
      removed('requirement');
    } else if (state.operations.delete(row.name)) {
      removed('operation');
    } else {
      d.error(
        'unknown-type',
        row.place,
        `The From column names no type, and ${row.name} is no requirement or operation`,
        row.from,
      );
    }
  }
}

/** The version a name came in: a field, an enum's value, a role, a reserved attribute, a requirement or an operation. */
function sinceOf(state: FoldState, type: TypeDef | undefined, name: string): string | undefined {
  if (type?.kind === 'record') return type.fields.find((f) => f.name === name)?.since;
  if (type?.kind === 'enum') return type.values.find((v) => v.value === name)?.since;
  if (type?.kind === 'roles') return state.roles.get(name)?.since;
  if (type?.kind === 'attributes') return state.attributes.get(name)?.since;
  return type ? undefined : (state.requirements.get(name) ?? state.operations.get(name))?.since;
}

/** Takes a role out of every kind. Objects are replaced, never changed: earlier snapshots share them. */
export function withoutRole(state: FoldState, name: string): void {
  for (let i = 0; i < state.kinds.length; i++) {
    const k = state.kinds[i] as (typeof state.kinds)[number];
    if (k.roles.includes(name)) state.kinds[i] = { ...k, roles: k.roles.filter((r) => r !== name) };
  }
}
