import type { Heading, PhrasingContent, Root, RootContent, Table } from 'mdast';
import type { Place } from '../diagnostics/report.js';

/** One table cell: its Markdown text (inline code keeps its backticks), its plain text and its code spans. */
export interface Cell {
  markdown: string;
  plain: string;
  codes: string[];
  place: Place;
}

export interface Section {
  /** "4.1" for "### 4.1 The element"; null for a heading without a number. */
  number: string | null;
  title: string;
  place: Place;
}

export interface SpecTable {
  header: string[];
  rows: Cell[][];
  place: Place;
  section: Section | null;
}

export interface SpecDocument {
  file: string;
  title: { text: string; place: Place } | null;
  /** The first paragraph after the title, as Markdown. */
  summary: string;
  sections: Section[];
  tables: SpecTable[];
  /** Fenced code blocks marked `json`: the spec's examples. */
  examples: { text: string; section: Section | null; place: Place }[];
}

/** Inline Markdown back to text, keeping the marks a reader needs (code, emphasis, links). */
export function inlineMarkdown(nodes: readonly PhrasingContent[]): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out += node.value;
        break;
      case 'inlineCode':
        out += `\`${node.value}\``;
        break;
      case 'emphasis':
        out += `*${inlineMarkdown(node.children)}*`;
        break;
      case 'strong':
        out += `**${inlineMarkdown(node.children)}**`;
        break;
      case 'delete':
        out += `~~${inlineMarkdown(node.children)}~~`;
        break;
      case 'link':
        out += `[${inlineMarkdown(node.children)}](${node.url})`;
        break;
      case 'break':
        out += ' ';
        break;
      default:
        out += 'value' in node && typeof node.value === 'string' ? node.value : '';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

export function inlinePlain(nodes: readonly PhrasingContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode') out += node.value;
    else if ('children' in node) out += inlinePlain(node.children as PhrasingContent[]);
    else if (node.type === 'break') out += ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

function codesIn(nodes: readonly PhrasingContent[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 'inlineCode') into.push(node.value);
    else if ('children' in node) codesIn(node.children as PhrasingContent[], into);
  }
  return into;
}

function placeOf(file: string, node: { position?: { start: { line: number; column: number } } | undefined }): Place {
  return { file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

function sectionOf(file: string, heading: Heading): Section {
  const title = inlinePlain(heading.children);
  const match = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/.exec(title);
  return {
    number: match?.[1] ?? null,
    title: match?.[2] ?? title,
    place: placeOf(file, heading),
  };
}

function tableOf(file: string, node: Table, section: Section | null): SpecTable {
  const [head, ...body] = node.children;
  const header = head ? head.children.map((cell) => inlinePlain(cell.children)) : [];
  const rows = body.map((row) =>
    // GFM pads short rows; a missing cell reads as empty and is reported where it matters.
    header.map((_, i) => {
      const cell = row.children[i];
      if (!cell) return { markdown: '', plain: '', codes: [], place: placeOf(file, row) };
      return {
        markdown: inlineMarkdown(cell.children),
        plain: inlinePlain(cell.children),
        codes: codesIn(cell.children),
        // Point at the cell's text, not at the pipe before it.
        place: placeOf(file, cell.children[0] ?? cell),
      };
    }),
  );
  return { header, rows, place: placeOf(file, node), section };
}

/** Reads a spec file's title, sections and tables, in document order, each with its place. */
export function documentOf(file: string, tree: Root): SpecDocument {
  const doc: SpecDocument = { file, title: null, summary: '', sections: [], tables: [], examples: [] };
  let section: Section | null = null;
  let wantSummary = false;
  const children: RootContent[] = tree.children;
  for (const node of children) {
    if (node.type === 'heading') {
      if (node.depth === 1 && !doc.title) {
        doc.title = { text: inlinePlain(node.children), place: placeOf(file, node) };
        wantSummary = true;
        continue;
      }
      section = sectionOf(file, node);
      doc.sections.push(section);
      wantSummary = false;
    } else if (node.type === 'paragraph' && wantSummary) {
      doc.summary = inlineMarkdown(node.children);
      wantSummary = false;
    } else if (node.type === 'code' && node.lang === 'json') {
      doc.examples.push({ text: node.value, section, place: placeOf(file, node) });
    } else if (node.type === 'table') {
      doc.tables.push(tableOf(file, node, section));
      wantSummary = false;
    }
  }
  return doc;
}
