import { readdirSync, readFileSync } from 'node:fs';
import type { CanonicalModel } from '../../model/types.js';
import { templatesDir } from '../shared/paths.js';
import type { GeneratedFile } from '../core/target.js';
import { referenceEntries } from './entries.js';
import type { DocPage } from './page.js';

interface Link {
  text: string;
  link: string;
}

/** A page's address in VitePress: its path without `.md`, `index` as the folder. */
const address = (path: string) => `/${path.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1')}`;

const isIndex = (p: DocPage) => (p.path.endsWith('index.md') ? 0 : 1);
const byPosition = (a: DocPage, b: DocPage) =>
  isIndex(a) - isIndex(b) || a.position - b.position || (a.path < b.path ? -1 : 1);

/**
 * The data of `.vitepress/config.mts`: the title, the navigation and sidebar (from the pages), and the spec file
 * each page comes from, for edit links. Plain JSON, so the config is the same on every run.
 */
export function siteConfig(model: CanonicalModel, pages: readonly DocPage[]) {
  const item = (p: DocPage): Link => ({ text: p.title, link: address(p.path) });
  const top = pages.filter((p) => !p.path.includes('/')).sort(byPosition);
  const changelog = pages.filter((p) => p.path.startsWith('changelog/')).sort(byPosition);
  const rfcs = pages.filter((p) => p.path.startsWith('rfcs/')).sort(byPosition);
  const first = (list: DocPage[], path: string) => list.find((p) => p.path === path) ?? list[0];
  const nav = [
    ...(top.length ? [{ text: 'Reference', link: address((first(top, 'element.md') as DocPage).path) }] : []),
    ...(top.some((p) => p.path === 'checker.md') ? [{ text: 'Checker', link: address('checker.md') }] : []),
    ...(changelog.length
      ? [{ text: 'Changelog', link: address((first(changelog, 'changelog/index.md') as DocPage).path) }]
      : []),
    ...(rfcs.length ? [{ text: 'RFCs', link: address((rfcs[0] as DocPage).path) }] : []),
    ...(top.some((p) => p.path === 'versions.md')
      ? [{ text: model.protocolVersion, items: [{ text: 'Every version', link: address('versions.md') }] }]
      : []),
  ];
  const sidebar = [
    { text: 'Reference', items: top.map(item) },
    { text: 'Changelog', items: changelog.map(item) },
    { text: 'RFCs', items: rfcs.map(item) },
  ].filter((g) => g.items.length);
  const sources = Object.fromEntries(
    model.rfcs
      .map((r) => [`rfcs/${r.id.toLowerCase()}.md`, r.source.file] as const)
      .filter(([path]) => pages.some((p) => p.path === path)),
  );
  // Every name's entry, for the checker: a finding's requirement and an element's role link to them.
  const referenceLinks = Object.fromEntries(
    [...referenceEntries(model).values()].map((e) => [
      e.name,
      `/${e.page.replace(/\.md$/, '.html')}${e.anchor ? `#${e.anchor}` : ''}`,
    ]),
  );
  return {
    title: 'Element model',
    description: `Reference for the element model, protocol ${model.protocolVersion}.`,
    footer: `Generated from the spec's accepted RFCs: protocol ${model.protocolVersion}.`,
    nav,
    sidebar,
    sources,
    referenceLinks,
    specFolder: model.rfcs[0]?.source.file.replace(/[^/]*$/, '') ?? 'spec/',
  };
}

const COMMENT: Record<string, (text: string) => string> = {
  '.ts': (t) => `// ${t}\n`,
  '.css': (t) => `/* ${t} */\n`,
  '.vue': (t) => `<!-- ${t} -->\n`,
};

/** The theme's files (templates/docs/theme/), each with the "generated, do not edit" header. */
export function themeFiles(generated: string): GeneratedFile[] {
  const dir = templatesDir('docs', 'theme');
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const comment = COMMENT[name.slice(name.lastIndexOf('.'))];
      const body = readFileSync(`${dir}/${name}`, 'utf8').replace(/\r\n/g, '\n');
      return { path: name, contents: comment ? comment(generated) + body : body };
    });
}
