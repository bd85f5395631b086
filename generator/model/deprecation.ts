import type { CanonicalModel, Source } from './types.js';

/** One deprecated name of a model, as `diff` and the docs name it. */
export interface DeprecatedName {
  /** The subject `diff` gives the item: `Element.selected`, `role button`, `attribute label`, `operation x`, `R3`. */
  subject: string;
  name: string;
  /** What to use instead, as the spec writes it (Markdown), or null. */
  useInstead: string | null;
  version: string;
  /** Whether it is a removed role that decodes as the role in `useInstead`. */
  alias: boolean;
  source: Source;
}

/** Every deprecated name of a model, aliases included, in the model's order. */
export function deprecatedNames(model: CanonicalModel): DeprecatedName[] {
  const out: DeprecatedName[] = [];
  for (const type of model.types) {
    if (type.kind !== 'record') continue;
    for (const f of type.fields)
      if (f.deprecated)
        out.push({ subject: `${type.name}.${f.name}`, name: f.name, alias: false, ...from(f.deprecated) });
  }
  for (const r of model.roles) {
    if (r.deprecated) out.push({ subject: `role ${r.name}`, name: r.name, alias: false, ...from(r.deprecated) });
    for (const a of r.aliases ?? [])
      out.push({
        subject: `role ${a.name}`,
        name: a.name,
        useInstead: `\`${r.name}\``,
        version: a.version,
        alias: true,
        source: a.source,
      });
  }
  for (const a of model.attributes)
    if (a.deprecated) out.push({ subject: `attribute ${a.name}`, name: a.name, alias: false, ...from(a.deprecated) });
  for (const o of model.operations)
    if (o.deprecated) out.push({ subject: `operation ${o.name}`, name: o.name, alias: false, ...from(o.deprecated) });
  for (const r of model.requirements)
    if (r.deprecated) out.push({ subject: r.id, name: r.id, alias: false, ...from(r.deprecated) });
  return out;
}

const from = (d: { useInstead: string | null; version: string; source: Source }) => ({
  useInstead: d.useInstead,
  version: d.version,
  source: d.source,
});

/** Whether the model deprecates anything, aliases included. */
export function deprecatesAnything(model: CanonicalModel): boolean {
  return deprecatedNames(model).length > 0;
}
