import { sentence } from '../../shared/text.js';
import { anchors } from '../entries.js';
import type { DocPage } from '../page.js';
import { type Docs, anchorTag, cell, code, link, render } from '../site.js';

export function applePage(d: Docs): DocPage {
  const m = d.model;
  const path = 'apple-mapping.md';
  const title = 'Apple mapping';
  const description = `Every Apple Accessibility role and the role it becomes in protocol ${m.protocolVersion}, or why it is not reported.`;
  const reasons = new Map(m.notReported.map((n) => [n.name, n.reason]));
  const reason = (cls: string) => reasons.get(cls) ?? '';
  // A role is a row of its kind's table: link to the kind's heading.
  // The fold keeps each role in exactly one kind.
  const kindOf = new Map(m.roleKinds.flatMap((k) => k.roles.map((r) => [r, k.name] as const)));
  const roleLink = (role: string) => link(path, 'roles.md', kindOf.has(role) ? anchors.role(role) : undefined);
  const appleOf = new Map<string, typeof m.appleRoles>();
  for (const a of m.appleRoles) {
    if (a.role === null) continue;
    const list = appleOf.get(a.role);
    if (list) list.push(a);
    else appleOf.set(a.role, [a]);
  }
  const view = {
    ...d.front(path, title, description, 4),
    title,
    count: m.appleRoles.length,
    reported: m.appleRoles.filter((a) => a.role !== null).length,
    rows: m.appleRoles.map((a) => ({
      constant: a.constant ? code(a.constant) : '—',
      value: `${anchorTag(anchors.apple(a.value))}${code(a.value)}`,
      name: a.name,
      becomes: a.role ? `[${code(a.role)}](${roleLink(a.role)})` : 'not reported',
      class: a.class,
      reason: a.role ? '—' : cell(sentence(reason(a.class))),
      origin: code(a.origin),
    })),
    reverse: m.roles.map((r) => {
      const from = appleOf.get(r.name) ?? [];
      return {
        name: code(r.name),
        link: roleLink(r.name),
        apple: from.length ? from.map((a) => code(a.value)).join(', ') : '—',
        count: from.length,
      };
    }),
    classes: [...new Set(m.appleRoles.filter((a) => a.role === null).map((a) => a.class))].map((cls) => ({
      name: cls,
      reason: cell(sentence(reason(cls))),
      apple: m.appleRoles
        .filter((a) => a.role === null && a.class === cls)
        .map((a) => code(a.value))
        .join(', '),
    })),
  };
  return { path, title, description, position: 4, markdown: render('apple-mapping.md', view) };
}
