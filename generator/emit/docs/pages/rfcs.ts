import type { Source } from '../../../model/types.js';
import { plainText } from '../../shared/text.js';
import { slugify } from '../slug.js';
import type { DocPage } from '../page.js';
import { type Docs, cell, code, link, render, rfcPage, sectionHeading } from '../site.js';

export function rfcPages(d: Docs): DocPage[] {
  const m = d.model;
  return m.rfcs.map((rfc, i) => {
    const path = rfcPage(rfc.id);
    const title = `${rfc.id}: ${rfc.title}`;
    const description = plainText(rfc.summary).split(/(?<=\.)\s/)[0] ?? rfc.title;
    const items: { section: string | null; label: string }[] = [];
    const put = (s: Source, label: string) => {
      if (s.document === rfc.id) items.push({ section: s.section, label });
    };
    for (const t of m.types) {
      put(t.source, `type ${code(t.name)}`);
      if (t.kind === 'record') for (const f of t.fields) put(f.source, `field ${code(`${t.name}.${f.name}`)}`);
    }
    for (const s of m.states) put(s.source, `state ${code(s.field)}`);
    for (const x of m.removed) put(x.source, `removed ${code(`${x.from}.${x.name}`)}`);
    for (const r of m.roles) put(r.source, `role ${code(r.name)}`);
    put(m.roleRules.source, 'the role rules');
    for (const n of m.notReported) put(n.source, `not reported: ${n.name}`);
    for (const a of m.attributes) put(a.source, `attribute ${code(a.name)}`);
    for (const o of m.operations) put(o.source, `operation ${code(o.name)}`);
    for (const r of m.requirements) put(r.source, `requirement ${r.id}`);
    for (const e of m.examples) put(e.source, 'an example answer');
    for (const p of m.privacy) put(p.source, `privacy: ${plainText(p.subject)}`);
    // The text before the first heading is the summary and the metadata, shown above from the model's fields.
    const linked = d.linkedBodies.get(rfc.id) ?? [];
    const parts = rfc.body.flatMap((part, index) => {
      const h = part.heading;
      if (!h) return [];
      const defines = h.number ? items.filter((x) => x.section === h.number).map((x) => x.label) : [];
      return [
        {
          anchor: h.number ? slugify(sectionHeading(h.number)) : null,
          heading: `${'#'.repeat(Math.min(6, h.depth))} ${h.text}`,
          defines: defines.join(', '),
          markdown: linked[index] ?? part.markdown,
        },
      ];
    });
    const view = {
      ...d.front(path, title, description, 20 + i),
      title,
      summary: cell(rfc.summary),
      file: rfc.source.file,
      metadata: Object.entries(rfc.metadata).map(([k, v]) => ({ key: cell(k), value: cell(v) })),
      effect: rfc.effect,
      from: rfc.from ?? '—',
      version: rfc.version,
      changelog: link(path, `changelog/${rfc.version}.md`),
      parts,
    };
    return { path, title, description, position: 20 + i, markdown: render('rfc.md', view) };
  });
}
