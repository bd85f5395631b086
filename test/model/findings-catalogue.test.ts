import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS, findingsLiterals, formatFinding, slotsOf } from '../../generator/emit/kit/findings.js';
import { inCase } from '../../generator/emit/kit/naming.js';
import { CHECK_RULES } from '../../generator/model/check-rules.js';
import { sdk } from '../helpers/sdk.js';
import { withExpectations } from '../helpers/binding-expectations.js';
import { GENERATED, ROOT, listFiles } from '../helpers/spec.js';

// The findings catalogue (generator/emit/kit/findings.ts): every finding a checker can give is stated there once,
// printed into each binding's spec data, and reported by id; no runtime or template types a message's words.

const read = (path: string) => readFile(join(ROOT, path), 'utf8');

/** The rules the "Findings no requirement names" table of spec/README.md lists. */
async function rulesNoRequirementNames(): Promise<string[]> {
  const guide = await read('spec/README.md');
  const section = guide.split('### Findings no requirement names')[1]?.split('\n### ')[0] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] as string);
}

/** A message's fixed text between slots, longest first: what a runtime that typed the message would hold. */
function fragments(message: string): string[] {
  return message.split(/\{[A-Za-z]+\}/).filter((f) => f.trim().length > 0).sort((a, b) => b.length - a.length);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A value put into a string in one of the languages: `${x}`, `$x`, `\(x)`, `{x}` or a `%s` verb. */
const INTERPOLATION = String.raw`(?:\$\{[^}\n]*\}|\$[A-Za-z_][\w.]*|\\\([^)\n]*\)|\{[^}\n]*\}|%[a-z])`;

/**
 * Whether a text types a message's words, as a string of any of the languages would hold them (quotes
 * escaped or not): its longest fixed fragment, when that is long enough to be the message's own words (20
 * characters); else, as a short one ("Expected a ") is also a decoder's, every fragment in order with a value put
 * in between each two.
 */
function types(text: string, message: string): string | null {
  const parts = fragments(message);
  const longest = parts[0] as string;
  if (longest.length >= 20) return text.includes(longest) || text.includes(longest.replace(/"/g, '\\"')) ? longest : null;
  // Each fixed fragment, and a value put in wherever the message has a slot, at its ends too ("Refused: {detail}").
  const inOrder = message.split(/(\{[A-Za-z]+\})/).filter((f) => f.length > 0).map((f) => (/^\{[A-Za-z]+\}$/.test(f) ? INTERPOLATION : escape(f).replace(/"/g, '\\\\?"')));
  const found = new RegExp(inOrder.join('')).exec(text);
  return found ? found[0] : null;
}

/** Each binding with what the tests expect of its code (test/bindings/<name>/expectations.ts): how its checker names a finding, and where. */
const BINDINGS = await withExpectations();

describe('the findings catalogue', () => {
  it('gives every finding a unique kebab-case id', () => {
    const ids = FINDINGS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
  });

  it('names only rules the checker has: a CHECK_RULES key, or a rule of the guide\'s "Findings no requirement names" table', async () => {
    const unnamed = await rulesNoRequirementNames();
    expect(unnamed).toEqual(expect.arrayContaining(['structure', 'version', 'limit', 'deprecated-name']));
    const known = new Set([...Object.keys(CHECK_RULES), ...unnamed]);
    for (const f of FINDINGS) expect(known.has(f.rule), `${f.id}: ${f.rule}`).toBe(true);
  });

  it('says how to write only slots its message has, and its severities are error or warning', () => {
    for (const f of FINDINGS) {
      expect(['error', 'warning'], f.id).toContain(f.severity);
      for (const slot of Object.keys(f.lists ?? {})) expect(slotsOf(f.message), `${f.id}: {${slot}}`).toContain(slot);
    }
  });

  it('fills slots once, in one pass: a value is never read as a slot, a list is quoted and joined as the entry says', () => {
    const byId = new Map(FINDINGS.map((f) => [f.id, f]));
    const entry = (id: string) => byId.get(id) ?? FINDINGS[0]!;
    expect(formatFinding(entry('unknown-field'), { record: '{field}', field: 'x' })).toBe('{field} has no field "x"; a receiver ignores it');
    expect(formatFinding(entry('several-alternatives'), { property: 'p', present: ['a', 'b'], members: ['A', 'B'] })).toBe('"p" has "a" and "b"; it is one of A, B, not several');
    expect(formatFinding(entry('path-gap'), { state: 's' })).toBe('"s" is set here but not on the parent "{parent}"; the path from the root has a gap');
  });

  it('is printed by the kit as a template prints it: every string already the language\'s literal, in the catalogue\'s order', () => {
    const printed = findingsLiterals((text) => `<${text}>`, (id) => inCase(id, 'SCREAMING_SNAKE'));
    expect(printed.map((f) => f.id)).toEqual(FINDINGS.map((f) => `<${f.id}>`));
    const gap = printed.find((f) => f.id === '<path-gap>');
    expect(gap).toMatchObject({ name: 'PATH_GAP', rule: '<state-reachable>', severity: 'error', error: true, slots: ['<state>', '<parent>'], lists: [], hasLists: false });
    const several = printed.find((f) => f.id === '<several-alternatives>');
    expect(several?.lists).toEqual([{ slot: '<present>', joiner: '< and >', quoted: true }, { slot: '<members>', joiner: '<, >', quoted: false }]);
  });

  it.for(BINDINGS)('is what every checker reports: each id in the %s runtime\'s checker', async ([, b, { findings }]) => {
    const text = (await Promise.all(findings.reportedIn.map((p) => read(`runtime/${b.name}/${p}`)))).join('\n');
    const missing = FINDINGS.filter((f) => !text.includes(findings.spelling(f.id))).map((f) => f.id);
    expect(missing, b.name).toEqual([]);
  });

  it('is the TypeScript package\'s FINDINGS, by id, and the checker gives its words: a slot filled with its value', async () => {
    const lib = await sdk();
    expect(lib.FINDINGS).toEqual(Object.fromEntries(FINDINGS.map(({ id, ...entry }) => [id, entry])));
    const gap = { protocol: lib.PROTOCOL_VERSION, instance: 'i', root: { id: 'a', role: lib.ROLE_RULES.root, children: [{ id: 'w', role: lib.ROLE_RULES.root, children: [{ id: 'b', role: lib.ROLE_RULES.root }] }] } };
    const path = lib.STATES.find((s) => s.path);
    if (!path) return;
    const leaf = gap.root.children[0]?.children[0] as Record<string, unknown>;
    leaf[path.name] = true;
    const finding = lib.check(gap).find((f) => f.rule === FINDINGS.find((e) => e.id === 'path-gap')?.rule);
    expect(finding?.message).toBe(formatFinding(FINDINGS.find((e) => e.id === 'path-gap')!, { state: path.name, parent: 'w' }));
  });

  it('is printed once into each package, beside its spec data', async () => {
    const files = [...BINDINGS.map(([, , { findings }]) => findings.printedIn), 'docs/checker.md'];
    for (const file of files) {
      const text = await readFile(join(GENERATED, file), 'utf8');
      for (const f of FINDINGS) expect(text.includes(f.id) && text.includes(JSON.stringify(f.message).slice(1, -1).replace(/\\"/g, file.endsWith('.md') ? '"' : '\\"')), `${file}: ${f.id}`).toBe(true);
    }
  });

  it('holds the only copy of each message: no runtime (runtime/) or template (templates/) types its words', async () => {
    // The search finds a message where one is typed: in each language's way of putting a value into a string.
    expect(types('`Expected a ${rule.name}, found ${jsonType(value)}`', 'Expected a {expected}, found {found}')).not.toBeNull();
    expect(types('f"Expected {expected} for \\"{name}\\", found {json_type(item)}"', 'Expected {expected} for "{property}", found {found}')).not.toBeNull();
    expect(types('"The root is \\"\\(role)\\"; it must be \\(spec.rootRole)"', 'The root is "{role}"; it must be {rootRole}')).not.toBeNull();
    expect(types('"The id \\"$elementId\\" is also used at ${pointer(keysTo(first))}"', 'The id "{id}" is also used at {path}')).not.toBeNull();
    expect(types('"Expected a value of kind $kind, found $value"', 'Expected a {expected}, found {found}')).toBeNull();
    const leaks: string[] = [];
    const files = [...(await listFiles(join(ROOT, 'templates'))).map((f) => `templates/${f}`), ...(await listFiles(join(ROOT, 'runtime'))).map((f) => `runtime/${f}`)];
    expect(files).toEqual(expect.arrayContaining(BINDINGS.flatMap(([, b, { findings }]) => findings.reportedIn.map((p) => `runtime/${b.name}/${p}`))));
    for (const file of files) {
      const text = await read(file);
      for (const f of FINDINGS) {
        const typed = types(text, f.message);
        if (typed !== null) leaks.push(`${file}: ${f.id} (${JSON.stringify(typed)})`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
