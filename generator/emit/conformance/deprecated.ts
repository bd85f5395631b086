import type { CanonicalModel } from '../../model/types.js';
import type { ExpectedFinding } from './answers.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The deprecated-name warnings a checker of this model gives an answer it was not built for (an RFC's example):
 * a deprecated field of the answer or of an element, a deprecated role or alias, a deprecated reserved attribute,
 * each at its path, as every checker reports them (spec/README.md, "Findings no requirement names").
 */
export function deprecatedFindings(model: CanonicalModel, answer: unknown): ExpectedFinding[] {
  const t = model.tree;
  const fieldsOf = (type: string) => model.types.find((x) => x.name === type && x.kind === 'record');
  const deprecatedFields = (type: string) => {
    const record = fieldsOf(type);
    return new Set(
      record && record.kind === 'record' ? record.fields.filter((f) => f.deprecated).map((f) => f.name) : [],
    );
  };
  const roles = new Set(
    model.roles.flatMap((r) => [...(r.deprecated ? [r.name] : []), ...(r.aliases ?? []).map((a) => a.name)]),
  );
  const attributes = new Set(model.attributes.filter((a) => a.deprecated).map((a) => a.name));
  const onAnswer = deprecatedFields(t.answer);
  const onNode = deprecatedFields(t.node);
  const found: ExpectedFinding[] = [];
  const warn = (path: string, elementId: string | null) =>
    found.push({ requirement: null, rule: 'deprecated-name', severity: 'warning', elementId, path });
  if (!isObject(answer)) return found;
  for (const key of Object.keys(answer)) if (onAnswer.has(key)) warn(`/${key}`, null);
  const visit = (element: unknown, path: string) => {
    if (!isObject(element)) return;
    const id = typeof element[t.id] === 'string' ? (element[t.id] as string) : null;
    for (const key of Object.keys(element)) if (onNode.has(key)) warn(`${path}/${key}`, id);
    const role = element[t.role];
    if (typeof role === 'string' && roles.has(role)) warn(`${path}/${t.role}`, id);
    const attrs = t.attributes ? element[t.attributes] : undefined;
    if (isObject(attrs))
      for (const key of Object.keys(attrs)) if (attributes.has(key)) warn(`${path}/${t.attributes}/${key}`, id);
    const children = element[t.children];
    if (Array.isArray(children)) children.forEach((child, i) => visit(child, `${path}/${t.children}/${i}`));
  };
  visit(answer[t.root], `/${t.root}`);
  return found;
}
