import { describe, expect, it } from 'vitest';
import { sdk } from './helpers/sdk.js';

// scanJson, the pass that refuses what JSON.parse would quietly accept, on short texts that each reach one branch.
const lib = await sdk();

describe('scanJson', () => {
  it('passes well-formed text, including an empty object and array and a key repeated in sibling objects', () => {
    expect(lib.scanJson('{}')).toBeNull();
    expect(lib.scanJson('[{"a":1},{"a":2}]')).toBeNull();
    expect(lib.scanJson('{"a":{"b":1},"b":2}')).toBeNull();
  });

  it('finds a repeated key whatever whitespace stands before its colon', () => {
    for (const gap of [' ', '\n', '\r', '\t', ' \t\r\n ']) {
      expect(lib.scanJson(`{"a":1,"a"${gap}:2}`), JSON.stringify(gap)).toBe('the key "a" twice in one object');
    }
  });

  it('reads a key again after a closed inner object, and not a string inside an array as a key', () => {
    expect(lib.scanJson('{"a":{"x":1},"a":2}')).toBe('the key "a" twice in one object');
    expect(lib.scanJson('{"a":["a","a"]}')).toBeNull();
    // A string in an array followed by a colon is malformed JSON, left to JSON.parse: no key is noted for it.
    expect(lib.scanJson('["a":1,"a":2]')).toBeNull();
  });

  it('decodes escapes in keys: \\u, \\" and \\\\ make the same key as their characters', () => {
    expect(lib.scanJson('{"\\u0061":1,"a":2}')).toBe('the key "a" twice in one object');
    expect(lib.scanJson('{"q\\"":1,"q\\u0022":2}')).toBe('the key "q\\"" twice in one object');
    expect(lib.scanJson('{"b\\\\":1,"b\\u005c":2}')).toBe('the key "b\\\\" twice in one object');
    expect(lib.scanJson('{"ab":1,"a\\u0062":2}')).toBe('the key "ab" twice in one object');
  });

  it('refuses a lone high or low surrogate, escaped or raw, and passes a pair', () => {
    // A high surrogate is shown in the string it is in (JSON.stringify writes it as an escape); a low one is not.
    expect(lib.scanJson('"\\ud83d\\ude00"')).toBeNull();
    expect(lib.scanJson('"\ud83d\ude00"')).toBeNull();
    expect(lib.scanJson('"x\\ud800y"')).toBe('a lone surrogate \\ud800 in "x\\ud800y"');
    expect(lib.scanJson('"\\udbff"')).toBe('a lone surrogate \\udbff in "\\udbff"');
    expect(lib.scanJson('"\\udc00"')).toBe('a lone surrogate \\udc00 in a string');
    expect(lib.scanJson('"\\udfff"')).toBe('a lone surrogate \\udfff in a string');
    expect(lib.scanJson('"\ud800"')).toBe('a lone surrogate \\ud800 in "\\ud800"');
    // A long string is shown by its first 40 characters.
    expect(lib.scanJson(`"${'a'.repeat(45)}\\ud800"`)).toBe(`a lone surrogate \\ud800 in "${'a'.repeat(40)}"`);
    // The characters just outside the surrogate range are ordinary.
    expect(lib.scanJson('"\\ud7ff\\ue000"')).toBeNull();
  });

  it('leaves malformed text to JSON.parse: an unterminated string or a broken \\u escape is not refused here', () => {
    expect(lib.scanJson('{"a')).toBeNull();
    expect(lib.scanJson('{"a\\')).toBeNull();
    expect(lib.scanJson('{"\\uzzzz":1,"\\uzzzz":2}')).toBeNull();
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
    expect(() => lib.parseAnswer('{"a":1,"a":2}')).toThrow('Refused: the key "a" twice in one object');
  });
});
