import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { schema, sdk } from '../helpers/sdk.js';
import { ROOT } from '../helpers/spec.js';

/**
 * The hand-written vectors (test/vectors/README.md): expectations a person read from the RFC, run in every
 * binding. The generated vectors come from the same model the bindings do; these do not.
 */
const DIR = join(ROOT, 'test/vectors');
const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { vectors: string[] };
const vectors = index.vectors.map((name) => JSON.parse(readFileSync(join(DIR, 'vectors', `${name}.json`), 'utf8')));
const appleRoles = JSON.parse(readFileSync(join(DIR, 'apple-roles.json'), 'utf8')).roles as Record<string, string | null>;
const lib = await sdk();
const strict = addFormats.default(new Ajv2020({ strict: false, allErrors: true })).compile(await schema('strict'));

describe('hand-written vectors, TypeScript', () => {
  it('cover R1, R2, R3, R4, R6, R8 and JSON Pointer escaping', () => {
    expect(new Set(vectors.flatMap((v) => v.covers))).toEqual(new Set(['R1', 'R2', 'R3', 'R4', 'R6', 'R8']));
    expect(vectors.some((v) => v.findings.some((f: { path: string }) => f.path.includes('~0') && f.path.includes('~1')))).toBe(true);
  });

  it("maps every one of Apple's roles as the hand-written table says", () => {
    expect(Object.keys(appleRoles)).toHaveLength(61);
    for (const [axRole, role] of Object.entries(appleRoles)) {
      const mapping = lib.fromAppleRole(axRole);
      expect(mapping, axRole).not.toBeNull();
      expect(mapping?.role ?? null, axRole).toBe(role);
    }
  });

  it('keeps a content block of a kind MCP does not define, whole, and reads it as unknown (r8-unknown-content-kind)', () => {
    const v = vectors.find((x) => x.name === 'r8-unknown-content-kind');
    const text = JSON.stringify(v.input);
    const { answer, findings } = lib.parseAnswer(text);
    expect(findings.map((f) => f.severity)).toEqual(['warning']);
    const blocks = answer.root.children?.[0]?.content ?? [];
    expect(blocks.map((b) => lib.readContent(b).known)).toEqual([true, false]);
    expect(lib.readContent(blocks[1] as never).block).toEqual({ type: 'hologram', frames: [{ at: 0, depth: 2.5 }], loop: true });
    // JSON.parse's limit, as parseAnswer's doc says: 2^53 + 1 reads as the nearest double.
    expect(answer.root.attributes?.revision).toBe(2 ** 53);
  });

  describe.each(vectors.map((v) => [v.name, v] as const))('%s', (_, v) => {
    it('check gives exactly the findings written by hand', () => {
      const got = lib.check(v.input).map(({ requirement, rule, severity, elementId, path }) => ({ requirement, rule, severity, elementId, path }));
      expect(got).toEqual(v.findings);
    });
    it('the reader gives the effective states written by hand', () => {
      const got = lib.effectiveElements(v.input).map(({ element, path, state }) => {
        const role = lib.readRole(String(element.role));
        return { path, id: element.id, rawRole: role.raw, role: role.role, known: role.known, ...state };
      });
      expect(got).toEqual(v.elements);
    });
    it('the strict schema agrees', () => {
      expect(strict(v.input)).toBe(v.strictValid);
    });
  });
});
