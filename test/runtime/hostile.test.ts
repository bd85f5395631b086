import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, realModel } from '../helpers/spec.js';
import { sdk } from '../helpers/sdk.js';

const lib = await sdk();
const base = (root: unknown, extra: object = {}) => ({ protocol: '0.2.0', instance: 'i', root, ...extra });
const app = (children: unknown[] = [], extra: object = {}) => ({ id: 'app', role: 'Application', children, ...extra });
/** What each test pins of a finding: its rule, severity and JSON Pointer path, in the order check gives them. */
const pinned = (findings: { rule: string; severity: string; path: string }[]) => findings.map((f) => `${f.rule} ${f.severity} ${f.path}`);

describe('hostile answers: check, parseAnswer and validate never crash', () => {
  it('not JSON, and JSON that is not an answer', async () => {
    expect(() => lib.parseAnswer('{"protocol": "0.2.0", ')).toThrow(lib.AnswerError);
    for (const value of [null, 42, 'text', [], [1, 2], true]) {
      const findings = lib.check(value);
      expect(pinned(findings), JSON.stringify(value)).toEqual(['structure error ']);
      expect(findings[0]).toMatchObject({ requirement: null, elementId: null });
    }
    const cli = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'validate', '-', '--json'], { cwd: ROOT });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
      child.stdin.end('{"protocol": "0.2.0", ');
    });
    expect(cli.code).toBe(1);
    const reported = JSON.parse(cli.stdout);
    expect(pinned(reported)).toEqual(['json error ']);
    expect(reported[0]).toMatchObject({ requirement: null, elementId: null, message: expect.stringMatching(/^Not JSON: /) });
  });

  it('the wrong JSON type at every field of every record reached from the answer', async () => {
    const model = await realModel();
    const wrong = { string: 12, boolean: 'yes', number: 'ten', array: { not: 'a list' }, object: ['not', 'an', 'object'] };
    const fieldsOf = (name: string) => model.types.flatMap((t) => (t.kind === 'record' && t.name === name ? t.fields : []));
    let cases = 0;
    for (const field of fieldsOf(model.tree.node)) {
      const bad = field.type.kind === 'array' ? wrong.array : field.type.kind === 'primitive' ? wrong[field.type.name] : field.type.name === 'Role' ? 7 : wrong.object;
      const answer = base(app([{ id: 'e', role: 'Row', [field.name]: bad }]));
      const findings = lib.check(answer);
      // One error, at the field itself; the element is named by its id unless the id is what is wrong.
      expect(pinned(findings), field.name).toEqual([`structure error /root/children/0/${field.name}`]);
      expect(findings[0]?.elementId, field.name).toBe(field.name === model.tree.id ? null : 'e');
      cases++;
    }
    // The answer's own fields, each pinned by name, so a field added to the answer fails here until it is pinned.
    const answerFindings: Record<string, string[]> = {
      protocol: ['structure error /protocol'],
      instance: ['structure error /instance'],
      // An object that is not an element: both required fields missing, and its one key unknown.
      root: ['structure error /root', 'structure error /root', 'structure warning /root/not'],
    };
    expect(fieldsOf(model.tree.answer).map((f) => f.name)).toEqual(Object.keys(answerFindings));
    for (const field of fieldsOf(model.tree.answer)) {
      const answer: Record<string, unknown> = base(app());
      answer[field.name] = field.type.kind === 'primitive' ? wrong[field.type.name] : wrong.array;
      expect(pinned(lib.check(answer)), field.name).toEqual(answerFindings[field.name]);
      cases++;
    }
    expect(cases).toBe(14);
  });

  it('__proto__, constructor and prototype as keys and as ids pollute nothing', () => {
    const text = '{"protocol":"0.2.0","instance":"i","__proto__":{"polluted":1},"root":{"id":"__proto__","role":"Application","constructor":{"prototype":{"polluted":2}},' +
      '"attributes":{"__proto__":{"polluted":3},"constructor":1,"prototype":2},"children":[{"id":"constructor","role":"Row"},{"id":"prototype","role":"Row"},{"id":"__proto__","role":"Row"}]}}';
    const value = JSON.parse(text);
    const findings = lib.check(value);
    // The answer's and the element's unknown keys are warnings; attributes are open; the repeated id is R4.
    expect(pinned(findings)).toEqual(['structure warning /__proto__', 'unique-id error /root/children/2/id', 'structure warning /root/constructor']);
    expect(findings.filter((f) => f.rule === 'unique-id').map((f) => [f.elementId, f.requirement])).toEqual([['__proto__', 'R4']]);
    lib.effectiveElements(value);
    expect(() => lib.parseAnswer(text)).toThrow(lib.AnswerError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('a content block whose "type" is an object with a toString of its own is a finding', async () => {
    const content = (await realModel()).tree.content as string;
    const types = [JSON.parse('{"toString": 1}'), { toString: () => { throw new Error('read'); } }, [JSON.parse('{"toString": 1}')]];
    for (const type of types) {
      const findings = lib.check(base(app([{ id: 'e', role: 'Row', [content]: [{ type }] }])));
      expect(pinned(findings)).toEqual([`structure error /root/children/0/${content}/0/type`]);
    }
  });

  it('duplicate keys and lone surrogates are refused by parseAnswer, as every binding refuses them', () => {
    const dup = '{"protocol":"0.2.0","instance":"i","root":{"id":"a","role":"Window","role":"Application"}}';
    expect(() => lib.parseAnswer(dup)).toThrow('Refused: a key repeated in one object at line 1, column 69');
    const escapedDup = '{"protocol":"0.2.0","instance":"i","root":{"id":"a","\\u0069d":"b","role":"Application"}}';
    expect(() => lib.parseAnswer(escapedDup)).toThrow('Refused: a key repeated in one object at line 1, column 53');
    // JSON.stringify escapes a lone surrogate; raw, it has no UTF-8 form, and the text stops being JSON there.
    expect(() => lib.parseAnswer(JSON.stringify(base(app([{ id: '\ud800', role: 'Text' }]))))).toThrow(/^Refused: a lone surrogate escape at line 1, column \d+$/);
    expect(() => lib.parseAnswer('{"protocol":"0.2.0","instance":"\ud800"}')).toThrow('Not JSON: bytes that are not UTF-8 at line 1, column 33');
    expect(() => lib.parseAnswer('{"protocol":"0.2.0","instance":"i","root":{"id":"\\udc00","role":"Application"}}')).toThrow('Refused: a lone surrogate escape at line 1, column 50');
    // A well-formed pair, the same key in two different objects, and brackets inside strings all pass.
    const fine = JSON.stringify(base(app([{ id: '😀', role: 'Text', title: '{"id": [' }, { id: 'b', role: 'Text', title: '}]' }])));
    expect(lib.parseAnswer(fine).findings).toEqual([]);
    // check() takes an object, where JSON.parse has already kept the last of two keys.
    expect(lib.check(JSON.parse(dup))).toEqual([]);
  });

  it('a 10 MB string is a limit warning, not a crash', () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const started = performance.now();
    const findings = lib.check(base(app([{ id: 't', role: 'Text', title: big, content: [{ type: 'text', text: big }] }])));
    expect(findings.map((f) => `${f.rule}:${f.severity}:${f.path}`)).toEqual(['limit:warning:/root/children/0/content/0/text', 'limit:warning:/root/children/0/title']);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lib.check(base(app([{ id: 't', role: 'Text', title: big }])), { maxStringLength: 20 * 1024 * 1024 })).toEqual([]);
  });

  it('going past the element and depth limits is a finding', () => {
    const children = Array.from({ length: 1_000_000 }, (_, i) => ({ id: `c-${i}`, role: 'Row' }));
    const wide = lib.check(base(app(children)));
    // The root and 999,999 children make the million; the last child is the first one past the limit.
    expect(pinned(wide)).toEqual(['limit error /root/children/999999']);
    expect(wide[0]?.requirement).toBeNull();
    expect(lib.LIMITS).toEqual({ maxElements: 1_000_000, maxDepth: 100_000, maxStringLength: 1_048_576 });
    let node: Record<string, unknown> = { id: 'n-0', role: 'Group' };
    for (let i = 1; i <= 1_000; i++) node = { id: `n-${i}`, role: 'Group', children: [node] };
    const deep = lib.check(base(app([node])), { maxDepth: 100 });
    // The root is depth 0: the first element deeper than 100 is 101 levels of children below it.
    expect(pinned(deep)).toEqual([`limit error /root${'/children/0'.repeat(101)}`]);
  });

  it('time grows linearly with the size of the tree', () => {
    const time = (n: number) => {
      const answer = base(app(Array.from({ length: n }, (_, i) => ({ id: `c-${i}`, role: 'Row', title: 't' }))));
      // CPU time of this process, not wall time: other work on a loaded machine stretches the wall clock of one
      // run and not of another, but not the CPU the check itself uses.
      const best = [0, 1, 2].map(() => { const t = process.cpuUsage(); lib.check(answer); const d = process.cpuUsage(t); return d.user + d.system; });
      return Math.min(...best);
    };
    time(10_000);
    const small = time(50_000);
    const large = time(500_000);
    // Ten times the elements in at most about ten times the time (with room for a noisy machine).
    expect(large / small).toBeLessThan(25);
  }, 60_000);
});
