import * as mcp from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { declarations } from '../../generator/emit/kit/declarations.js';
import { anchoredPattern, externalBounds } from '../../generator/emit/kit/request-bounds.js';
import { swiftNames } from '../../generator/emit/swift/naming.js';
import { realModel } from '../helpers/spec.js';

/**
 * What the Swift and Kotlin requests hold a content block to beyond its kind (kit/request-bounds.ts), against MCP's
 * own SDK: each bound and pattern found is one MCP's zod schema of that record enforces, and the rewrite of a pattern
 * for ICU and Java keeps what it means. The bindings' operations suites run the checks on requests.json.
 */

type Parser = { safeParse: (v: unknown) => { success: boolean } };
const sdkSchema = (record: string) => (mcp as unknown as Record<string, Parser | undefined>)[`${record}Schema`];

describe('the bounds inside a content block', () => {
  it('are those MCP enforces, reached from every kind that holds annotations', async () => {
    const model = await realModel();
    const kit = declarations(model, swiftNames());
    if (!kit.content) throw new Error('the model has no content union');
    const { records, holds } = externalBounds(model, kit.decls, kit.content);
    // MCP's five kinds of block each hold annotations, whose priority is bounded and whose date is patterned.
    expect(records.map((r) => r.decl.key).sort()).toEqual(
      ['Annotations', 'AudioContent', 'EmbeddedResource', 'ImageContent', 'ResourceLink', 'TextContent'].sort(),
    );
    let bounded = 0;
    for (const { decl, fields } of records) {
      const parser = sdkSchema(decl.key);
      for (const { field, bounds } of fields) {
        if (bounds === null) continue;
        bounded++;
        expect(parser, decl.key).toBeDefined();
        const accepts = (value: unknown) => parser?.safeParse({ [field.key]: value }).success;
        if (bounds.maximum !== null) {
          expect(accepts(bounds.maximum), `${decl.key}.${field.key}`).toBe(true);
          expect(accepts(bounds.maximum + 1), `${decl.key}.${field.key}`).toBe(false);
        }
        if (bounds.minimum !== null) expect(accepts(bounds.minimum - 1), `${decl.key}.${field.key}`).toBe(false);
        if (bounds.pattern !== null) {
          expect(accepts('2025-02-28T12:00:00Z'), `${decl.key}.${field.key}`).toBe(true);
          expect(accepts('text'), `${decl.key}.${field.key}`).toBe(false);
        }
      }
    }
    expect(bounded).toBe(2);
    const ref = (name: string) => ({ kind: 'ref' as const, name, declares: 'record' as const });
    expect(holds({ kind: 'array', items: ref('Annotations') })).toBe(true);
    expect(holds(ref('Icon'))).toBe(false);
  });
});

describe('a pattern rewritten for ICU and Java', () => {
  it('reads \\d as ASCII digits and $ as the very end, inside a class too', () => {
    expect(anchoredPattern('^\\d{4}-[\\d:]\\D$')).toBe('^[0-9]{4}-[0-9:][^0-9]\\z');
    // An escaped dollar, and one in a class, are the character.
    expect(anchoredPattern('a\\$[$]\\.(?:x|y)$')).toBe('a\\$[$]\\.(?:x|y)\\z');
    expect(anchoredPattern('[^\\]]\\t')).toBe('[^\\]]\\t');
  });

  it('stops at what the engines read differently and it does not rewrite', () => {
    for (const p of ['a.b', '\\w', '\\s', '\\bx', '(?<n>x)', '(?<=a)b', '\\u00e9', '\\p{L}', '\\1', '\\v', '[\\D]'])
      expect(() => anchoredPattern(p), p).toThrow(/not rewritten/);
  });

  it('keeps the meaning of the schema date pattern for JavaScript itself, but for its anchor', async () => {
    const model = await realModel();
    const kit = declarations(model, swiftNames());
    if (!kit.content) throw new Error('the model has no content union');
    const patterns = externalBounds(model, kit.decls, kit.content).records.flatMap((r) =>
      r.fields.flatMap((f) => (f.bounds?.pattern ? [f.bounds.pattern] : [])),
    );
    expect(patterns.length).toBeGreaterThan(0);
    const samples = ['2024-02-29T23:59:59.5+05:30', '2023-02-29T00:00:00Z', '\u0662\u0660\u0662\u0665-01-01T00:00:00Z', 'x'];
    for (const p of patterns) {
      // JavaScript has no \z; $ is its very end without the m flag.
      const rewritten = new RegExp(anchoredPattern(p).replace(/\\z$/, '$'), 'u');
      for (const s of samples) expect(rewritten.test(s), s).toBe(new RegExp(p, 'u').test(s));
    }
  });
});
