import type { Root, RootContent } from 'mdast';

/**
 * A Markdown file cut into parts that parse alone to the same tree: each part starts at a heading in the first
 * column outside a fenced code block or an HTML comment, where CommonMark always starts a new block and ends
 * every container. Parsing only the part an edit touched keeps the language server's reply quick on a long RFC.
 * Returns null where parts could differ from the whole: a link reference definition (it reaches the whole file),
 * a fence inside a container, an HTML block that may run past a blank line, or a lone carriage return (a line
 * ending to CommonMark, which the cutting here does not count).
 */
export function splitAtHeadings(text: string): { text: string; line: number; offset: number }[] | null {
  if (
    /\r(?!\n)/.test(text) ||
    /^ {0,3}\[[^\]\n]+\]:/m.test(text) ||
    /^ {4,}(`{3,}|~{3,})/m.test(text) ||
    /^ {0,3}<(script|pre|style|textarea|\?|![A-Z]|!\[CDATA\[)/im.test(text)
  )
    return null;
  const parts: { text: string; line: number; offset: number }[] = [];
  let fence: string | null = null;
  let comment = false;
  let start = 0;
  let startLine = 1;
  let offset = 0;
  let line = 1;
  for (const source of text.split('\n')) {
    if (fence === null && !comment && line > startLine && /^#{1,6}(?:[ \t]|$)/.test(source)) {
      parts.push({ text: text.slice(start, offset), line: startLine, offset: start });
      start = offset;
      startLine = line;
    }
    if (comment) comment = !source.includes('-->');
    else if (fence !== null) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(source)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = null;
    } else {
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(source)?.[1];
      if (open) fence = open;
      else if (/^ {0,3}<!--/.test(source)) comment = !source.slice(source.indexOf('<!--') + 4).includes('-->');
    }
    offset += source.length + 1;
    line++;
  }
  parts.push({ text: text.slice(start), line: startLine, offset: start });
  return parts;
}

type Positioned = { position?: { start: Point; end: Point } };
type Point = { line: number; column: number; offset?: number | undefined };

/** A copy of a part's nodes with their positions moved to where the part stands in the whole file. */
export function shifted(nodes: readonly RootContent[], line: number, offset: number): RootContent[] {
  const move = (p: Point) => moved(p, line, offset);
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        k === 'position' && v
          ? {
              start: move((v as Positioned['position'] & object).start),
              end: move((v as Positioned['position'] & object).end),
            }
          : copy(v);
    }
    return out;
  };
  return nodes.map((n) => copy(n) as RootContent);
}

const moved = (p: Point, line: number, offset: number): Point => ({
  line: p.line + line - 1,
  column: p.column,
  ...(p.offset === undefined ? {} : { offset: p.offset + offset }),
});

/** The root of the whole file from its parts' nodes; it ends where the last part's root ends. */
export function joinedRoot(children: RootContent[], lastEnd: Point, line: number, offset: number): Root {
  const end = moved(lastEnd, line, offset);
  return {
    type: 'root',
    children,
    position: {
      start: { line: 1, column: 1, offset: 0 },
      end: { line: end.line, column: end.column, ...(end.offset === undefined ? {} : { offset: end.offset }) },
    },
  };
}
