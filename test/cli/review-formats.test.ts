import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { githubCommands } from '../../generator/review/github.js';
import type { ReviewItem } from '../../generator/review/items.js';
import { markdownTable } from '../../generator/review/markdown.js';
import { withRevision } from '../helpers/revision.js';
import { applyEditScript, readEditScript } from '../helpers/spec-edits.js';
import { scratch } from '../helpers/spec.js';

const SARIF_SCHEMA = JSON.parse(await readFile(join(import.meta.dirname, '../fixtures/sarif/sarif-2.1.0-rtm.5.schema.json'), 'utf8')) as object;
// The schema's language pattern is not a valid Unicode-mode regular expression; draft-04 predates that mode.
const sarifAjv = new Ajv.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(sarifAjv);
const validateSarif = sarifAjv.compile(SARIF_SCHEMA);

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

function expectValidSarif(text: string): Log {
  const log = JSON.parse(text) as Log;
  const ok = validateSarif(log);
  expect(ok, JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
  return log;
}

/** One GitHub workflow command: its command, properties and message, with the escapes undone. */
function parseCommand(line: string) {
  const m = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const unescape = (t: string) => t.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props = Object.fromEntries((m[2] ?? '').split(',').map((p) => { const [k = '', v = ''] = p.split('='); return [k, unescape(v)]; }));
  return { command: m[1], props, message: unescape(m[3] ?? '') };
}

describe('review formats of a spec with errors (generate and check)', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  const expected = [{ ruleId: 'unknown-type', line: 98, column: 13 }];
  beforeAll(async () => {
    s = await scratch(true);
    await applyEditScript(s.spec, await readEditScript(join(import.meta.dirname, '../fixtures/diagnostics/unknown-type/edit.json')), 'unknown-type');
    const pinned = JSON.parse(await readFile(join(import.meta.dirname, '../fixtures/diagnostics/unknown-type/expected.json'), 'utf8')) as typeof expected;
    expect(pinned.map(({ ruleId, line, column }) => ({ ruleId, line, column }))).toEqual(expected);
  });
  afterAll(() => s.dispose());

  it('sarif: a SARIF 2.1.0 log valid against its schema, each result at its rule and place, on standard output', async () => {
    const { code, out } = await run(['generate', '--spec', s.spec, '--out', s.out, '--format', 'sarif']);
    expect(code).toBe(1);
    const log = expectValidSarif(out);
    const [runLog] = log.runs;
    expect(runLog?.tool.driver.name).toBe('element-spec');
    const results = runLog?.results ?? [];
    expect(results.map((r) => ({ ruleId: r.ruleId, line: r.locations?.[0]?.physicalLocation?.region?.startLine, column: r.locations?.[0]?.physicalLocation?.region?.startColumn }))).toEqual(expected);
    expect(results[0]?.level).toBe('error');
    expect(results[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toMatch(/rfcs\/0001-element-model\.md$/);
    // Every result's rule is described, by its index.
    for (const r of results) expect(runLog?.tool.driver.rules?.[r.ruleIndex ?? -1]?.id).toBe(r.ruleId);
  });

  it('github: one ::error per diagnostic with file, line and col, the hint in the message', async () => {
    const { code, out } = await run(['check', '--spec', s.spec, '--out', s.out, '--format', 'github']);
    expect(code).toBe(1);
    const commands = out.trimEnd().split('\n').map(parseCommand);
    expect(commands.map((c) => ({ ruleId: c.props.title, line: Number(c.props.line), column: Number(c.props.col) }))).toEqual(expected);
    expect(commands[0]?.command).toBe('error');
    expect(commands[0]?.props.file).toMatch(/rfcs\/0001-element-model\.md$/);
    expect(commands[0]?.message).toMatch(/\nhint: /);
  });

  it('markdown and json: a table row and an object per diagnostic', async () => {
    const md = await run(['generate', '--spec', s.spec, '--out', s.out, '--format', 'markdown']);
    expect(md.out).toMatch(/^\*\*element-spec generate\*\*: 1 error, 0 warnings\n\n\| Severity \| Rule \|/);
    expect(md.out).toMatch(/\| error \| `unknown-type` \| .* \| `[^`]*0001-element-model\.md:98:13` \|/);
    const json = await run(['generate', '--spec', s.spec, '--out', s.out, '--format', 'json']);
    expect((JSON.parse(json.out) as ReviewItem[]).map((i) => [i.ruleId, i.place?.line, i.place?.column])).toEqual([['unknown-type', 98, 13]]);
  });

  it('a clean run in a machine format prints an empty document on standard output, and its summary on standard error', async () => {
    const clean = await scratch(true);
    try {
      const { code, out, err } = await run(['check', '--spec', clean.spec, '--out', clean.out, '--format', 'sarif']);
      expect(code).toBe(0);
      expect(expectValidSarif(out).runs[0]?.results).toEqual([]);
      expect(err).toMatch(/match the spec/);
    } finally {
      await clean.dispose();
    }
  });

  it('refuses a format it does not know, as a usage error', async () => {
    expect((await run(['check', '--format', 'xml'])).code).toBe(2);
  });
});

describe('review formats of diff', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  beforeAll(async () => {
    s = await withRevision('breaking');
  });
  afterAll(() => s.dispose());

  it('lists the same changes in every format, breaking ones as errors, at the rows that state them', async () => {
    const args = ['diff', '--spec', s.spec, '--out', s.out];
    const json = JSON.parse((await run([...args, '--json'])).out) as { class: string; changes: { rule: string; class: string; message: string }[] };
    expect(json.class).toBe('breaking');
    expect(json.changes.length).toBeGreaterThan(0);

    const md = (await run([...args, '--format', 'markdown'])).out;
    expect(md.split('\n')[0]).toMatch(/^\*\*0\.2\.0 \(RFC-0001\) -> 0\.3\.0 \(RFC-0002\): breaking \(\d+ changes?\)\*\*$/);
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Class'));
    expect(rows.map((r) => r.split(' | ')[1]?.replace(/`/g, ''))).toEqual(json.changes.map((c) => c.rule));

    const gh = (await run([...args, '--format', 'github'])).out.trimEnd().split('\n').map(parseCommand);
    expect(gh.map((c) => c.command)).toEqual(json.changes.map((c) => (c.class === 'breaking' ? 'error' : 'notice')));
    for (const c of gh) expect(c.props.file).toMatch(/rfcs\/000\d-[a-z-]+\.md$/);

    const log = expectValidSarif((await run([...args, '--format', 'sarif'])).out);
    expect(log.runs[0]?.results?.map((r) => [r.ruleId, r.level])).toEqual(json.changes.map((c) => [c.rule, c.class === 'breaking' ? 'error' : 'note']));
  });
});

describe('the SARIF schema check', () => {
  it('refuses a log SARIF does not allow, so a pass means something', () => {
    const bad = { version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] };
    expect(validateSarif(bad)).toBe(false);
    expect(validateSarif({ ...bad, runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'error' }] }] })).toBe(true);
  });
});

describe('escaping', () => {
  const item: ReviewItem = {
    ruleId: 'bad-cell',
    level: 'warning',
    message: 'a | b, 100% of\nit: done',
    place: { file: 'spec/a,b:c.md', line: 3, column: 4 },
    hint: null,
    changeClass: null,
  };

  it('github: a message and its properties survive commas, colons, percent signs and line breaks', () => {
    const [line, ...rest] = githubCommands([item]).split('\n');
    expect(rest).toEqual(['']);
    const parsed = parseCommand(line ?? '');
    expect(parsed).toEqual({ command: 'warning', props: { file: 'spec/a,b:c.md', line: '3', col: '4', title: 'bad-cell' }, message: item.message });
  });

  it('markdown: a pipe or a line break in a message stays in its cell', () => {
    const row = markdownTable('t', [item]).split('\n').at(-2) ?? '';
    expect(row).toBe('| warning | `bad-cell` | a \\| b, 100% of it: done | `spec/a,b:c.md:3:4` |  |');
  });
});
