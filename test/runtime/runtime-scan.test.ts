import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

// scanJson, the pass that refuses what JSON.parse would quietly accept, on short texts that each reach one branch;
// parseAnswer's errors.
const lib = await sdk();

// Each expectation is worked out by hand from spec/README.md's "Reading JSON": the finding and the UTF-16 index of
// its place (the later key's quote, the escape's backslash, the number's first character).
describe('scanJson: the policy refusals of text that is JSON, first in text order', () => {
  it('passes well-formed text, including an empty object and array and a key repeated in sibling objects', () => {
    expect(lib.scanJson('{}')).toBeNull();
    expect(lib.scanJson('[{"a":1},{"a":2}]')).toBeNull();
    expect(lib.scanJson('{"a":{"b":1},"b":2}')).toBeNull();
  });

  it('finds a repeated key at its quote, whatever whitespace stands before its colon', () => {
    for (const gap of [' ', '\n', '\r', '\t', ' \t\r\n ']) {
      expect(lib.scanJson(`{"a":1,"a"${gap}:2}`), JSON.stringify(gap)).toEqual({ id: 'json-repeated-key', index: 7 });
    }
  });

  it('reads a key again after a closed inner object, and not a string inside an array as a key', () => {
    expect(lib.scanJson('{"a":{"x":1},"a":2}')).toEqual({ id: 'json-repeated-key', index: 13 });
    expect(lib.scanJson('{"a":["a","a"]}')).toBeNull();
  });

  it('decodes escapes in keys: \\u, \\" and \\\\ make the same key as their characters', () => {
    expect(lib.scanJson('{"\\u0061":1,"a":2}')).toEqual({ id: 'json-repeated-key', index: 12 });
    expect(lib.scanJson('{"q\\"":1,"q\\u0022":2}')).toEqual({ id: 'json-repeated-key', index: 9 });
    expect(lib.scanJson('{"ab":1,"a\\u0062":2}')).toEqual({ id: 'json-repeated-key', index: 8 });
  });

  it('compares keys code point by code point: a precomposed and a decomposed e-acute are two keys', () => {
    expect(lib.scanJson('{"\u00e9":1,"e\u0301":2}')).toBeNull();
    expect(lib.scanJson('{"\\u00e9":1,"\u00e9":2}')).toEqual({ id: 'json-repeated-key', index: 12 });
  });

  it('refuses a lone high or low surrogate escape at its backslash, and passes a pair', () => {
    expect(lib.scanJson('"\\ud83d\\ude00"')).toBeNull();
    expect(lib.scanJson('"x\\ud800y"')).toEqual({ id: 'json-lone-surrogate', index: 2 });
    expect(lib.scanJson('["\\udc00"]')).toEqual({ id: 'json-lone-surrogate', index: 2 });
    // A low half first, then a high one: neither is in a pair; the first is at index 1.
    expect(lib.scanJson('"\\ude00\\ud83d"')).toEqual({ id: 'json-lone-surrogate', index: 1 });
    // The characters just outside the surrogate range are ordinary.
    expect(lib.scanJson('"\\ud7ff\\ue000"')).toBeNull();
  });

  it('refuses a number past a double at its first character, and keeps one that only underflows or loses digits', () => {
    expect(lib.scanJson('[1, -1e400]')).toEqual({ id: 'json-number-range', index: 4 });
    expect(lib.scanJson(`{"n":${'9'.repeat(400)}}`)).toEqual({ id: 'json-number-range', index: 5 });
    expect(lib.scanJson('[1e-400, 123456789012345678901234567890, 1.7976931348623157e308]')).toBeNull();
  });

  it('ends on text that is not JSON, such as an unterminated string or escape, in time linear in the text', () => {
    for (const text of ['{"a', '{"a\\', '["\\u12', `["${'x'.repeat(1_000_000)}`]) expect(lib.scanJson(text), text.slice(0, 10)).toBeNull();
  });

  it('gives the first refusal in text order when a text holds several', () => {
    expect(lib.scanJson('{"a":1e999,"a":"\\ud800"}')).toEqual({ id: 'json-number-range', index: 5 });
    expect(lib.scanJson('{"a":1,"a":1e999}')).toEqual({ id: 'json-repeated-key', index: 7 });
    expect(lib.scanJson('["\\ud800",{"a":1,"a":2}]')).toEqual({ id: 'json-lone-surrogate', index: 2 });
  });
});

describe('parseAnswer', () => {
  it('names the first error and its place, or / for the answer itself', () => {
    expect(() => lib.parseAnswer('{"protocol":"0.2.0","instance":"i","root":{"id":"a","role":"Window"}}'))
      .toThrow('The answer has errors; first: /root/role: The root is "Window"; it must be Application');
    expect(() => lib.parseAnswer('{"protocol":"0.2.0","instance":"i"}')).toThrow('The answer has errors; first: /: Answer is missing its required field "root"');
  });

  it('gives the answer and its warnings when there are no errors, and carries the findings on a refusal', () => {
    const { answer, findings } = lib.parseAnswer('{"protocol":"0.2.0","instance":"i","root":{"id":"a","role":"Application","x":1}}');
    expect(answer.root.id).toBe('a');
    expect(findings.map((f) => `${f.severity} ${f.path}`)).toEqual(['warning /root/x']);
    try {
      lib.parseAnswer('{"protocol":"0.2.0","instance":"i","root":{"id":"a","role":"Window"}}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(lib.AnswerError);
      expect((error as InstanceType<typeof lib.AnswerError>).name).toBe('AnswerError');
      expect((error as InstanceType<typeof lib.AnswerError>).findings.map((f) => f.rule)).toEqual(['role-language']);
    }
  });

  it('refuses a version that is not a string, and text that is not an object, naming the versions it reads', () => {
    expect(() => lib.parseAnswer('{"protocol":2}')).toThrow(`Unknown protocol version 2; this package reads ${lib.SUPPORTED_VERSIONS.join(', ')}`);
    expect(() => lib.parseAnswer('null')).toThrow('Unknown protocol version undefined');
    expect(() => lib.parseAnswer('"0.2.0"')).toThrow('Unknown protocol version undefined');
    expect(() => lib.parseAnswer('{"a":1,"a":2}')).toThrow('Refused: a key repeated in one object at line 1, column 8');
    expect(() => lib.parseAnswer('{"a":\n  [1,]}')).toThrow("Not JSON: unexpected ']' at line 2, column 6");
  });
});
