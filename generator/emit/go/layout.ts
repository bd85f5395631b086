import { type Lines, linesOf } from '../core/lines.js';

/**
 * Go as gofmt lays it out, written through the line emitter (core/lines.ts): doc comments, and which entries of a
 * composite literal line up.
 */

/**
 * Go's doc comments: `// ` and at most 110 characters of words past the indentation (a tab counted as one), so a
 * line is at most 113 characters with its prefix.
 */
export const goComment = (w: Lines, text: string): Lines => w.docComment('// ', text, 113);

/** Doc comment lines for `text`, `depth` tabs in, for a template's view. */
export const goDoc = (text: string, depth = 0): string => linesOf((w) => goComment(w, text), '\t', depth);

/**
 * gofmt lines up consecutive one-line `key: value` entries; past 40 characters (its "small" key) it may not, by a
 * ratio of key lengths this printer does not follow, so such an entry is written as it is (no table here has one).
 */
const SHORT_KEY = 40;

/** Whether an entry with this key (a Go identifier or string literal) lines up with its neighbours. */
export const alignsKey = (key: string): boolean => key.length <= SHORT_KEY;

/** A one-line `key: value` entry of a composite literal, written in an aligned group of the writer. */
export function goEntry(w: Lines, key: string, value: string): Lines {
  return alignsKey(key) ? w.row(`${key}:`, value) : w.line(`${key}: ${value}`);
}

/** One-line entries, lined up as gofmt lines them up, `depth` tabs in, for a template's view (no final newline). */
export function goEntries(entries: readonly { key: string; value: string }[], depth: number): string {
  return linesOf((w) => w.aligned(() => entries.forEach((e) => goEntry(w, e.key, e.value))), '\t', depth).replace(
    /\n$/,
    '',
  );
}
