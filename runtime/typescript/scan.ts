import { findingMessage } from './check.js';

/**
 * A pass over JSON text that refuses what JSON.parse would quietly accept but the Swift and Kotlin bindings
 * refuse, so all three read the same text the same way: a key repeated in one object (JSON.parse keeps the last)
 * and a lone surrogate, escaped or raw (readJson also refuses a number too large for a double). One pass, an explicit stack, no recursion. Returns null when the text
 * passes, or what is wrong; malformed JSON is left to JSON.parse.
 */
export function scanJson(text: string): string | null {
  const keys: (Set<string> | null)[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      keys.push(new Set());
      i++;
    } else if (c === 0x5b /* [ */) {
      keys.push(null);
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      keys.pop();
      i++;
    } else if (c === 0x22 /* " */) {
      // A string: read it with its escapes, then see whether it is a key (a colon follows).
      let value = '';
      let start = ++i;
      for (;;) {
        if (i >= n) return null;
        const d = text.charCodeAt(i);
        if (d === 0x22) break;
        if (d === 0x5c /* \ */) {
          value += text.slice(start, i);
          const e = text.charCodeAt(i + 1);
          if (e === 0x75 /* u */) {
            const unit = Number.parseInt(text.slice(i + 2, i + 6), 16);
            if (Number.isNaN(unit)) return null;
            value += String.fromCharCode(unit);
            i += 6;
          } else {
            value += text[i + 1] ?? '';
            i += 2;
          }
          start = i;
          continue;
        }
        i++;
      }
      value += text.slice(start, i);
      i++;
      for (let k = 0; k < value.length; k++) {
        const u = value.charCodeAt(k);
        if (u >= 0xd800 && u <= 0xdbff) {
          const next = value.charCodeAt(k + 1);
          if (next >= 0xdc00 && next <= 0xdfff) k++;
          else return `a lone surrogate \\u${u.toString(16)} in ${JSON.stringify(value.slice(0, 40))}`;
        } else if (u >= 0xdc00 && u <= 0xdfff) {
          return `a lone surrogate \\u${u.toString(16)} in a string`;
        }
      }
      let j = i;
      while (j < n && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
      const object = keys[keys.length - 1];
      if (text.charCodeAt(j) === 0x3a /* : */ && object) {
        if (object.has(value)) return `the key ${JSON.stringify(value)} twice in one object`;
        object.add(value);
      }
    } else {
      i++;
    }
  }
  return null;
}

/**
 * Text that could make scanJson refuse: an escape that may decode to a surrogate, a raw surrogate not in a pair,
 * or an escaped colon (which would upset the colon count below). Real answers rarely hold any of these.
 */
const SUSPECT = /\\u(?:[dD][89a-fA-F]|003[aA])|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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

/** The catalogue's findings for text that is no JSON, or JSON every binding refuses. */
export type JsonFinding = 'json-refused' | 'json-malformed';

const refusal = (detail: string) => ({ problem: findingMessage('json-refused', { detail }), finding: 'json-refused' as const });

/**
 * JSON.parse that refuses what scanJson refuses, with the same message, at little more than JSON.parse's cost:
 * the value is parsed first, and the character-by-character scan runs only when a cheap test says it might
 * refuse (see SUSPECT and keysAndColons) or the text is not JSON (the scan's finding comes first, as before).
 * `problem` is what a caller reports: the message of the catalogue's `finding`, `json-refused` or `json-malformed`.
 */
export function readJson(text: string): { value: unknown; problem?: undefined } | { problem: string; finding: JsonFinding } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const refused = scanJson(text);
    return refused ? refusal(refused) : { problem: findingMessage('json-malformed', { detail: (error as Error).message }), finding: 'json-malformed' };
  }
  if (SUSPECT.test(text) || !prototypeClean() || colonsIn(text) !== keysAndColons(value)) {
    const refused = scanJson(text);
    if (refused) return refusal(refused);
  }
  if (MAY_OVERFLOW.test(text) && holdsInfinity(value)) return refusal('a number too large for a double (JSON.parse reads it as Infinity)');
  return { value };
}

/**
 * Text that may hold a number beyond a double's range: a three-digit exponent, or 309 digits in a row. Such a
 * number is refused as every binding refuses it (Swift's reader cannot hold it; JSON.parse would read Infinity,
 * which JSON cannot write back), so no binding checks a value the others cannot read.
 */
const MAY_OVERFLOW = /[eE]\+?[0-9]{3}|[0-9]{309}/;

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
