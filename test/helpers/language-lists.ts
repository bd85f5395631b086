/**
 * Finds lists of languages in a file's text: the defect of issue 39, a list kept beside the target registry that
 * goes stale when a language joins. A list is three or more of the registry's languages named on one line, or in a
 * run of consecutive lines that each name one or two (the rows of a table, an array, a bulleted list).
 *
 * A language is named by its title as a word (`Swift`, `Go`) or by its registry name next to a path's or a
 * string's punctuation (`'swift'`, `scripts/go-test.sh`, `go/types.go`), so the English verb "go" is not a name.
 */
export interface LanguageName {
  readonly name: string;
  readonly title: string;
}

export interface FoundList {
  /** First and last line, from 1. */
  readonly from: number;
  readonly to: number;
  /** The registry names of the languages it names, sorted. */
  readonly languages: readonly string[];
  /** Whether every line of it is a Markdown table row or list item (a table or list in a document). */
  readonly markdownTable: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern per language, by its registry name. */
function patterns(languages: readonly LanguageName[]): [string, RegExp][] {
  const touching = '[/\'"`._-]';
  return languages.map(({ name, title }) => [
    name,
    new RegExp(`\\b${escape(title)}\\b|(?<=${touching})${escape(name)}\\b|\\b${escape(name)}(?=${touching})`),
  ]);
}

const tableLine = (line: string) => /^\s*(\||[-*+] |\d+\. )/.test(line);

/** Every list of three or more languages in `text`. */
export function languageLists(text: string, languages: readonly LanguageName[]): FoundList[] {
  const named = patterns(languages);
  const lines = text.split('\n');
  const names = lines.map((line) => named.filter(([, re]) => re.test(line)).map(([name]) => name));
  const found: FoundList[] = [];
  const list = (from: number, to: number, set: Iterable<string>) =>
    found.push({ from: from + 1, to: to + 1, languages: [...new Set(set)].sort(), markdownTable: lines.slice(from, to + 1).every(tableLine) });
  let i = 0;
  while (i < lines.length) {
    const here = names[i] ?? [];
    if (here.length >= 3) {
      list(i, i, here);
      i++;
      continue;
    }
    let j = i;
    const run: string[] = [];
    while (j < lines.length && (names[j]?.length ?? 0) > 0 && (names[j]?.length ?? 0) < 3) run.push(...(names[j++] ?? []));
    if (j - i >= 3 && new Set(run).size >= 3) list(i, j - 1, run);
    i = Math.max(j, i + 1);
  }
  return found;
}
