import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type Data, type Plugin, unified } from 'unified';
import { joinedRoot, shifted, splitAtHeadings } from './chunked.js';

type SyntaxExtension = NonNullable<Data['micromarkExtensions']>[number];
type TreeExtension = Extract<NonNullable<Data['fromMarkdownExtensions']>[number], { transforms?: unknown }>;

/** GFM's literal autolinks (a bare URL or email address), as micromark-extension-gfm-autolink-literal names them. */
const LITERAL_LINKS = new Set(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);

/**
 * remark-gfm without literal autolinks, for a text that can hold none: a third of a parse goes to them. Their
 * syntax is tried at every letter and digit, which cuts runs of text into pieces that are merged again when the
 * try fails; it succeeds only on "http", "www" (in any case) or "@". Their tree transform walks the whole tree once
 * per pattern, four times, and each pattern needs the same in a text node, which holds the file's own characters
 * or one a character reference (`&...;`) spells. A file with none of those and no "&" gets the same tree.
 */
const withoutLiteralLinks: Plugin<[], Root> = function () {
  const data = this.data();
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map(withoutLinkSyntax);
  const strip = (e: TreeExtension): TreeExtension =>
    e.enter && 'literalAutolink' in e.enter ? { ...e, transforms: [] } : e;
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map((e) =>
    Array.isArray(e) ? e.map(strip) : strip(e),
  );
};

function withoutLinkSyntax(extension: SyntaxExtension): SyntaxExtension {
  if (!extension.text) return extension;
  const text = Object.entries(extension.text).map(([code, found]) => {
    const constructs = (Array.isArray(found) ? found : found ? [found] : []).filter(
      (c) => !LITERAL_LINKS.has(c.name ?? ''),
    );
    return [code, constructs] as const;
  });
  return { ...extension, text: Object.fromEntries(text.filter(([, constructs]) => constructs.length > 0)) };
}

const processor = unified().use(remarkParse).use(remarkGfm).freeze();
const linkless = unified().use(remarkParse).use(remarkGfm).use(withoutLiteralLinks).freeze();
const MAY_LINK = /[@&]|http|www/i;

/** Markdown (CommonMark + GFM tables) to an mdast tree with source positions. */
export function parseMarkdown(text: string): Root {
  // Positions (and so the text a part of the document is cut from) are offsets into the text without its BOM.
  // A BOM would become part of the first heading's text.
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return (MAY_LINK.test(bare) ? processor : linkless).parse(bare);
}

/** Parsed parts of files (by their exact text), positions as if each part were a file of its own. */
const PARTS = new Map<string, Root>();
const PARTS_KEPT = 1024;

/**
 * parseMarkdown, part by part (read/chunked.ts): a part whose text was parsed before is reused, so after an edit
 * only the section it touched is parsed again. The tree is the one parseMarkdown gives the whole text.
 */
export function parseMarkdownInParts(text: string): Root {
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parts = splitAtHeadings(bare);
  if (!parts || parts.length < 2) return parseMarkdown(bare);
  let last: Root | undefined;
  const children = parts.flatMap((part) => {
    let root = PARTS.get(part.text);
    if (root) PARTS.delete(part.text);
    else root = parseMarkdown(part.text);
    PARTS.set(part.text, root);
    if (PARTS.size > PARTS_KEPT) PARTS.delete(PARTS.keys().next().value as string);
    last = root;
    return shifted(root.children, part.line, part.offset);
  });
  const tail = parts.at(-1) as (typeof parts)[number];
  return joinedRoot(
    children,
    (last as Root).position?.end ?? { line: 1, column: 1, offset: 0 },
    tail.line,
    tail.offset,
  );
}
