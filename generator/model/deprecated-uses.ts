import type { CanonicalModel, Deprecation } from './types.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A deprecated name an answer holds, where it holds it, and what its deprecation says. */
export interface DeprecatedUse {
  path: string;
  elementId: string | null;
  name: string;
  version: string;
  /** What to use instead, as the spec writes it (Markdown; an alias's role by name), or null for `—`. */
  useInstead: string | null;
}

/**
 * The deprecated names a checker of this model finds in an answer it was not built for (an RFC's example): a
 * deprecated field of the answer or of an element, a deprecated role or alias, a deprecated reserved attribute,
 * each at its path, in the order of the answer's walk, each a `deprecated-name` warning
 * (spec/README.md, "Findings no requirement names"). The conformance vectors and the README example use it.
 */
export function deprecatedUses(model: CanonicalModel, answer: unknown): DeprecatedUse[] {
  const t = model.tree;
  const said = (d: Deprecation) => ({ version: d.version, useInstead: d.useInstead });
  const deprecatedFields = (type: string) => {
    const record = model.types.find((x) => x.name === type);
    return new Map(
      record?.kind === 'record'
        ? record.fields.flatMap((f) => (f.deprecated ? [[f.name, said(f.deprecated)]] : []))
        : [],
    );
  };
  const roles = new Map(
    model.roles.flatMap((r) => [
      ...(r.deprecated ? [[r.name, said(r.deprecated)] as const] : []),
      ...(r.aliases ?? []).map((a) => [a.name, { version: a.version, useInstead: r.name }] as const),
    ]),
  );
  const attributes = new Map(model.attributes.flatMap((a) => (a.deprecated ? [[a.name, said(a.deprecated)]] : [])));
  const onAnswer = deprecatedFields(t.answer);
  const onNode = deprecatedFields(t.node);
  const found: DeprecatedUse[] = [];
  const use = (
    name: string,
    d: { version: string; useInstead: string | null } | undefined,
    path: string,
    elementId: string | null,
  ) => {
    if (d) found.push({ path, elementId, name, ...d });
  };
  if (!isObject(answer)) return found;
  for (const key of Object.keys(answer)) use(key, onAnswer.get(key), `/${key}`, null);
  const visit = (element: unknown, path: string) => {
    if (!isObject(element)) return;
    const id = typeof element[t.id] === 'string' ? (element[t.id] as string) : null;
    for (const key of Object.keys(element)) use(key, onNode.get(key), `${path}/${key}`, id);
    const role = element[t.role];
    if (typeof role === 'string') use(role, roles.get(role), `${path}/${t.role}`, id);
    const attrs = t.attributes ? element[t.attributes] : undefined;
    if (isObject(attrs))
      for (const key of Object.keys(attrs)) use(key, attributes.get(key), `${path}/${t.attributes}/${key}`, id);
    const children = element[t.children];
    if (Array.isArray(children)) children.forEach((child, i) => visit(child, `${path}/${t.children}/${i}`));
  };
  visit(answer[t.root], `/${t.root}`);
  return found;
}
