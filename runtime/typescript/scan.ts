import { findingMessage } from './check.js';
import { characterName, firstInvalidUtf8, firstLoneSurrogate, firstMalformation, lineAndColumn } from './recognize.js';

/**
 * How this package reads an answer's text (spec/README.md, "Reading JSON"): JSON.parse for the value, since the
 * engine's parser is the fastest there is and follows RFC 8259, plus what it lacks. It names no place for text
 * that is not JSON (recognize.ts finds it), reads bytes that are not UTF-8 as U+FFFD, and quietly keeps the last
 * of a repeated key, a lone surrogate escape and Infinity for 1e400, which other bindings cannot hold; those are
 * refused here, at their place, so every binding reads the same text the same way.
 */

/** The catalogue's findings for text that is no JSON, or JSON every binding refuses. */
export type JsonFinding = 'json-malformed' | 'json-truncated' | 'json-not-utf8' | 'json-repeated-key' | 'json-lone-surrogate' | 'json-number-range';

/** A policy refusal of grammatical JSON and the UTF-16 index where it is. */
export interface Refusal {
  id: 'json-repeated-key' | 'json-lone-surrogate' | 'json-number-range';
  index: number;
}

const isNumberPart = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
const hexAt = (text: string, i: number) => Number.parseInt(text.slice(i, i + 4), 16);

/**
 * The first policy refusal in text order of a text that is JSON: a `\u` escape of a surrogate not in a pair (at
 * its backslash), a number that rounds to an infinite double (at its first character), a key an object already
 * holds (at the later key's quote; keys compare as code units, which is code points: no normalisation). One pass,
 * an explicit stack of each open object's keys (null for an array), no recursion. Text that is not JSON gives
 * some answer in linear time; only for JSON is it the contract's.
 */
export function scanJson(text: string): Refusal | null {
  const keys: (Set<string> | null)[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) keys.push(new Set());
    else if (c === 0x5b) keys.push(null);
    else if (c === 0x7d || c === 0x5d) keys.pop();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i < n && isNumberPart(text.charCodeAt(i))) i++;
      if (!Number.isFinite(Number(text.slice(start, i)))) return { id: 'json-number-range', index: start };
      continue;
    } else if (c === 0x22) {
      const quote = i;
      let value = '';
      let lone = -1;
      let start = ++i;
      // i < n: on text that is not JSON (an unterminated string) the scan ends instead of running on.
      while (i < n && text.charCodeAt(i) !== 0x22) {
        if (text.charCodeAt(i) !== 0x5c) {
          i++;
          continue;
        }
        value += text.slice(start, i);
        const e = text[i + 1] as string;
        if (e === 'u') {
          const unit = hexAt(text, i + 2);
          const high = unit >= 0xd800 && unit <= 0xdbff;
          const low = (at: number) => text.charCodeAt(at) === 0x5c && text.charCodeAt(at + 1) === 0x75 && hexAt(text, at + 2) >= 0xdc00 && hexAt(text, at + 2) <= 0xdfff;
          if (high && low(i + 6)) {
            value += String.fromCharCode(unit, hexAt(text, i + 8));
            i += 12;
          } else {
            if (lone === -1 && unit >= 0xd800 && unit <= 0xdfff) lone = i;
            value += String.fromCharCode(unit);
            i += 6;
          }
        } else {
          value += e === 'b' ? '\b' : e === 'f' ? '\f' : e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e;
          i += 2;
        }
        start = i;
      }
      value += text.slice(start, i);
      i++;
      let j = i;
      while (j < n && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
      const object = keys[keys.length - 1];
      if (text.charCodeAt(j) === 0x3a && object) {
        if (object.has(value)) return { id: 'json-repeated-key', index: quote };
        object.add(value);
      }
      if (lone !== -1) return { id: 'json-lone-surrogate', index: lone };
      continue;
    }
    i++;
  }
  return null;
}

/**
 * Text that could make scanJson refuse: an escape that may decode to a surrogate, a raw surrogate (no UTF-8 form)
 * or an escaped colon (which would upset the colon count below). Real answers rarely hold any of these.
 */
const SUSPECT = /\\u(?:[dD][89a-fA-F]|003[aA])|[\uD800-\uDFFF]/;

/**
 * Text that may hold a number beyond a double's range: a three-digit exponent, or 210 digits in a row (which a
 * two-digit exponent can carry past 10^308).
 */
const MAY_OVERFLOW = /[eE]\+?[0-9]{3}|[0-9]{210}/;

function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) n++;
  return n;
}

/**
 * The keys of every object in a parsed value plus the colons in all its strings (keys and values). Without a
 * repeated key this equals the colons in the text: each key is followed by one, and the others are in strings.
 * A repeated key loses a key and perhaps a value's strings, so the sum falls short. for-in rather than
 * Object.keys (a third of the time), so the caller makes sure nothing inherited is enumerable. An explicit stack,
 * since answers may nest deeper than the call stack allows.
 */
function keysAndColons(root: unknown): number {
  if (typeof root === 'string') return colonsIn(root);
  if (typeof root !== 'object' || root === null) return 0;
  let n = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop() as object;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'string') {
          if (item.includes(':')) n += colonsIn(item);
        } else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    } else {
      for (const k in v) {
        n++;
        if (k.includes(':')) n += colonsIn(k);
        const item: unknown = (v as Record<string, unknown>)[k];
        if (typeof item === 'string') {
          if (item.includes(':')) n += colonsIn(item);
        } else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return n;
}

/** Whether a plain object inherits no enumerable key, which keysAndColons's for-in relies on. */
function prototypeClean(): boolean {
  for (const _ in {}) return false;
  return true;
}

/** Whether a parsed value holds an infinite number anywhere; an explicit stack, as in keysAndColons. */
function holdsInfinity(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return true;
    } else if (typeof v === 'object' && v !== null) {
      for (const item of Object.values(v)) stack.push(item);
    }
  }
  return false;
}

/** What readJson gives for text it does not read: the finding, its place, and the message a caller reports. */
export interface JsonProblem {
  problem: string;
  finding: JsonFinding;
  line: number;
  column: number;
}

function problemAt(text: string, finding: JsonFinding, index: number): JsonProblem {
  const { line, column } = lineAndColumn(text, index);
  const found = finding === 'json-malformed' ? characterName(text, index) : '';
  return { problem: findingMessage(finding, { line: String(line), column: String(column), found }), finding, line, column };
}

/** The first problem of a text that is not JSON, or null: a surrogate with no UTF-8 form, or where the grammar breaks. */
function malformation(text: string): JsonProblem | null {
  const lone = firstLoneSurrogate(text);
  const found = firstMalformation(lone === -1 ? text : text.slice(0, lone), lone === -1);
  if (found) return problemAt(text, found.id, found.index);
  return lone === -1 ? null : problemAt(text, 'json-not-utf8', lone);
}

function count(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) n++;
  return n;
}

/**
 * JSON.parse spends about 55 bytes a level on nesting it has not closed yet, and reads all of it before it fails:
 * 50 MB of '[' took 2.7 GB. A text from 1 MB on whose brackets leave more than a thousand unclosed (counted with
 * indexOf, about a twentieth of the parse) is read by the grammar first, so text that is not JSON never reaches
 * JSON.parse. Balanced text is parsed: its nesting costs what the value it makes costs.
 */
const mayNestUnclosed = (text: string) =>
  text.length >= 1 << 20 && count(text, '[') + count(text, '{') - count(text, ']') - count(text, '}') > 1000;

/**
 * JSON.parse that names the place of text that is not JSON and refuses what scanJson refuses, at little more
 * than JSON.parse's cost: the value is parsed first, and the character-by-character passes run only when the
 * parse fails or a cheap test says scanJson might refuse (see SUSPECT, MAY_OVERFLOW and keysAndColons).
 * `problem` is what a caller reports: the message of the catalogue's `finding`.
 */
export function readJson(text: string): { value: unknown; problem?: undefined } | JsonProblem {
  if (mayNestUnclosed(text)) {
    const problem = malformation(text);
    if (problem) return problem;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const problem = malformation(text);
    if (problem) return problem;
    // JSON.parse refused a text the grammar allows: an engine's limit (a string past its longest), not bad input.
    throw error;
  }
  const suspect = SUSPECT.test(text);
  if (suspect) {
    const lone = firstLoneSurrogate(text);
    if (lone !== -1) return problemAt(text, 'json-not-utf8', lone);
  }
  if (suspect || !prototypeClean() || colonsIn(text) !== keysAndColons(value) || (MAY_OVERFLOW.test(text) && holdsInfinity(value))) {
    const refused = scanJson(text);
    if (refused) return problemAt(text, refused.id, refused.index);
  }
  return { value };
}

/**
 * The WHATWG decoder of every JavaScript runtime (Node, browsers, Deno, Bun), declared here because the package
 * compiles with neither DOM nor Node types; module-scoped, so it clashes with no global declaration.
 */
declare const TextDecoder: new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => { decode(input: Uint8Array): string };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * readJson for bytes, as a file holds them: bytes that are not UTF-8 are `json-not-utf8` at the first of them,
 * unless the text breaks before; a byte order mark is kept, so it is the character JSON does not allow.
 */
export function readJsonBytes(bytes: Uint8Array): { value: unknown; problem?: undefined } | JsonProblem {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = UTF8.decode(bytes.subarray(0, bad));
    const found = firstMalformation(before, false);
    return found ? problemAt(before, found.id, found.index) : problemAt(before, 'json-not-utf8', before.length);
  }
  return readJson(text);
}
