import { wrap } from '../shared/text.js';

/**
 * Source text written a line at a time, as quicktype's renderers write theirs: the writer keeps the indentation,
 * so an emitter says what is nested in what (`block`), what is a doc comment (`docComment`) and which rows line
 * up in columns (`aligned`), instead of writing string literals and laying them out afterwards. It knows no
 * language: a target gives the unit of indentation, the comment prefix and the width.
 */

/** One row of an aligned run: its head is padded to the run's widest head, then one space, then the rest. */
interface Row {
  head: string;
  rest: string;
}

export class Lines {
  private readonly out: string[] = [];
  /** The rows of the aligned group being written that no other line has ended yet; null outside a group. */
  private run: Row[] | null = null;

  /** `unit` is one level of indentation; `depth` the level the first line starts at. */
  constructor(
    private readonly unit = '\t',
    private depth = 0,
  ) {}

  private get indentation(): string {
    return this.unit.repeat(this.depth);
  }

  /** Writes the pending rows, each head padded to the widest, and ends their run. */
  private flush(): void {
    const rows = this.run;
    if (rows === null || rows.length === 0) return;
    this.run = [];
    const width = Math.max(...rows.map((r) => r.head.length));
    for (const r of rows) this.out.push(`${this.indentation}${r.head.padEnd(width)} ${r.rest}`);
  }

  /** One line at the current indentation; an empty one is a blank line (no indentation). Ends an aligned run. */
  line(text: string): this {
    this.flush();
    this.out.push(text === '' ? '' : `${this.indentation}${text}`);
    return this;
  }

  blank(): this {
    return this.line('');
  }

  /** The body one level in. A group around it does not reach in: the body's rows would be at another depth. */
  indent(body: (w: this) => void): this {
    this.flush();
    const run = this.run;
    this.run = null;
    this.depth++;
    body(this);
    this.flush();
    this.depth--;
    this.run = run;
    return this;
  }

  /** `open`, the body one level in, `close`: a brace block, or a bracket of items one a line. */
  block(open: string, body: (w: this) => void, close: string): this {
    return this.line(open).indent(body).line(close);
  }

  /**
   * `text` as comment lines, each `prefix` and words, at most `width` characters with the indentation (counted by
   * its characters, a tab as one), a word longer than that alone on its line. The words flow as one paragraph; no
   * text, no lines.
   */
  docComment(prefix: string, text: string, width: number): this {
    for (const words of wrap(text, width - this.indentation.length - prefix.length)) this.line(`${prefix}${words}`);
    return this;
  }

  /**
   * A group whose rows (`row`) line up, as gofmt lines up struct fields, constants and `key: value` entries:
   * consecutive rows form a run, and any other line written in the group (a comment, a blank line, an item over
   * several lines) ends it, as in gofmt.
   */
  aligned(body: (w: this) => void): this {
    this.flush();
    const outer = this.run;
    this.run = [];
    body(this);
    this.flush();
    this.run = outer;
    return this;
  }

  /** A row of the aligned group being written: `head`, padded to the run's widest, a space and `rest`. */
  row(head: string, rest: string): this {
    if (this.run === null) throw new Error('lines: a row outside an aligned group');
    this.run.push({ head, rest });
    return this;
  }

  /** The text written: every line ended by a newline. */
  toString(): string {
    this.flush();
    return this.out.map((line) => `${line}\n`).join('');
  }
}

/** The text a writer body writes from `depth` with `unit` indentation. */
export const linesOf = (body: (w: Lines) => void, unit = '\t', depth = 0): string => {
  const w = new Lines(unit, depth);
  body(w);
  return w.toString();
};
