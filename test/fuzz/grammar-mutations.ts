/**
 * Mutations of an answer's JSON text at the level of bytes and tokens, for the differential test (issue 37): what
 * the structure mutations (./differential-inputs.ts) never make, since they write every answer as JSON. Each takes
 * the text and the seeded random source and gives bytes and a line saying what was done. They aim at the places
 * spec/README.md's "Reading JSON" names: where a text ends early, a character no JSON holds, escapes, numbers at
 * the edges, nesting, bytes that are not UTF-8, a byte order mark and UTF-16.
 */
export interface Mutated {
  bytes: Uint8Array;
  change: string;
}

type Random = () => number;

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const pickFrom = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)] as T;
const offset = (length: number, random: Random) => Math.floor(random() * (length + 1));
const spliced = (bytes: Uint8Array, at: number, cut: number, insert: Uint8Array) => Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(at + cut)]);
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

/** Bytes a reader must refuse where they stand: characters no JSON holds there, and sequences that are not UTF-8. */
const STRAY: readonly (string | number[])[] = [',', ']', '}', ':', '"', '\\', 'x', '\u0000', '\u001f', '\u007f', '\u00a0', '\u2028', [0xff], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98]];
/** What goes just inside a string: bad escapes, lone and reversed surrogate escapes, a raw control character. */
const ESCAPES = ['\\x', '\\u12', '\\u12G4', '\\ud800', '\\udc00\\ud800', '\\ud83d\\ude00', '\\u0000', '\\/', '\t', '\\U0041', '\\'];
/** Numbers JSON refuses or holds only at its edges. */
const NUMBERS = ['01', '1.', '.5', '-', '1e', '1e+', '+1', 'NaN', 'Infinity', '0x1', '1e400', '-1e309', '1e-400', '-0', '1E308', '2.2250738585072014e-308', '9'.repeat(400), `0.${'0'.repeat(400)}1`];
const WORDS = ['tru', 'nul', 'True', 'falsey', 'nulll', 'undefined'];

const MUTATIONS: readonly ((bytes: Uint8Array, text: string, random: Random) => Mutated | null)[] = [
  function truncate(bytes, _text, random) {
    const at = offset(bytes.length - 1, random);
    return { bytes: bytes.subarray(0, at), change: `cut short at byte ${at}` };
  },
  function stray(bytes, _text, random) {
    const what = pickFrom(STRAY, random);
    const insert = typeof what === 'string' ? utf8(what) : Uint8Array.from(what);
    const at = offset(bytes.length, random);
    return { bytes: spliced(bytes, at, 0, insert), change: `bytes ${hex(insert)} put in at byte ${at}` };
  },
  function drop(bytes, _text, random) {
    const at = offset(bytes.length - 1, random);
    return { bytes: spliced(bytes, at, 1, new Uint8Array()), change: `byte ${at} (${hex(bytes.subarray(at, at + 1))}) taken out` };
  },
  function escape(bytes, text, random) {
    const quotes = [...text.matchAll(/"/g)].map((m) => m.index);
    if (quotes.length === 0) return null;
    const at = utf8(text.slice(0, pickFrom(quotes, random) + 1)).length;
    const what = pickFrom(ESCAPES, random);
    return { bytes: spliced(bytes, at, 0, utf8(what)), change: `${JSON.stringify(what)} put in a string at byte ${at}` };
  },
  function number(bytes, text, random) {
    const numbers = [...text.matchAll(/(?<=[:,[]\s*)-?\d+(\.\d+)?([eE][+-]?\d+)?/g)];
    if (numbers.length === 0) return null;
    const found = pickFrom(numbers, random);
    const at = utf8(text.slice(0, found.index)).length;
    const what = pickFrom(NUMBERS, random);
    return { bytes: spliced(bytes, at, utf8(found[0]).length, utf8(what)), change: `the number at byte ${at} written ${what.length > 20 ? `${what.slice(0, 12)}... (${what.length} characters)` : what}` };
  },
  function trailingComma(bytes, text, random) {
    const closes = [...text.matchAll(/[\]}]/g)].map((m) => m.index);
    if (closes.length === 0) return null;
    const at = utf8(text.slice(0, pickFrom(closes, random))).length;
    return { bytes: spliced(bytes, at, 0, utf8(',')), change: `a comma before the close at byte ${at}` };
  },
  function word(bytes, text, random) {
    const words = [...text.matchAll(/\b(true|false|null)\b/g)];
    if (words.length === 0) return null;
    const found = pickFrom(words, random);
    const at = utf8(text.slice(0, found.index)).length;
    const what = pickFrom(WORDS, random);
    return { bytes: spliced(bytes, at, found[0].length, utf8(what)), change: `${found[0]} at byte ${at} written ${what}` };
  },
  function nest(bytes, _text, random) {
    const depth = pickFrom([1000, 20_000], random);
    const closed = random() < 0.5;
    const around = [utf8('['.repeat(depth)), bytes, utf8(closed ? ']'.repeat(depth) : '')];
    return { bytes: Buffer.concat(around), change: `in ${depth} arrays${closed ? '' : ' never closed'}` };
  },
  function byteOrderMark(bytes) {
    return { bytes: Buffer.concat([Uint8Array.from([0xef, 0xbb, 0xbf]), bytes]), change: 'a UTF-8 byte order mark before it' };
  },
  function utf16(_bytes, text, random) {
    const mark = random() < 0.5;
    return { bytes: Buffer.concat([Uint8Array.from(mark ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]), change: `as UTF-16LE${mark ? ' with its byte order mark' : ''}` };
  },
];

/** One mutation of `text` drawn from `random`, or the text unchanged when the drawn one finds nothing to act on. */
export function mutateGrammar(text: string, random: Random): Mutated {
  const bytes = utf8(text);
  const mutate = pickFrom(MUTATIONS, random);
  return mutate(bytes, text, random) ?? { bytes, change: `${mutate.name}: nothing to change` };
}
