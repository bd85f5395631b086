import { sentence } from '../../shared/text.js';
import { anchors } from '../entries.js';
import { slugify } from '../slug.js';
import { attributeSample } from '../samples.js';
import { withDeprecation } from '../deprecated.js';
import type { DocPage } from '../page.js';
import { type Docs, anchorTag, cell, code, link, render } from '../site.js';

export function attributesPage(d: Docs): DocPage {
  const m = d.model;
  const path = 'attributes.md';
  const title = 'Attributes';
  const description = `The reserved attributes of protocol ${m.protocolVersion}, and what the spec says of privacy.`;
  const attrType = m.types.find((t) => t.kind === 'attributes');
  const view = {
    ...d.front(path, title, description, 5),
    title,
    type: attrType
      ? {
          name: code(attrType.name),
          meaning: cell(sentence(attrType.meaning)),
          source: d.source(path, attrType.source),
        }
      : null,
    field: m.tree.attributes ? code(m.tree.attributes) : null,
    node: m.tree.node,
    nodeLink: link(path, 'element.md', slugify(m.tree.node)),
    attributes: m.attributes.map((a) => ({
      name: `${anchorTag(anchors.attribute(a.name))}${code(a.name)}`,
      plain: a.name,
      sample: attributeSample(m, d.vectors, a.name),
      usedIn: d.usedIn(path, a.name),
      type: d.typeCell(path, a.notation, a.type),
      since: a.since,
      meaning: withDeprecation(cell(sentence(a.meaning)), a.deprecated, cell),
      source: d.source(path, a.source),
    })),
    privacy: m.privacy.map((p) => ({
      subject: cell(p.subject),
      note: cell(sentence(p.note)),
      source: d.source(path, p.source),
    })),
  };
  return { path, title, description, position: 5, markdown: render('attributes.md', view) };
}
