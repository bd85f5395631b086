import { sentence } from '../../shared/text.js';
import type { DocPage } from '../page.js';
import { migrations } from './migrations.js';
import { type Docs, cell, code, link, render } from '../site.js';

export function elementPage(d: Docs): DocPage {
  const path = 'element.md';
  const title = 'Types and fields';
  const description = `Every record type of protocol ${d.model.protocolVersion}, field by field: type, required, default, version and source.`;
  const view = {
    ...d.front(path, title, description, 2),
    title,
    records: d.records.map((r) => ({
      name: r.name,
      meaning: cell(sentence(r.meaning)),
      since: r.since,
      source: d.source(path, r.source),
      fields: r.fields.map((f) => d.field(path, f, r.name)),
      schema: d.schemaLinks(path, r.name),
      states: d.model.states
        .filter((s) => s.type === r.name)
        .map((s) => ({
          field: code(s.field),
          reachable: s.reachable ? 'yes' : 'no',
          path: s.path ? 'yes' : 'no',
          source: d.source(path, s.source),
        })),
      removed: d.model.removed
        .filter((x) => x.from === r.name)
        .map((x) => ({
          name: code(x.name),
          version: x.version,
          replacedBy: cell(x.replacedBy ?? '—'),
          source: d.source(path, x.source),
        })),
    })),
    // Each enum with its values: the words a field of it holds (a receiver keeps any other, with a warning).
    enums: d.model.types.flatMap((t) =>
      t.kind === 'enum'
        ? [
            {
              name: t.name,
              meaning: cell(sentence(t.meaning)),
              since: t.since,
              source: d.source(path, t.source),
              values: t.values.map((v) => ({
                value: code(v.value),
                meaning: cell(sentence(v.meaning)),
                since: v.since,
                source: d.source(path, v.source),
              })),
              removed: d.model.removed
                .filter((x) => x.from === t.name)
                .map((x) => ({
                  name: code(x.name),
                  version: x.version,
                  replacedBy: cell(x.replacedBy ?? '—'),
                  source: d.source(path, x.source),
                })),
            },
          ]
        : [],
    ),
    others: d.model.types
      .filter((t) => t.kind !== 'record' && t.kind !== 'enum')
      .map((t) => {
        const target = d.typeLink(path, t.name);
        return {
          name: code(t.name),
          link: target,
          kind: t.kind,
          meaning: cell(sentence(t.meaning)),
          since: t.since,
          source: d.source(path, t.source),
        };
      }),
    tree: {
      answer: code(d.model.tree.answer),
      root: code(d.model.tree.root),
      node: code(d.model.tree.node),
      children: code(d.model.tree.children),
      id: code(d.model.tree.id),
      role: code(d.model.tree.role),
    },
    migrations: migrations(d).map((x) => ({ title: x.title, link: link(path, x.path) })),
  };
  return { path, title, description, position: 2, markdown: render('element.md', view) };
}
