import { posix } from 'node:path';
import { publishingOf, sdkVersionTable } from '../../shared/publishing.js';
import { sentence } from '../../shared/text.js';
import { slugify } from '../slug.js';
import { readAlsoBy } from '../../../model/examples.js';
import type { DocPage } from '../page.js';
import { type Docs, type PublishedFile, cell, code, link, render, rfcPage } from '../site.js';

export function versionsPage(d: Docs): DocPage {
  const path = 'versions.md';
  const title = 'Versions';
  const description =
    'Every protocol version side by side: its changelog, its types and roles, its schemas and its model.';
  const modelFile = (v: string) =>
    d.published.find((f) => f.path.startsWith('model/') && posix.basename(f.path) === `${v}.json`);
  const fileLink = (label: string, f: PublishedFile | undefined) => (f ? `[${label}](/${f.path})` : '—');
  const view = {
    ...d.front(path, title, description, 12),
    title,
    current: d.model.protocolVersion,
    sdkVersion: publishingOf(d.context).sdkVersion,
    sdkTable: sdkVersionTable(publishingOf(d.context), d.model),
    versions: [...d.context.versions].reverse().map((v) => {
      const own = d.schemas(v.protocolVersion);
      return {
        version: v.protocolVersion,
        anchor: slugify(`Version ${v.protocolVersion}`),
        rfcs:
          v.rfcs
            .filter((r) => r.version === v.protocolVersion)
            .map((r) => `[${r.id}](${link(path, rfcPage(r.id))})`)
            .join(', ') || '—',
        changelog: link(path, `changelog/${v.protocolVersion}.md`),
        strict: fileLink(posix.basename(own.strict?.path ?? ''), own.strict),
        lenient: fileLink(posix.basename(own.lenient?.path ?? ''), own.lenient),
        model: fileLink(`${v.protocolVersion}.json`, modelFile(v.protocolVersion)),
        records: v.types
          .flatMap((t) => (t.kind === 'record' ? [t] : []))
          .map((r) => ({
            name: r.name,
            fields: r.fields.map((f) => ({
              name: code(f.name),
              type: code(f.notation),
              required: f.required ? 'yes' : 'no',
              since: f.since,
              meaning: cell(sentence(f.meaning)),
            })),
          })),
        roles: v.roles.map((r) => code(r.name)).join(', '),
        // Older versions, never released, whose answers the checkers read by this version's rules.
        readsAlso: readAlsoBy(v, v.protocolVersion).join(', '),
      };
    }),
  };
  return { path, title, description, position: 12, markdown: render('versions.md', view) };
}

/** Every page and example, as data. `published` are the schemas and models the site serves (they are linked). */
