import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const processor = unified().use(remarkParse).use(remarkGfm).freeze();

/** Markdown (CommonMark + GFM tables) to an mdast tree with source positions. */
export function parseMarkdown(text: string): Root {
  // Positions (and so the text a part of the document is cut from) are offsets into the text without its BOM.
  // A BOM would become part of the first heading's text.
  return processor.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
