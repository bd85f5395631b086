import { sentence } from '../../shared/text.js';
import { anchors } from '../entries.js';
import { slugify } from '../slug.js';
import { roleSample } from '../samples.js';
import { aliasNote, withDeprecation } from '../deprecated.js';
import type { DocPage } from '../page.js';
import { type Docs, anchorTag, cell, code, link, render } from '../site.js';

export function rolesPage(d: Docs): DocPage {
  const m = d.model;
  const path = 'roles.md';
  const title = 'Roles';
  const description = `The ${m.roles.length} roles of the role language, by kind, with the Apple roles each also covers.`;
  const appleNamed = m.roles.filter((r) => r.appleName);
  const own = m.roles.filter((r) => !r.appleName);
  const roleField = m.tree.role;
  const nodeFields = d.records.find((r) => r.name === m.tree.node)?.fields ?? [];
  const view = {
    ...d.front(path, title, description, 3),
    title,
    count: m.roles.length,
    roleField: code(roleField),
    roleFieldLink: link(path, 'element.md', slugify(m.tree.node)),
    node: m.tree.node,
    appleCount: appleNamed.length,
    ownCount: own.length,
    own: own.map((r) => code(r.name)).join(', '),
    kinds: m.roleKinds.map((k) => ({
      name: k.name,
      roles: k.roles.map((name) => {
        const r = m.roles.find((x) => x.name === name);
        const apple = m.appleRoles.filter((a) => a.role === name);
        return {
          name: `${anchorTag(anchors.role(name))}${code(name)}`,
          plain: name,
          anchor: anchors.role(name),
          appleName: r?.appleName ? 'yes' : 'no',
          apple: apple.length
            ? apple
                .map((a) => `[${code(a.value)}](${link(path, 'apple-mapping.md', anchors.apple(a.value))})`)
                .join(', ')
            : '—',
          usedIn: d.usedIn(path, name),
          example: roleSample(m, d.vectors, name),
          covers: r?.covers.length ? r.covers.map(code).join(', ') : '—',
          note:
            [
              r?.coversNote ? cell(sentence(r.coversNote)) : null,
              r?.deprecated ? withDeprecation('', r.deprecated, cell).trim() : null,
              aliasNote(r),
            ]
              .filter((x) => x !== null)
              .join(' ') || '—',
          since: r?.since ?? '—',
          source: r ? d.source(path, r.source) : '—',
        };
      }),
    })),
    rules: {
      root: code(m.roleRules.root),
      unknown: code(m.roleRules.unknown),
      fallback: code(m.roleRules.fallback),
      source: d.source(path, m.roleRules.source),
    },
    notReported: m.notReported.map((n) => ({
      name: n.name,
      reason: cell(sentence(n.reason)),
      source: d.source(path, n.source),
    })),
    // Where the app's own word goes: what the removed names that the role field replaced say, and the notes.
    ownWord: m.removed.flatMap((x) =>
      x.from === m.tree.node && x.replacedBy?.includes(code(roleField))
        ? [{ name: code(x.name), version: x.version, replacedBy: cell(x.replacedBy) }]
        : [],
    ),
    ownWordFields: nodeFields
      .filter((f) =>
        m.removed.some(
          (x) =>
            x.from === m.tree.node &&
            x.replacedBy?.includes(code(roleField)) &&
            x.replacedBy.includes(code(f.name)) &&
            f.name !== roleField,
        ),
      )
      .map((f) => ({
        name: code(f.name),
        meaning: cell(sentence(f.meaning)),
        link: link(path, 'element.md', slugify(m.tree.node)),
      })),
    mappingLink: 'apple-mapping.md',
  };
  return { path, title, description, position: 3, markdown: render('roles.md', view) };
}
