import type { Heading, Nodes, Table } from 'mdast';
import { type DocumentSymbol, type Range, SymbolKind } from 'vscode-languageserver/node';
import { type TableKind, TABLE_SIGNATURES, classifyTable } from '../../read/signatures.js';
import { inlinePlain } from '../../read/tables.js';
import type { SpecSnapshot } from '../snapshot.js';
import { type NameKind, nameIndex, rangeOf } from './name-index.js';
import type { ParsedFile } from './parsed.js';

/** How each kind of name shows in an outline. */
const SYMBOL_OF: Record<NameKind, SymbolKind> = {
  type: SymbolKind.Class,
  field: SymbolKind.Field,
  value: SymbolKind.EnumMember,
  role: SymbolKind.EnumMember,
  appleRole: SymbolKind.EnumMember,
  attribute: SymbolKind.Property,
  requirement: SymbolKind.Constant,
  operation: SymbolKind.Method,
  state: SymbolKind.Boolean,
  status: SymbolKind.Constant,
};

type Positioned = {
  position?: { start: { line: number; column: number }; end: { line: number; column: number } } | undefined;
};
const rangeOfNode = (n: Positioned): Range => ({
  start: { line: (n.position?.start.line ?? 1) - 1, character: (n.position?.start.column ?? 1) - 1 },
  end: { line: (n.position?.end.line ?? 1) - 1, character: (n.position?.end.column ?? 1) - 1 },
});

/** The headings and tables of a file in document order, looking inside lists and quotes as the reader does. */
function blocks(node: Nodes, into: (Heading | Table)[] = []): (Heading | Table)[] {
  if (node.type === 'heading' || node.type === 'table') into.push(node);
  else if ('children' in node && node.type !== 'paragraph')
    for (const child of node.children) blocks(child as Nodes, into);
  return into;
}

/**
 * The outline of a spec file: its sections nested by heading level, in each the tables the toolchain reads (named
 * by their header), and under each table the names its rows define.
 */
export function documentSymbols(snapshot: SpecSnapshot, specPath: string): DocumentSymbol[] {
  const index = nameIndex(snapshot.files);
  const file = index.files.find((f) => f.path === specPath);
  if (!file) return [];
  const lastLine = file.text.split(/\r?\n/).length - 1;
  const roots: DocumentSymbol[] = [];
  const open: { depth: number; symbol: DocumentSymbol }[] = [];
  const close = (depth: number, line: number) => {
    while (open.length && (open.at(-1) as { depth: number }).depth >= depth) {
      const done = open.pop() as { symbol: DocumentSymbol };
      done.symbol.range.end = { line: Math.max(done.symbol.range.start.line, line), character: 0 };
    }
  };
  const add = (symbol: DocumentSymbol) =>
    open.length
      ? ((open.at(-1) as { symbol: DocumentSymbol }).symbol.children ??= []).push(symbol)
      : roots.push(symbol);
  for (const node of blocks(file.tree)) {
    if (node.type === 'heading') {
      const range = rangeOfNode(node);
      close(node.depth, range.start.line);
      const symbol: DocumentSymbol = {
        name: inlinePlain(node.children) || '(untitled)',
        kind: node.depth === 1 ? SymbolKind.File : SymbolKind.Namespace,
        range: { ...range },
        selectionRange: range,
        children: [],
      };
      add(symbol);
      open.push({ depth: node.depth, symbol });
      continue;
    }
    const table = tableSymbol(
      file,
      node,
      index.definitions.filter((d) => d.span.file === file.path),
    );
    if (table) add(table);
  }
  close(0, lastLine);
  return roots;
}

function tableSymbol(
  file: ParsedFile,
  node: Table,
  defs: ReturnType<typeof nameIndex>['definitions'],
): DocumentSymbol | null {
  const header = node.children[0]?.children.map((c) => inlinePlain(c.children)) ?? [];
  const classified = classifyTable(header);
  if (classified.kind === 'prose' || classified.kind === 'malformed') return null;
  const kind: TableKind = classified.kind;
  const range = rangeOfNode(node);
  const names = defs
    .filter((d) => d.table.place.line - 1 === range.start.line && d.span.file === file.path)
    .map(
      (d): DocumentSymbol => ({
        name: d.name,
        detail: d.owner ? `${d.kind} of ${d.owner}` : d.kind,
        kind: SYMBOL_OF[d.kind],
        range: rangeOf(d.span),
        selectionRange: rangeOf(d.span),
      }),
    );
  return {
    name: TABLE_SIGNATURES[kind].join(' | '),
    detail: `${kind} table`,
    kind: SymbolKind.Struct,
    range,
    selectionRange: {
      start: range.start,
      end: { line: range.start.line, character: (file.text.split(/\r?\n/)[range.start.line] ?? '').length },
    },
    children: names,
  };
}
