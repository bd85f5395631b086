import type { CanonicalModel } from '../../model/types.js';
import { slugify } from './slug.js';

/** One item of the reference that has its own anchor: a field, a role, an attribute, a requirement, an Apple role. */
export interface Entry {
  /** The name as the spec writes it: a field, type, role, requirement id or Apple role. */
  name: string;
  /** The page it is on, relative to generated/docs/. */
  page: string;
  anchor: string;
}

/** The anchor of each kind of entry: one function each, so a page and a link to it cannot disagree. */
export const anchors = {
  type: (name: string) => slugify(name),
  field: (record: string, field: string) => slugify(`${record} ${field}`),
  role: (name: string) => slugify(`role ${name}`),
  attribute: (name: string) => slugify(`attribute ${name}`),
  requirement: (id: string) => slugify(id),
  apple: (value: string) => slugify(`apple ${value}`),
  operation: (name: string) => slugify(`operation ${name}`),
};

/**
 * Every name of the model with the entry it links to. A name that several entries share (a field of two records)
 * goes to the first: the tree's node before other records, fields before anything else of the same name.
 */
export function referenceEntries(model: CanonicalModel): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const put = (name: string, page: string, anchor: string) => {
    if (!out.has(name)) out.set(name, { name, page, anchor });
  };
  const records = model.types.flatMap((t) => (t.kind === 'record' ? [t] : []));
  const ordered = [
    ...records.filter((r) => r.name === model.tree.node),
    ...records.filter((r) => r.name !== model.tree.node),
  ];
  for (const t of model.types)
    put(
      t.name,
      t.kind === 'record' || t.kind === 'enum'
        ? 'element.md'
        : t.kind === 'roles'
          ? 'roles.md'
          : t.kind === 'attributes'
            ? 'attributes.md'
            : 'index.md',
      t.kind === 'record' || t.kind === 'enum'
        ? anchors.type(t.name)
        : t.kind === 'external'
          ? slugify(`${t.name} blocks`)
          : '',
    );
  for (const r of ordered) for (const f of r.fields) put(f.name, 'element.md', anchors.field(r.name, f.name));
  for (const r of model.roles) put(r.name, 'roles.md', anchors.role(r.name));
  for (const a of model.attributes) put(a.name, 'attributes.md', anchors.attribute(a.name));
  for (const r of model.requirements) put(r.id, 'conformance.md', anchors.requirement(r.id));
  for (const o of model.operations) put(o.name, 'index.md', anchors.operation(o.name));
  for (const a of model.appleRoles) {
    put(a.value, 'apple-mapping.md', anchors.apple(a.value));
    if (a.constant) put(a.constant, 'apple-mapping.md', anchors.apple(a.value));
  }
  return out;
}
