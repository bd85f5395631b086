import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

// The element and depth limits on trees of a few elements, so the mutation run (which skips the million-element
// tests in hostile.test.ts) still sees each boundary.
const lib = await sdk();
const base = (root: unknown) => ({ protocol: '0.2.0', instance: 'i', root });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c-${i}`, role: 'Row' }));
const chain = (depth: number) => {
  let node: Record<string, unknown> = { id: `n-${depth}`, role: 'Group' };
  for (let i = depth - 1; i >= 1; i--) node = { id: `n-${i}`, role: 'Group', children: [node] };
  return node;
};
const pinned = (findings: { rule: string; severity: string; path: string; requirement: string | null }[]) =>
  findings.map((f) => `${f.rule} ${f.severity} ${f.requirement} ${f.path}`);

describe('check stops at its limits', () => {
  it('the element after the last allowed one is the one limit error, and the rest is not checked', () => {
    // The root and three children are four elements: exactly the limit passes, one more does not.
    expect(lib.check(base({ id: 'app', role: 'Application', children: rows(3) }), { maxElements: 4 })).toEqual([]);
    const over = [...rows(4), { id: 'c-0', role: 'Row' }];
    const findings = lib.check(base({ id: 'app', role: 'Application', children: over }), { maxElements: 4 });
    expect(pinned(findings)).toEqual(['limit error null /root/children/3']);
    expect(findings[0]?.message).toBe('More than 4 elements; the rest is not checked');
  });

  it('an element one level deeper than allowed is the one limit error', () => {
    // The root is depth 0, so a chain of three below it reaches depth 3.
    expect(lib.check(base({ id: 'app', role: 'Application', children: [chain(3)] }), { maxDepth: 3 })).toEqual([]);
    const findings = lib.check(base({ id: 'app', role: 'Application', children: [chain(4)] }), { maxDepth: 3 });
    expect(pinned(findings)).toEqual([`limit error null /root${'/children/0'.repeat(4)}`]);
    expect(findings[0]?.message).toBe('Deeper than 3 elements; what is below is not checked');
  });

  it('the defaults are a million elements, 100,000 levels and a mebibyte of text', () => {
    expect(lib.LIMITS).toEqual({ maxElements: 1_000_000, maxDepth: 100_000, maxStringLength: 1_048_576 });
  });
});
