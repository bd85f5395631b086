import type { Heading, InlineCode, PhrasingContent, Root, RootContent, Table } from 'mdast';
import type { Diagnostics, Place } from '../diagnostics/report.js';

/** One table cell: its Markdown text (inline code keeps its backticks), its plain text and its code spans. */
export interface Cell {
  markdown: string;
  plain: string;
  codes: string[];
  /** Where each of `codes` stands, so a diagnostic about one name points at that name. */
  codePlaces: Place[];
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
  /** Rows with more cells than the header: GFM drops the extra cells, which is how an unescaped `|` shows. */
  wideRows: Place[];
  /** Rows with fewer cells than the header: GFM pads them, which is how a dropped `|` shows. */
  shortRows: Place[];
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
  /**
   * Lines that look like table rows but are not in a table: GFM ends a table at a blank line or an HTML comment,
   * and the rows after it become a paragraph. `table` is the table they were cut off from, when there is one.
   */
  strayRows: { place: Place; table: Place | null }[];
  /**
   * The document's text after its title, cut at every heading below the title: each part is the heading and the
   * Markdown up to the next one, as written. The part before the first heading (summary, metadata) has none.
   */
  body: BodyPart[];
}

export interface BodyPart {
  heading: { depth: number; number: string | null; title: string; text: string } | null;
  markdown: string;
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

function codesIn(nodes: readonly PhrasingContent[], into: InlineCode[] = []): InlineCode[] {
  for (const node of nodes) {
    if (node.type === 'inlineCode') into.push(node);
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
      if (!cell) return { markdown: '', plain: '', codes: [], codePlaces: [], place: placeOf(file, row) };
      const codes = codesIn(cell.children);
      return {
        markdown: inlineMarkdown(cell.children),
        plain: inlinePlain(cell.children),
        codes: codes.map((c) => c.value),
        codePlaces: codes.map((c) => placeOf(file, c)),
        // Point at the cell's text, not at the pipe before it.
        place: placeOf(file, cell.children[0] ?? cell),
      };
    }),
  );
  const wideRows = body
    .filter((row) => row.children.length > header.length)
    .map((row) => placeOf(file, row.children[header.length] ?? row));
  const shortRows = body.filter((row) => row.children.length < header.length).map((row) => placeOf(file, row));
  return { header, rows, wideRows, shortRows, place: placeOf(file, node), section };
}

/** The blocks of a document in order, looking inside lists and quotes (a table may stand in either). */
function* blocks(nodes: readonly RootContent[]): Generator<RootContent> {
  for (const node of nodes) {
    if (node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem')
      yield* blocks(node.children as RootContent[]);
    else yield node;
  }
}

/**
 * The line of the first line of a paragraph that starts with `|` (a row GFM did not read as one), if any. The
 * paragraph's own source lines are read when the text is at hand: a code span or emphasis may run across lines and
 * hide a row inside it, where no text node starts with `|`.
 */
function rowLineIn(node: RootContent, lines: readonly string[]): number | null {
  if (node.type !== 'paragraph') return null;
  const found: number[] = [];
  const { start, end } = node.position ?? {};
  if (start && end) {
    for (let line = start.line; line <= end.line && line <= lines.length; line++) {
      if (/^[ \t]*\|/.test(lines[line - 1] ?? '')) {
        found.push(line);
        break;
      }
    }
  }
  for (const [i, child] of node.children.entries()) {
    if (child.type !== 'text' || !child.position) continue;
    // The first text starts a line; in any text, a line break may be followed by one.
    const match = (i === 0 ? /^[ \t]*\|/ : /\n[ \t]*\|/).exec(child.value) ?? /\n[ \t]*\|/.exec(child.value);
    if (match) {
      found.push(child.position.start.line + (child.value.slice(0, match.index + 1).match(/\n/g)?.length ?? 0));
      break;
    }
  }
  return found.length > 0 ? Math.min(...found) : null;
}

/** Reads a spec file's title, sections and tables, in document order, each with its place. */
export function documentOf(file: string, tree: Root, text = ''): SpecDocument {
  const doc: SpecDocument = {
    file,
    title: null,
    summary: '',
    sections: [],
    tables: [],
    examples: [],
    strayRows: [],
    body: bodyOf(tree, text),
  };
  let section: Section | null = null;
  let wantSummary = false;
  // The table a following row may have been cut off from: kept across blank lines and HTML comments only.
  let lastTable: Place | null = null;
  const lines = text.split(/\r?\n/);
  for (const node of blocks(tree.children)) {
    if (node.type === 'heading') {
      lastTable = null;
      if (node.depth === 1 && !doc.title) {
        doc.title = { text: inlinePlain(node.children), place: placeOf(file, node) };
        wantSummary = true;
        continue;
      }
      section = sectionOf(file, node);
      doc.sections.push(section);
      wantSummary = false;
    } else if (rowLineIn(node, lines) !== null) {
      doc.strayRows.push({ place: { file, line: rowLineIn(node, lines) as number, column: 1 }, table: lastTable });
    } else if (node.type === 'paragraph' && wantSummary) {
      doc.summary = inlineMarkdown(node.children);
      wantSummary = false;
      lastTable = null;
    } else if (node.type === 'code' && node.lang === 'json') {
      doc.examples.push({ text: node.value, section, place: placeOf(file, node) });
      lastTable = null;
    } else if (node.type === 'table') {
      const table = tableOf(file, node, section);
      doc.tables.push(table);
      lastTable = table.place;
      wantSummary = false;
    } else if (node.type !== 'html') {
      lastTable = null;
    }
  }
  return doc;
}

/** The text after the title, cut at its headings (see SpecDocument.body). */
function bodyOf(tree: Root, text: string): BodyPart[] {
  const parts: BodyPart[] = [];
  const headings = tree.children.filter((n): n is Heading => n.type === 'heading');
  const title = headings.find((h) => h.depth === 1);
  const cuts = headings.filter((h) => h !== title);
  const offset = (n: Heading | undefined, end: boolean) => (end ? n?.position?.end.offset : n?.position?.start.offset);
  const slice = (from: number | undefined, to: number | undefined) =>
    text
      .slice(from ?? text.length, to ?? text.length)
      .replace(/\r\n?/g, '\n')
      .trim();
  const lead = slice(offset(title, true) ?? 0, offset(cuts[0], false));
  if (lead) parts.push({ heading: null, markdown: lead });
  cuts.forEach((h, i) => {
    const s = sectionOf('', h);
    const heading = { depth: h.depth, number: s.number, title: s.title, text: inlineMarkdown(h.children) };
    parts.push({ heading, markdown: slice(offset(h, true), offset(cuts[i + 1], false)) });
  });
  return parts;
}

/** Reports every row that is not in a table: read as prose, it would be dropped without a word. */
export function reportStrayRows(doc: SpecDocument, d: Diagnostics): void {
  for (const row of doc.strayRows) {
    if (row.table) {
      d.error(
        'table-split',
        row.place,
        `This row is cut off from the table at line ${row.table.line} by a blank line or an HTML comment, which ends a table in GFM`,
      );
    } else {
      d.error(
        'table-split',
        row.place,
        'This looks like a table row, but it is in no table: a table needs a header row and a delimiter row (|---|)',
      );
    }
  }
}

/** Reports every row of a table the toolchain reads that has more or fewer cells than its header. */
export function reportWideRows(table: SpecTable, d: Diagnostics): void {
  for (const place of table.shortRows) {
    d.error(
      'table-columns',
      place,
      `This row has fewer cells than the header's ${table.header.length}; a cell meant to be empty holds —`,
    );
  }
  for (const place of table.wideRows) {
    d.error(
      'table-columns',
      place,
      `This row has more cells than the header's ${table.header.length}; the extra cells would be lost. Write a | inside a cell as \\|`,
    );
  }
}
