import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

const lib = await sdk();

/**
 * The slow reading readJson's fast path must agree with: spec/README.md's order done step by step, with no JSON.parse
 * first and no cheap test to skip a pass: where the grammar breaks (a raw lone surrogate, which has no UTF-8 form,
 * being json-not-utf8 where the text before it is JSON so far), else the first policy refusal, else the value.
 */
function slowRead(text: string): { value: unknown } | { finding: string; line: number; column: number } {
  const lone = lib.firstLoneSurrogate(text);
  const broken = lib.firstMalformation(lone === -1 ? text : text.slice(0, lone), lone === -1);
  const place = (finding: string, index: number) => ({ finding, ...lib.lineAndColumn(text, index) });
  if (broken) return place(broken.id, broken.index);
  if (lone !== -1) return place('json-not-utf8', lone);
  const refused = lib.scanJson(text);
  return refused ? place(refused.id, refused.index) : { value: JSON.parse(text) };
}

/** readJson's result without its message, as slowRead gives it. */
function placeOf(read: ReturnType<typeof lib.readJson>) {
  return read.problem === undefined ? read : { finding: read.finding, line: read.line, column: read.column };
}

/** Pieces of a string's JSON text, chosen for what the fast path counts or looks for: colons, escapes, surrogates. */
const PIECES = ['a', 'b', ':', '\\u003a', '\\u003A', '\\\\u003a', '\\ud800', '\\uDC00', '\\ud83d\\ude00', '\ud83d\ude00', '\ud800', '\udc00', '\\"', '{', '}', '[', '"', ' '];
const jsonString = fc.array(fc.constantFrom(...PIECES.filter((p) => p !== '"')), { maxLength: 4 }).map((ps) => `"${ps.join('')}"`);
const space = fc.constantFrom('', ' ', '\n');
const { value: jsonText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', 'true', 'null', '-2.5e3'),
    jsonString,
    fc.array(tie('value'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
    // Keys from a small set, so that repeats are common.
    fc.array(fc.tuple(fc.oneof(jsonString, fc.constantFrom('"a"', '"\\u0061"', '"a:"', '"__proto__"')), space, tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, s, v]) => `${k}${s}:${s}${v}`).join(',')}}`),
  ),
}));

describe('readJson: one parse, and the slow passes only where a cheap test says they may refuse', () => {
  it('gives what the slow reading gives, on any text: whole, cut short, or with a piece appended', () => {
    const text = fc.oneof(
      jsonText,
      fc.tuple(jsonText, fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))),
      fc.tuple(jsonText, fc.constantFrom(...PIECES)).map(([t, p]) => t + p),
    );
    const seen = new Set<string>();
    fc.assert(
      fc.property(text, (t) => {
        const expected = slowRead(t);
        seen.add('finding' in expected ? expected.finding : 'value');
        expect(placeOf(lib.readJson(t))).toEqual(expected);
      }),
      { numRuns: 3_000 },
    );
    // The generator must reach every kind of finding but the number range, or the property says little.
    for (const kind of ['value', 'json-malformed', 'json-truncated', 'json-not-utf8', 'json-repeated-key', 'json-lone-surrogate']) expect(seen).toContain(kind);
  });

  it('names the place and the character in the message, line and column counted in code points', () => {
    expect(lib.readJson('{"a":1,"a":2}')).toMatchObject({ problem: 'Refused: a key repeated in one object at line 1, column 8', finding: 'json-repeated-key' });
    expect(lib.readJson('{"😀":\n [1,]}')).toMatchObject({ problem: "Not JSON: unexpected ']' at line 2, column 5", finding: 'json-malformed' });
    expect(lib.readJson('["😀😀", x]')).toMatchObject({ problem: "Not JSON: unexpected 'x' at line 1, column 8" });
    expect(lib.readJson('[1,\t\u00a0]')).toMatchObject({ problem: 'Not JSON: unexpected U+00A0 at line 1, column 5' });
    expect(lib.readJson('\ufeff{}')).toMatchObject({ problem: 'Not JSON: unexpected U+FEFF at line 1, column 1' });
    expect(lib.readJson('{"a":\n')).toMatchObject({ problem: 'Not JSON: the text ends at line 2, column 1 before its value is complete', finding: 'json-truncated' });
    expect(lib.readJson('')).toMatchObject({ finding: 'json-truncated', line: 1, column: 1 });
    expect(lib.readJson('["\\ud800"]')).toMatchObject({ problem: 'Refused: a lone surrogate escape at line 1, column 3' });
    expect(lib.readJson('["a\ud800"]')).toMatchObject({ problem: 'Not JSON: bytes that are not UTF-8 at line 1, column 4', finding: 'json-not-utf8' });
    expect(lib.readJson('[0, -1e400]')).toMatchObject({ problem: 'Refused: a number past the range of a double at line 1, column 5' });
  });

  it('finds a repeated key whose lost value held colons, an escaped repeat, and repeats deep down', () => {
    expect(lib.readJson('{"a":"x:y","a":"z"}')).toMatchObject({ finding: 'json-repeated-key', column: 12 });
    expect(lib.readJson('{"a:":1,"a\\u003a":2}')).toMatchObject({ finding: 'json-repeated-key', column: 9 });
    // A repeat that leaves the colon count equal only because an escaped colon decodes to one.
    expect(lib.readJson('{"k":1,"k":"\\u003a"}')).toMatchObject({ finding: 'json-repeated-key', column: 8 });
    const deep = `${'['.repeat(100_000)}{"a":1,"a":2}${']'.repeat(100_000)}`;
    expect(lib.readJson(deep)).toMatchObject({ finding: 'json-repeated-key', column: 100_008 });
    expect(lib.readJson('{"x":"😀:","y":[":",{"z:":":"}]}')).toEqual({ value: { x: '😀:', y: [':', { 'z:': ':' }] } });
  });

  it('refuses a number too large for a double, which JSON.parse reads as Infinity (found by test/fuzz/differential.test.ts)', () => {
    for (const text of ['1e400', '{"a":[-1e400]}', '{"a":1E+999}', `[${'9'.repeat(400)}]`]) expect(lib.readJson(text), text).toMatchObject({ finding: 'json-number-range' });
    // Within range, or only looking large: kept.
    for (const text of ['1e308', '1e-400', '-0', '"1e400"', '{"1e400":1}', `[${'9'.repeat(300)}]`, '123456789012345678901234567890']) {
      expect(lib.readJson(text), text).toEqual({ value: JSON.parse(text) });
    }
    expect(lib.validateText('{"protocol":"0.2.0","instance":1e400,"root":{}}')).toMatchObject([{ rule: 'json', severity: 'error', path: '' }]);
  });

  it('reads bytes: the first byte that is not UTF-8 is the finding, unless the text broke before it', () => {
    const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
    expect(lib.readJsonBytes(bytes('["é', [0xff], '"]'))).toMatchObject({ finding: 'json-not-utf8', line: 1, column: 4 });
    expect(lib.readJsonBytes(bytes('[1 x', [0xc0, 0x80]))).toMatchObject({ finding: 'json-malformed', column: 4 });
    // An overlong form, an encoded surrogate and a sequence cut short are not UTF-8 either.
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) expect(lib.readJsonBytes(bytes('"', bad, '"'))).toMatchObject({ finding: 'json-not-utf8', column: 2 });
    // UTF-16 with its byte order mark: 0xFF is not UTF-8.
    expect(lib.readJsonBytes(Buffer.from([0xff, 0xfe, 0x5b, 0x00, 0x5d, 0x00]))).toMatchObject({ finding: 'json-not-utf8', column: 1 });
    // UTF-16 without one: the NUL after '[' is where the text breaks.
    expect(lib.readJsonBytes(Buffer.from([0x5b, 0x00, 0x5d, 0x00]))).toMatchObject({ problem: 'Not JSON: unexpected U+0000 at line 1, column 2' });
    expect(lib.readJsonBytes(bytes('\ufeff[]'))).toMatchObject({ finding: 'json-malformed', column: 1 });
  });

  it('reads any depth in time linear in the text: 10,000,000 unclosed brackets', () => {
    expect(lib.readJson('['.repeat(10_000_000))).toMatchObject({ finding: 'json-truncated', column: 10_000_001 });
  });

  it('does not trust for-in when something inherited is enumerable', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      // The extra inherited key would make up for the lost one in the count; the scan must run instead.
      expect(lib.readJson('{"a":1,"a":2}')).toMatchObject({ finding: 'json-repeated-key' });
    } finally {
      delete proto.polluted;
    }
  });
});
