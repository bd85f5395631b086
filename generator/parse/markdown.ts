import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type Data, type Plugin, unified } from 'unified';

type MdastExtension = Extract<NonNullable<Data['fromMarkdownExtensions']>[number], { transforms?: unknown }>;

/**
 * GFM's one tree transform links URLs and email addresses found in plain text. It walks the whole tree once per
 * pattern, four times, about an eighth of a parse, and each pattern needs "http", "www" (in any case) or "@" in a
 * text node. A text node holds the file's own characters, or one a character reference (`&...;`) spells, so a file
 * with none of those and no "&" gets the same tree without the walks. The live spec is such a file.
 */
const withoutLinkWalk: Plugin<[], Root> = function () {
  const data = this.data();
  const strip = (e: MdastExtension): MdastExtension => (e.enter && 'literalAutolink' in e.enter ? { ...e, transforms: [] } : e);
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map((e) => (Array.isArray(e) ? e.map(strip) : strip(e)));
};

const processor = unified().use(remarkParse).use(remarkGfm).freeze();
const linkless = unified().use(remarkParse).use(remarkGfm).use(withoutLinkWalk).freeze();
const MAY_LINK = /[@&]|http|www/i;

/** Markdown (CommonMark + GFM tables) to an mdast tree with source positions. */
export function parseMarkdown(text: string): Root {
  // Positions (and so the text a part of the document is cut from) are offsets into the text without its BOM.
  // A BOM would become part of the first heading's text.
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return (MAY_LINK.test(bare) ? processor : linkless).parse(bare);
}
