import { describe, expect, it } from 'vitest';
import { sdk } from '../helpers/sdk.js';

// The JSON Pointer of each finding and the order of findings, on answers built to reach each branch.
const lib = await sdk();
const base = (root: unknown) => ({ protocol: '0.2.0', instance: 'i', root });
const pinned = (findings: { rule: string; severity: string; path: string; requirement: string | null }[]) =>
  findings.map((f) => `${f.requirement ?? '-'} ${f.rule} ${f.severity} ${f.path}`);

describe('finding paths', () => {
  it('escape ~ as ~0 and / as ~1 in a key (RFC 6901), and leave other keys as they are', () => {
    const findings = lib.check(base({ id: 'app', role: 'Application', 'a/b~c': 1, 'plain-key': 2 }));
    expect(findings.map((f) => f.path)).toEqual(['/root/a~1b~0c', '/root/plain-key']);
  });

  it('reach an element past the first thousand, where the walk grows its lists', () => {
    // 1,500 rows: the walk numbers more elements than its first table holds, and must keep every parent and index.
    const rows = Array.from({ length: 1_500 }, (_, i) => ({ id: `r-${i}`, role: 'Row', children: [{ id: `c-${i}`, role: 'Text' }] }));
    rows[1_499] = { id: 'r-1499', role: 'Row', children: [{ id: 'c-0', role: 'Text' }] };
    const findings = lib.check(base({ id: 'app', role: 'Application', children: rows }));
    expect(pinned(findings)).toEqual(['R4 unique-id error /root/children/1499/children/0/id']);
    expect(findings[0]?.message).toBe('The id "c-0" is also used at /root/children/0/children/0');
  });

  it('name every repeat of an id once, each pointing at the first element with it', () => {
    const findings = lib.check(base({ id: 'app', role: 'Application', children: [{ id: 'x', role: 'Row' }, { id: 'y', role: 'Row' }, { id: 'x', role: 'Row' }, { id: 'x', role: 'Row' }] }));
    expect(findings.map((f) => `${f.path} ${f.message}`)).toEqual([
      '/root/children/2/id The id "x" is also used at /root/children/0',
      '/root/children/3/id The id "x" is also used at /root/children/0',
    ]);
  });

  it('name a repeated id whatever slot of the lookup table its hash falls in, and never call missing ids repeats', () => {
    // check notes each id by a hash in a table of 1,024 slots at least; "id-18" falls in its last 32 slots.
    const findings = lib.check(base({ id: 'app', role: 'Application', children: [{ id: 'id-18', role: 'Row' }, { role: 'Row' }, { id: 'id-18', role: 'Row' }, { role: 'Row' }] }));
    expect(pinned(findings)).toEqual([
      '- structure error /root/children/1',
      'R4 unique-id error /root/children/2/id',
      '- structure error /root/children/3',
    ]);
  });

  it('come sorted by path, whatever order the walk met them in', () => {
    // Met in the order /root/role (twice), then /root/children/0/selected, and the repeated id after the walk.
    const findings = lib.check(base({ id: 'app', role: 'Slider', children: [{ id: 'app', role: 'Row', selected: 'yes' }] }));
    const paths = findings.map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    expect(pinned(findings)).toEqual([
      'R4 unique-id error /root/children/0/id',
      '- structure error /root/children/0/selected',
      'R3 role-language warning /root/role',
      'R3 role-language error /root/role',
    ]);
  });
});
