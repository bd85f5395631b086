import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sdk } from './helpers/sdk.js';

const lib = await sdk();

/** What parseAnswer and validate did before readJson: the whole scan, then JSON.parse. readJson must agree. */
function scanThenParse(text: string): { value: unknown } | { problem: string; finding: string } {
  const refused = lib.scanJson(text);
  if (refused) return { problem: `Refused: ${refused}`, finding: 'json-refused' };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `Not JSON: ${(error as Error).message}`, finding: 'json-malformed' };
  }
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

describe('readJson: one parse, refusing what the scan refuses', () => {
  it('gives what the scan followed by JSON.parse gives, on any text: whole, cut short, or with a piece appended', () => {
    const text = fc.oneof(
      jsonText,
      fc.tuple(jsonText, fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))),
      fc.tuple(jsonText, fc.constantFrom(...PIECES)).map(([t, p]) => t + p),
    );
    let refused = 0;
    fc.assert(
      fc.property(text, (t) => {
        const expected = scanThenParse(t);
        if ('problem' in expected && expected.problem.startsWith('Refused')) refused++;
        expect(lib.readJson(t)).toEqual(expected);
      }),
      { numRuns: 3_000 },
    );
    // The generator must reach the refusals, or the property says little.
    expect(refused).toBeGreaterThan(100);
  });

  it('finds a repeated key whose lost value held colons, an escaped repeat, and repeats deep down', () => {
    expect(lib.readJson('{"a":"x:y","a":"z"}')).toEqual({ problem: 'Refused: the key "a" twice in one object', finding: 'json-refused' });
    expect(lib.readJson('{"a:":1,"a\\u003a":2}')).toEqual({ problem: 'Refused: the key "a:" twice in one object', finding: 'json-refused' });
    // A repeat that leaves the colon count equal only because an escaped colon decodes to one.
    expect(lib.readJson('{"k":1,"k":"\\u003a"}')).toEqual({ problem: 'Refused: the key "k" twice in one object', finding: 'json-refused' });
    const deep = `${'['.repeat(100_000)}{"a":1,"a":2}${']'.repeat(100_000)}`;
    expect(lib.readJson(deep)).toEqual({ problem: 'Refused: the key "a" twice in one object', finding: 'json-refused' });
    expect(lib.readJson('{"x":"\\ud800"}')).toEqual(scanThenParse('{"x":"\\ud800"}'));
    expect(lib.readJson('{"x":"😀:","y":[":",{"z:":":"}]}')).toEqual({ value: { x: '😀:', y: [':', { 'z:': ':' }] } });
  });

  it('refuses a number too large for a double, as Swift cannot read it and JSON.parse reads Infinity (found by test/fuzz/differential.test.ts)', () => {
    const refused = { problem: 'Refused: a number too large for a double (JSON.parse reads it as Infinity)', finding: 'json-refused' };
    for (const text of ['1e400', '{"a":[-1e400]}', '{"a":1E+999}', `[${'9'.repeat(400)}]`]) expect(lib.readJson(text), text).toEqual(refused);
    // Within range, or only looking large: kept.
    for (const text of ['1e308', '1e-400', '-0', '"1e400"', '{"1e400":1}', `[${'9'.repeat(300)}]`, '123456789012345678901234567890']) {
      expect(lib.readJson(text), text).toEqual({ value: JSON.parse(text) });
    }
    expect(lib.validateText('{"protocol":"0.2.0","instance":1e400,"root":{}}')).toMatchObject([{ rule: 'json', severity: 'error', path: '' }]);
  });

  it('does not trust for-in when something inherited is enumerable', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      // The extra inherited key would make up for the lost one in the count; the scan must run instead.
      expect(lib.readJson('{"a":1,"a":2}')).toEqual({ problem: 'Refused: the key "a" twice in one object', finding: 'json-refused' });
    } finally {
      delete proto.polluted;
    }
  });
});
