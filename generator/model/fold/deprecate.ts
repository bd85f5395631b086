import type { Diagnostics, Place } from '../../diagnostics/report.js';
import type { RfcDraft } from '../../read/rfc.js';
import type { Deprecation, EnumType, Field, RoleAlias, Source, TypeRef } from '../types.js';
import type { FoldState } from './state.js';

/**
 * Applies an RFC's `Deprecated, From, Use instead` rows, after its other tables (a name may be deprecated in favour
 * of one the same RFC adds). From is the type the name stands in, as in a Removed row: a record (a field), the
 * roles type (a role) or the attributes type (a reserved attribute); a requirement or an operation is named by its
 * own id or name. A role this RFC removes, deprecated in the same RFC with a role in Use instead, stays readable as
 * a deprecated alias of that role, and so do the aliases it had itself (a role renamed twice: A, then B, then C
 * leaves A and B reading as C).
 */
export function applyDeprecations(
  state: FoldState,
  rfc: RfcDraft,
  since: string,
  /** The roles this RFC removed, by their Removed row, and their own aliases (apply-step.ts's RfcChanges). */
  removed: { removedRoles: ReadonlyMap<string, Place>; removedAliases: ReadonlyMap<string, readonly RoleAlias[]> },
  src: (place: Place) => Source,
  d: Diagnostics,
): void {
  for (const row of rfc.deprecated) {
    const deprecated: Deprecation = {
      useInstead: row.useInstead,
      useInsteadName: row.useInsteadName,
      version: since,
      source: src(row.place),
    };
    const type = state.types.get(row.from);
    if (type?.kind === 'record') {
      const at = type.fields.findIndex((f) => f.name === row.name);
      const field = type.fields[at];
      if (!field) {
        d.error('unknown-field', row.place, `${row.from} has no field ${row.name} to deprecate`, row.name);
        continue;
      }
      const kept = keptField(state, type.name, field);
      if (kept) {
        d.error('bad-cell', row.place, `${row.from}.${row.name} cannot be deprecated: ${kept}`, row.name);
        continue;
      }
      const fields = [...type.fields];
      fields[at] = { ...field, deprecated };
      state.types.set(type.name, { ...type, fields });
    } else if (type?.kind === 'roles') {
      const role = state.roles.get(row.name);
      if (role) {
        if (state.roleRules.root?.role === role.name)
          d.error(
            'bad-cell',
            row.place,
            `${role.name} cannot be deprecated: it is the root's role, which every answer sends`,
            row.name,
          );
        else state.roles.set(role.name, { ...role, deprecated });
        continue;
      }
      if (!removed.removedRoles.has(row.name)) {
        d.error('unknown-role', row.place, 'The role to deprecate is not in the role language', row.name);
        continue;
      }
      // Removed in this RFC and deprecated here: an alias of the role Use instead names (spec/README.md).
      const target = row.useInsteadName === null ? undefined : state.roles.get(row.useInsteadName);
      if (!target) {
        d.error(
          'unknown-role',
          row.useInsteadPlace,
          `${row.name} is removed in this RFC; to keep it as an alias, Use instead names the role that replaces it`,
          row.useInstead ?? '—',
        );
        continue;
      }
      // A role renamed before (A, then B) hands its own aliases on: A reads as the new role too, as deprecated as it was.
      const chained = removed.removedAliases.get(row.name) ?? [];
      state.roles.set(target.name, {
        ...target,
        aliases: [...(target.aliases ?? []), ...chained, { name: row.name, version: since, source: src(row.place) }],
      });
    } else if (type?.kind === 'attributes') {
      const attribute = state.attributes.get(row.name);
      if (attribute) state.attributes.set(row.name, { ...attribute, deprecated });
      else
        d.error('unknown-field', row.place, `${row.from} has no reserved attribute ${row.name} to deprecate`, row.name);
    } else if (type?.kind === 'enum') {
      refuseEnumValue(type, row, d);
    } else if (type) {
      d.error(
        'bad-cell',
        row.place,
        `Names are deprecated in a record, the roles type or the attributes type; ${row.from} is ${type.kind}`,
        row.from,
      );
    } else {
      const requirement = state.requirements.get(row.name);
      const operation = state.operations.get(row.name);
      if (requirement) state.requirements.set(row.name, { ...requirement, deprecated });
      else if (operation) state.operations.set(row.name, { ...operation, deprecated });
      else
        d.error(
          'unknown-type',
          row.place,
          `The From column names no type, and ${row.name} is no requirement or operation`,
          row.from,
        );
    }
  }
  // A role named again in the language is a role, not an alias of another.
  for (const role of state.roles.values()) {
    const aliases = role.aliases?.filter((a) => !state.roles.has(a.name));
    if (aliases && aliases.length !== role.aliases?.length) {
      const { aliases: _dropped, ...rest } = role;
      state.roles.set(role.name, aliases.length ? { ...rest, aliases } : rest);
    }
  }
}

/**
 * An enum's value is not deprecated: a checker learns deprecated names by field, role and attribute, and none looks
 * into an enum's values, so the docs would say it and no checker would. Refused at its row, with what to do instead.
 */
function refuseEnumValue(type: EnumType, row: RfcDraft['deprecated'][number], d: Diagnostics): void {
  if (!type.values.some((v) => v.value === row.name)) {
    d.error('unknown-field', row.place, `${row.from} has no value ${row.name} to deprecate`, row.name);
    return;
  }
  d.error(
    'bad-cell',
    row.place,
    `${row.name} is a value of the enum ${row.from}, and an enum's value cannot be deprecated: no checker would say so`,
    row.name,
    `Say in the value's Meaning (restate its Value row) that a provider should send ${row.useInsteadName ?? 'another value'} instead; to stop it being sent, take it out with a Removed row whose From is ${row.from} (breaking: every checker then warns of it as a value outside the enum). spec/README.md, "Enums".`,
  );
}

/**
 * Why a field cannot be deprecated, or null when it can: every answer sends a required field, every reader reads
 * a state on every element, and the tree is made of its own fields (the version field, the root, the element's
 * id, role, children, attributes and content), so none of them can be stopped.
 */
function keptField(state: FoldState, type: string, field: Field): string | null {
  const base = (ref: TypeRef): string | null =>
    ref.kind === 'array' ? base(ref.items) : ref.kind === 'named' ? ref.name : null;
  const named = base(field.type);
  const kind = named === null ? null : state.types.get(named)?.kind;
  if (named === type || kind === 'roles' || kind === 'attributes' || kind === 'external')
    return 'the tree is made of it (its children, role, attributes or content)';
  if (field.required)
    return 'it is required, so every answer sends it; make it optional in an earlier RFC, or remove it';
  if (state.states.get(field.name)?.type === type)
    return 'it is a state, which every reader reads on every element; remove it in a later RFC instead';
  if (state.versionField?.type === type && state.versionField.field === field.name)
    return 'it holds the protocol version';
  return null;
}
