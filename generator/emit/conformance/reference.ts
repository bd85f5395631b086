import type { CanonicalModel } from '../../model/types.js';

export interface ExpectedElement {
  path: string;
  id: string;
  rawRole: string;
  role: string;
  known: boolean;
  [state: string]: string | boolean;
}

/**
 * The effective state of every element in pre-order, computed the plainest way (recursion over a tree the
 * vectors keep small) as an independent reference for the checkers and readers it is compared with.
 */
export function referenceElements(model: CanonicalModel, input: unknown): ExpectedElement[] {
  const t = model.tree;
  const known = new Set(model.roles.map((r) => r.name));
  // A deprecated alias of a removed role reads as the role that replaced it.
  const aliases = new Map(model.roles.flatMap((r) => (r.aliases ?? []).map((a) => [a.name, r.name] as const)));
  const node = model.types.find((x) => x.name === t.node);
  const defaults = new Map(
    model.states.map((s) => [
      s.field,
      node?.kind === 'record' ? (node.fields.find((f) => f.name === s.field)?.default ?? null) : null,
    ]),
  );
  const out: ExpectedElement[] = [];
  const visit = (el: Record<string, unknown>, path: string, parent: Record<string, boolean> | null) => {
    const raw = String(el[t.role]);
    const state: Record<string, boolean> = {};
    for (const [name, def] of defaults) {
      const stated = el[name];
      state[name] =
        typeof stated === 'boolean'
          ? stated
          : def?.kind === 'inherit'
            ? parent
              ? (parent[name] as boolean)
              : def.root
            : def?.kind === 'value'
              ? def.value
              : false;
    }
    const role = known.has(raw) ? raw : aliases.get(raw);
    out.push({
      path,
      id: String(el[t.id]),
      rawRole: raw,
      role: role ?? model.roleRules.unknown,
      known: role !== undefined,
      ...state,
    });
    const children = el[t.children];
    if (Array.isArray(children))
      children.forEach((c, i) => visit(c as Record<string, unknown>, `${path}/${t.children}/${i}`, state));
  };
  visit((input as Record<string, Record<string, unknown>>)[t.root] as Record<string, unknown>, `/${t.root}`, null);
  return out;
}
