/**
 * The grammar half of spec/README.md's "Reading JSON": where a text stops being JSON, found in one pass with an
 * explicit stack (one byte a level), so any depth is read in time linear in the text. JSON.parse says only that
 * a text is not JSON, in words that differ between engines; every binding must name the same place.
 */

/** A problem's kind and the UTF-16 index in the text where it is. */
export interface Malformation {
  id: 'json-malformed' | 'json-truncated';
  index: number;
}

const OBJECT = 1;
const ARRAY = 2;

/** What the recognizer expects next. */
const enum Expect {
  Value,
  FirstValueOrClose,
  FirstKeyOrClose,
  Key,
  Colon,
  AfterValue,
}

const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** The index just past the string whose opening quote is at `i`, or a malformation inside it. */
function skipString(text: string, i: number): number | Malformation {
  const n = text.length;
  i++;
  for (;;) {
    if (i >= n) return { id: 'json-truncated', index: n };
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { id: 'json-malformed', index: i };
    if (c !== 0x5c) {
      i++;
      continue;
    }
    if (i + 1 >= n) return { id: 'json-truncated', index: n };
    const e = text.charCodeAt(i + 1);
    if (e === 0x75) {
      for (let k = 2; k < 6; k++) {
        if (i + k >= n) return { id: 'json-truncated', index: n };
        if (!isHex(text.charCodeAt(i + k))) return { id: 'json-malformed', index: i + k };
      }
      i += 6;
    } else if (ESCAPES.has(e)) {
      i += 2;
    } else {
      return { id: 'json-malformed', index: i + 1 };
    }
  }
}

/** The index just past digits from `i`, requiring at least one. */
function digits(text: string, i: number): number | Malformation {
  if (i >= text.length) return { id: 'json-truncated', index: i };
  if (!isDigit(text.charCodeAt(i))) return { id: 'json-malformed', index: i };
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** The index just past the number starting at `i`. */
function skipNumber(text: string, i: number): number | Malformation {
  if (text.charCodeAt(i) === 0x2d) i++;
  if (i >= text.length) return { id: 'json-truncated', index: i };
  let at: number | Malformation = text.charCodeAt(i) === 0x30 ? i + 1 : digits(text, i);
  if (typeof at !== 'number') return at;
  if (text.charCodeAt(at) === 0x2e) {
    at = digits(text, at + 1);
    if (typeof at !== 'number') return at;
  }
  const e = text.charCodeAt(at);
  if (e === 0x65 || e === 0x45) {
    at++;
    const sign = text.charCodeAt(at);
    if (sign === 0x2b || sign === 0x2d) at++;
    at = digits(text, at);
  }
  return at;
}

/** The index just past `word` (true, false, null) at `i`. */
function skipWord(text: string, i: number, word: string): number | Malformation {
  for (let k = 0; k < word.length; k++) {
    if (i + k >= text.length) return { id: 'json-truncated', index: text.length };
    if (text.charCodeAt(i + k) !== word.charCodeAt(k)) return { id: 'json-malformed', index: i + k };
  }
  return i + word.length;
}

/**
 * The first place `text` stops being JSON, or null when it is JSON. With `complete` false the text is a prefix
 * (what precedes bytes that are not UTF-8): running out of it is no problem, since what follows is the finding.
 */
export function firstMalformation(text: string, complete = true): Malformation | null {
  const n = text.length;
  let stack = new Uint8Array(64);
  let depth = 0;
  let expect = Expect.Value;
  let i = 0;
  const push = (kind: number) => {
    if (depth === stack.length) {
      const grown = new Uint8Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[depth++] = kind;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    let next: number | Malformation;
    switch (expect) {
      case Expect.Key:
      case Expect.FirstKeyOrClose:
        if (c === 0x7d && expect === Expect.FirstKeyOrClose) {
          depth--;
          expect = Expect.AfterValue;
          i++;
          continue;
        }
        if (c !== 0x22) return { id: 'json-malformed', index: i };
        next = skipString(text, i);
        expect = Expect.Colon;
        break;
      case Expect.Colon:
        if (c !== 0x3a) return { id: 'json-malformed', index: i };
        next = i + 1;
        expect = Expect.Value;
        break;
      case Expect.AfterValue:
        if (depth === 0) return { id: 'json-malformed', index: i };
        if (c === 0x2c) {
          expect = stack[depth - 1] === OBJECT ? Expect.Key : Expect.Value;
        } else if (c === (stack[depth - 1] === OBJECT ? 0x7d : 0x5d)) {
          depth--;
        } else {
          return { id: 'json-malformed', index: i };
        }
        next = i + 1;
        break;
      default:
        // A value, or in an array just opened its close.
        if (c === 0x5d && expect === Expect.FirstValueOrClose) {
          depth--;
          next = i + 1;
          expect = Expect.AfterValue;
          break;
        }
        expect = Expect.AfterValue;
        if (c === 0x7b) {
          push(OBJECT);
          expect = Expect.FirstKeyOrClose;
          next = i + 1;
        } else if (c === 0x5b) {
          push(ARRAY);
          expect = Expect.FirstValueOrClose;
          next = i + 1;
        } else if (c === 0x22) next = skipString(text, i);
        else if (c === 0x2d || isDigit(c)) next = skipNumber(text, i);
        else if (c === 0x74) next = skipWord(text, i, 'true');
        else if (c === 0x66) next = skipWord(text, i, 'false');
        else if (c === 0x6e) next = skipWord(text, i, 'null');
        else return { id: 'json-malformed', index: i };
    }
    if (typeof next !== 'number') return next.id === 'json-truncated' && !complete ? null : next;
    i = next;
  }
  if (!complete || (expect === Expect.AfterValue && depth === 0)) return null;
  return { id: 'json-truncated', index: n };
}

/**
 * The byte index of the first character that is not well-formed UTF-8 (Unicode's table 3-7: no overlong form,
 * no surrogate, nothing past U+10FFFF, no sequence cut short), or -1.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < n && (bytes[i + k] as number) >= lo && (bytes[i + k] as number) <= hi;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) i++;
    else if (b >= 0xc2 && b <= 0xdf && cont(1)) i += 2;
    else if (b === 0xe0 && cont(1, 0xa0) && cont(2)) i += 3;
    else if (((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) && cont(1) && cont(2)) i += 3;
    else if (b === 0xed && cont(1, 0x80, 0x9f) && cont(2)) i += 3;
    else if (b === 0xf0 && cont(1, 0x90) && cont(2) && cont(3)) i += 4;
    else if (b >= 0xf1 && b <= 0xf3 && cont(1) && cont(2) && cont(3)) i += 4;
    else if (b === 0xf4 && cont(1, 0x80, 0x8f) && cont(2) && cont(3)) i += 4;
    else return i;
  }
  return -1;
}

/** The UTF-16 index of the first surrogate not in a pair, or -1: such text has no UTF-8 form. */
export function firstLoneSurrogate(text: string): number {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  return lone ? lone.index : -1;
}

/** Line (1 plus the line feeds before) and column (1 plus the code points since the last) of a UTF-16 index. */
export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  let column = 1;
  for (let k = start; k < index; k++) {
    const c = text.charCodeAt(k);
    // The low half of a pair is the same code point as the high half before it.
    if (!(c >= 0xdc00 && c <= 0xdfff && k > start && text.charCodeAt(k - 1) >= 0xd800 && text.charCodeAt(k - 1) <= 0xdbff)) column++;
  }
  return { line, column };
}

/** How a message names the character at `index`: 'c' for printable ASCII, else U+XXXX. */
export function characterName(text: string, index: number): string {
  const code = text.codePointAt(index) ?? 0;
  return code >= 0x21 && code <= 0x7e ? `'${String.fromCodePoint(code)}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
