import type { Root } from 'mdast';
import { parseMarkdownInParts } from '../../read/markdown.js';
import { type SpecDocument, documentOf } from '../../read/tables.js';
import { RecentParses, cacheKey } from '../../model/parses.js';
import type { SpecFiles } from '../../spec-files.js';

/** One spec file as the features read it: its text, its Markdown tree (with positions) and its tables. */
export interface ParsedFile {
  path: string;
  text: string;
  tree: Root;
  doc: SpecDocument;
  /** The RFC's file name, for an RFC; null for the process and reference files. */
  baseName: string | null;
}

/** The trees of the files the editor shows: the reader's own parse, kept while a file's text stays the same. */
const TREES = new Map<string, Root>();
const DOCS = new RecentParses(64);

/** Parses one file as the reader does (read/markdown.ts, read/tables.ts), reusing the parse of the same text. */
export function parsedFile(path: string, text: string, baseName: string | null = null): ParsedFile {
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const key = cacheKey(path, bare);
  let tree = TREES.get(key);
  if (!tree) {
    tree = parseMarkdownInParts(bare);
    // The tree is kept for the last text of each file only: an edit replaces it.
    for (const k of TREES.keys()) if (k.startsWith(`${path}\0`)) TREES.delete(k);
    TREES.set(key, tree);
  }
  let doc = DOCS.get(key);
  if (!doc) {
    doc = documentOf(path, tree, bare);
    DOCS.set(key, doc);
  }
  return { path, text: bare, tree, doc, baseName };
}

/** Every file of the spec, parsed: the process file, the references, then the RFCs in name order. */
export function parsedFiles(files: SpecFiles): ParsedFile[] {
  const out: ParsedFile[] = [];
  for (const f of [files.process, files.appleRoles, files.externalTypes]) if (f) out.push(parsedFile(f.path, f.text));
  for (const f of files.rfcs) out.push(parsedFile(f.path, f.text, f.baseName));
  return out;
}

/** The parsed file at a spec path, or null when the snapshot has none there. */
export function parsedAt(files: SpecFiles, specPath: string): ParsedFile | null {
  return parsedFiles(files).find((f) => f.path === specPath) ?? null;
}
