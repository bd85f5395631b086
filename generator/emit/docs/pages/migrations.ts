import type { DocPage } from '../page.js';
import { type Docs, cell, code, isAnswerName, link, render, replacedByText, rfcPage, shortVersion } from '../site.js';

interface Migration {
  from: string;
  to: string;
  path: string;
  title: string;
}

export function migrations(d: Docs): Migration[] {
  const out: Migration[] = [];
  for (const rfc of d.model.rfcs) {
    if (!rfc.from || !d.model.removed.some((x) => x.version === rfc.version)) continue;
    if (out.some((x) => x.to === rfc.version)) continue;
    const from = shortVersion(rfc.from);
    out.push({ from: rfc.from, to: rfc.version, path: `migrating-from-${from}.md`, title: `Migrating from ${from}` });
  }
  return out;
}

export function migrationPages(d: Docs): DocPage[] {
  return migrations(d).map((mig, i) => {
    const path = mig.path;
    const description = `What changed from ${mig.from} to ${mig.to}: every removed name and what replaced it.`;
    const ofVersion = d.model.removed.filter((x) => x.version === mig.to);
    // Only the names an answer held fail the checker; an enum's value, a requirement or an operation is said in its
    // own words (a value outside its enum is a warning: a receiver keeps it).
    const removed = ofVersion.filter((x) => isAnswerName(x) && x.kind !== 'value');
    const others = (kind: string) =>
      ofVersion
        .filter((x) => x.kind === kind)
        .map((x) => ({
          name: code(x.name),
          replacedBy: replacedByText(x.replacedBy),
          source: d.source(path, x.source),
        }));
    const view = {
      ...d.front(path, mig.title, description, 8 + i),
      title: mig.title,
      from: mig.from,
      to: mig.to,
      rfcs: d.model.rfcs
        .filter((r) => r.version === mig.to)
        .map((r) => ({ id: r.id, title: r.title, link: link(path, rfcPage(r.id)) })),
      types: [...new Set(removed.map((x) => x.from))].map((type) => ({
        name: type,
        link: d.typeLink(path, type),
        removed: removed
          .filter((x) => x.from === type)
          .map((x) => ({
            name: code(x.name),
            replacedBy: cell(x.replacedBy ?? '—'),
            source: d.source(path, x.source),
          })),
      })),
      values: ofVersion
        .filter((x) => x.kind === 'value')
        .map((x) => ({
          name: code(x.name),
          type: x.from,
          link: d.typeLink(path, x.from),
          replacedBy: cell(x.replacedBy ?? '—'),
          source: d.source(path, x.source),
        })),
      requirements: others('requirement'),
      operations: others('operation'),
      changelog: link(path, `changelog/${mig.to}.md`),
    };
    return { path, title: mig.title, description, position: 8 + i, markdown: render('migrating.md', view) };
  });
}

/** What a version's RFCs changed, as `diff` classes each change (the model carries them per RFC). */
