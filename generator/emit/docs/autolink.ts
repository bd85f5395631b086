import type { Entry } from './entries.js';

/** Where a name is used: the RFC and the section's number. */
export interface Use {
  rfc: string;
  section: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Links every name of the reference in an RFC's Markdown to its entry, as Bikeshed and ReSpec autolink their
 * definitions: a code span that is exactly a name (or a list of a type), and a bare requirement id. Fenced code,
 * headings and text already inside a link are left as they are. `found` is told each name linked.
 */
export class Autolinker {
  private readonly bare: RegExp | null;

  constructor(
    private readonly entries: ReadonlyMap<string, Entry>,
    bareNames: readonly string[],
    private readonly href: (e: Entry) => string,
  ) {
    this.bare = bareNames.length
      ? new RegExp(`(?<![\\w-])(${bareNames.map(escapeRegExp).join('|')})(?![\\w-])`, 'g')
      : null;
  }

  link(markdown: string, found: (name: string) => void): string {
    let fenced = false;
    return markdown
      .split('\n')
      .map((line) => {
        if (/^\s*(```|~~~)/.test(line)) {
          fenced = !fenced;
          return line;
        }
        if (fenced || /^\s*#/.test(line) || /^\s*</.test(line)) return line;
        return this.line(line, found);
      })
      .join('\n');
  }

  /** One line: links and code spans are tokens; the text between them may hold bare names. */
  private line(line: string, found: (name: string) => void): string {
    return line
      .split(/(\[[^\]]*\]\([^)]*\)|`[^`]+`)/)
      .map((part, i) => {
        if (i % 2 === 0) return this.text(part, found);
        if (part.startsWith('[')) return part;
        // A list of a type (`X[]`) links to the type.
        const name = part.slice(1, -1).replace(/(\[\])+$/, '');
        const entry = this.entries.get(name);
        if (!entry) return part;
        found(name);
        return `[${part}](${this.href(entry)})`;
      })
      .join('');
  }

  private text(text: string, found: (name: string) => void): string {
    if (!this.bare) return text;
    return text.replace(this.bare, (name) => {
      const entry = this.entries.get(name);
      if (!entry) return name;
      found(name);
      return `[${name}](${this.href(entry)})`;
    });
  }
}
