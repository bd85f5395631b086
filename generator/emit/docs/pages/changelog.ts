import type { DocPage } from '../page.js';
import { migrations } from './migrations.js';
import { type Docs, cell, code, isAnswerName, link, render, replacedByText, rfcPage } from '../site.js';

function changes(d: Docs, from: string, version: string): { class: string; rule: string; change: string }[] {
  return d.model.rfcs
    .filter((r) => r.version === version)
    .flatMap((r) => r.changes)
    .map((c) => ({ class: c.class, rule: code(c.rule), change: d.names(from, cell(c.message)) }));
}

export function changelogPages(d: Docs): DocPage[] {
  const versions = [...new Set(d.model.rfcs.map((r) => r.version))];
  const pages: DocPage[] = [];
  versions.forEach((version, i) => {
    const path = `changelog/${version}.md`;
    const title = `Version ${version}`;
    const rfcs = d.model.rfcs.filter((r) => r.version === version);
    const description = `What protocol ${version} changed: ${rfcs.map((r) => r.id).join(', ')}.`;
    const mig = migrations(d).find((x) => x.to === version);
    const view = {
      ...d.front(path, title, description, versions.length - i),
      title,
      version,
      rfcs: rfcs.map((r) => ({
        id: r.id,
        title: r.title,
        link: link(path, rfcPage(r.id)),
        summary: cell(r.summary),
        effect: r.effect,
        from: r.from ?? '—',
        version: r.version,
        status: r.status,
        amends: cell(r.supersedesOrAmends),
      })),
      changes: changes(d, path, version),
      removed: d.model.removed
        .filter((x) => x.version === version && isAnswerName(x))
        .map((x) => ({ name: code(x.name), from: x.from, replacedBy: replacedByText(x.replacedBy) })),
      // A requirement removed is no longer checked, an operation no longer offered: neither is a name an answer held.
      unchecked: d.model.removed
        .filter((x) => x.version === version && x.kind === 'requirement')
        .map((x) => ({ name: code(x.name), replacedBy: replacedByText(x.replacedBy) })),
      withdrawn: d.model.removed
        .filter((x) => x.version === version && x.kind === 'operation')
        .map((x) => ({ name: code(x.name), replacedBy: replacedByText(x.replacedBy) })),
      migration: mig ? { title: mig.title, link: link(path, mig.path) } : null,
    };
    pages.push({ path, title, description, position: versions.length - i, markdown: render('changelog.md', view) });
  });
  const path = 'changelog/index.md';
  const title = 'Changelog';
  const description = 'Every protocol version and the RFCs that made it.';
  const view = {
    ...d.front(path, title, description, 7),
    title,
    versions: [...versions].reverse().map((v) => ({
      version: v,
      link: link(path, `changelog/${v}.md`),
      rfcs: d.model.rfcs
        .filter((r) => r.version === v)
        .map((r) => `${r.id} (${r.effect})`)
        .join(', '),
    })),
  };
  pages.push({ path, title, description, position: 7, markdown: render('changelog-index.md', view) });
  return pages;
}

/**
 * One page per RFC: its metadata, then the RFC's own text, section by section. Each numbered section has an
 * explicit anchor (`section-4-1`), which resolves on GitHub and in VitePress alike (their heading slugs differ), so
 * every "Source" link lands on the section; under each heading, the names the section states, for the reader.
 */
