import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import markdownIt, { type MarkdownIt, type StateCore } from 'markdown-it';
import type { CanonicalModel } from '../../model/types.js';
import type { DocPage } from '../docs/index.js';
import { slugify } from '../docs/slug.js';
import { templatesDir } from '../shared/paths.js';
import { loadTemplates, type Render } from '../shared/templates.js';
import type { EmitContext, GeneratedFile, TargetResult } from '../types.js';

// ---------------------------------------------------------------------------------------------------------------
// Markdown to HTML: the docs' own Markdown, rendered by markdown-it as VitePress renders it, so the site and a
// doc-site build show the same pages.

/** Heading ids as VitePress makes them (slug, then -1, -2 for repeats), and `.md` links turned into `.html`. */
function sitePlugin(md: MarkdownIt): void {
  md.core.ruler.push('element_site', (state: StateCore) => {
    const seen = new Map<string, number>();
    state.tokens.forEach((token, i) => {
      if (token.type === 'heading_open') {
        const words = (state.tokens[i + 1]?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
        const base = slugify(words);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        token.attrSet('id', n ? `${base}-${n}` : base);
      }
      for (const child of token.children ?? []) {
        const href = child.type === 'link_open' ? child.attrGet('href') : null;
        if (typeof href === 'string' && !/^[a-z]+:/i.test(href) && !href.startsWith('#')) child.attrSet('href', href.replace(/\.md(?=$|#)/, '.html'));
      }
    });
  });
}

const markdown = markdownIt({ html: true, linkify: true }).use(sitePlugin);

/** The page body without its YAML front matter. */
export function stripFrontMatter(markdown: string): string {
  return markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
}

/** Rendered pages by their Markdown: in watch mode an edit re-renders only the pages whose text changed. */
const rendered = new Map<string, string>();

export function markdownToHtml(text: string): string {
  let html = rendered.get(text);
  if (html === undefined) {
    html = markdown.render(stripFrontMatter(text));
    if (rendered.size > 256) rendered.clear();
    rendered.set(text, html);
  }
  return html;
}

// ---------------------------------------------------------------------------------------------------------------

let compiled: Render | undefined;

const htmlPath = (mdPath: string) => mdPath.replace(/\.md$/, '.html');
/** Relative links, by folder and target: every page has the whole navigation, so the same few are asked for often. */
const relatives = new Map<string, string>();
const rel = (from: string, to: string) => {
  const key = `${posix.dirname(from)}\0${to}`;
  let found = relatives.get(key);
  if (found === undefined) {
    if (relatives.size > 100_000) relatives.clear();
    relatives.set(key, (found = posix.relative(posix.dirname(from), to) || posix.basename(to)));
  }
  return found;
};

interface NavGroup { title: string; items: { title: string; href: string; current: boolean }[] }

function nav(pages: DocPage[], from: string): NavGroup[] {
  const isIndex = (p: DocPage) => (p.path.endsWith('index.md') ? 0 : 1);
  const byPosition = (a: DocPage, b: DocPage) => isIndex(a) - isIndex(b) || a.position - b.position || (a.path < b.path ? -1 : 1);
  const item = (path: string, title: string) => ({ title, href: rel(from, path), current: path === from });
  const top = pages.filter((p) => !p.path.includes('/')).sort(byPosition);
  const changelog = pages.filter((p) => p.path.startsWith('changelog/')).sort(byPosition);
  const rfcs = pages.filter((p) => p.path.startsWith('rfcs/')).sort(byPosition);
  return [
    { title: 'Reference', items: [...top.map((p) => item(htmlPath(p.path), p.title)), item('checker.html', 'Answer checker')] },
    { title: 'Changelog', items: changelog.map((p) => item(htmlPath(p.path), p.title)) },
    { title: 'RFCs', items: rfcs.map((p) => item(htmlPath(p.path), p.title)) },
  ].filter((g) => g.items.length);
}

/** The TypeScript package's JavaScript, as the TypeScript target wrote it to generated/typescript/dist/. */
async function sdkFiles(context: EmitContext): Promise<GeneratedFile[]> {
  return (await context.needed('typescript')).files
    .filter((f) => f.path.startsWith('typescript/dist/') && f.path.endsWith('.js'))
    .map((f) => ({ path: `site/sdk/${f.path.slice('typescript/dist/'.length)}`, contents: f.contents }));
}

/**
 * generated/site/: the docs target's pages as static HTML with navigation, and a checker page that runs the
 * TypeScript target's checker.
 */
export async function emitSite(model: CanonicalModel, context: EmitContext): Promise<TargetResult> {
  const { data: docs } = await context.needed('docs');
  const { pages, examples } = docs ?? { pages: [], examples: [] };
  const render = (compiled ??= loadTemplates('site'));
  const generated = `Generated by element-spec from spec/ (protocol ${model.protocolVersion}); do not edit. Regenerate with \`${context.regenerate}\`.`;
  const files: GeneratedFile[] = [];
  for (const page of pages) {
    const path = htmlPath(page.path);
    files.push({
      path: `site/${path}`,
      contents: render('page.html', {
        title: page.title,
        description: page.description,
        version: model.protocolVersion,
        generated,
        css: rel(path, 'style.css'),
        home: rel(path, 'index.html'),
        nav: nav(pages, path),
        body: markdownToHtml(page.markdown),
      }),
    });
  }
  files.push({
    path: 'site/checker.html',
    contents: render('checker.html', {
      title: 'Answer checker',
      version: model.protocolVersion,
      generated,
      css: 'style.css',
      home: 'index.html',
      nav: nav(pages, 'checker.html'),
      examples: examples.map((e) => ({ file: `examples/${e.file}`, caption: e.caption })),
    }),
  });
  for (const e of examples) files.push({ path: `site/examples/${e.file}`, contents: e.json });
  files.push({ path: 'site/style.css', contents: readFileSync(templatesDir('site', 'style.css'), 'utf8') });
  files.push({ path: 'site/checker.js', contents: readFileSync(templatesDir('site', 'checker.js'), 'utf8') });
  files.push({
    path: 'site/spec-view.js',
    contents: `// ${generated}\nexport const TREE = ${JSON.stringify(model.tree)};\nexport const STATE_NAMES = ${JSON.stringify(model.states.map((s) => s.field))};\n`,
  });
  files.push(...(await sdkFiles(context)));
  return { files: files.map((f) => ({ ...f, contents: f.contents.replace(/\r\n/g, '\n') })), diagnostics: [] };
}
