import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { sdk, vectors } from '../helpers/sdk.js';
import { GENERATED, ROOT } from '../helpers/spec.js';
import { batchCase } from '../helpers/validator-cases.js';

// The package's validator: validateText, formatFindings, findingsJson and exitCodeOf (runtime/typescript/validate.ts), the
// element-model-validate command built on them, and element-spec validate, which must print the same.
const BIN = join(GENERATED, 'typescript/bin/element-model-validate.js');
const bin = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
async function elementSpec(args: string[]) {
  const io = { out: '', err: '' };
  const code = await main(['validate', ...args], { out: (t) => { io.out += t; }, err: (t) => { io.err += t; } });
  return { code, out: io.out, err: io.err };
}

let dir = '';
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'element-validate-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('validateText and its formats', () => {
  it('reads text that is not JSON, or refused, as one error at the root', async () => {
    const { validateText, exitCodeOf } = await sdk();
    for (const text of ['{', '{"a": 1, "a": 2}', '"\\ud800"']) {
      const findings = validateText(text);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ requirement: null, rule: 'json', severity: 'error', elementId: null, path: '' });
      expect(exitCodeOf(findings)).toBe(1);
    }
  });

  it('says "no findings" for none, and lists each finding with its place, element and citation, then the counts', async () => {
    const { formatFindings, findingsJson, exitCodeOf } = await sdk();
    expect(formatFindings([], 'a.json')).toBe('a.json: no findings\n');
    expect(findingsJson([])).toBe('[]\n');
    expect(exitCodeOf([])).toBe(0);
    const findings = [
      { requirement: 'R4', rule: 'unique-id', severity: 'error' as const, elementId: 'x', path: '/root/children/1', message: 'The id is used twice' },
      { requirement: null, rule: 'json', severity: 'error' as const, elementId: null, path: '', message: 'Not JSON' },
      { requirement: null, rule: 'limit', severity: 'warning' as const, elementId: null, path: '/root', message: 'Deep' },
    ];
    expect(formatFindings(findings, 'b.json')).toBe([
      'b.json',
      '  /root/children/1 (element "x")',
      '    error The id is used twice  R4 unique-id',
      '  /',
      '    error Not JSON  json',
      '  /root',
      '    warning Deep  limit',
      '',
      '2 errors, 1 warning',
      '',
    ].join('\n'));
    expect(formatFindings(findings.slice(0, 1), 'c.json').endsWith('\n\n1 error, 0 warnings\n')).toBe(true);
    expect(formatFindings(findings.slice(2), 'c.json').endsWith('\n\n0 errors, 1 warning\n')).toBe(true);
    expect(exitCodeOf(findings.slice(2))).toBe(0);
    expect(exitCodeOf(findings)).toBe(1);
    // Only the six fields every binding prints, in this order, whatever else a finding carries.
    const withExtra = { ...findings[1], extra: 1 } as unknown as (typeof findings)[number];
    expect(findingsJson([withExtra])).toBe(`${JSON.stringify([findings[1]], null, 2)}\n`);
    expect(Object.keys(JSON.parse(findingsJson([{ message: 'm', path: 'p', elementId: null, severity: 'error', rule: 'r', requirement: null }]))[0])).toEqual(['requirement', 'rule', 'severity', 'elementId', 'path', 'message']);
  });
});

describe('element-model-validate', () => {
  it('prints and exits as element-spec validate does, as JSON and as text, on a passing, a failing and a warning vector', async () => {
    const all = await vectors();
    const { validateText, exitCodeOf } = await sdk();
    const verdicts = all.map((v) => ({ v, findings: validateText(JSON.stringify(v.input)) }));
    // element-spec validate gives every vector the findings the vector expects (test/bindings/typescript/typescript.test.ts checks
    // check() itself); one vector of each outcome is enough to hold the command's wiring to it.
    const passing = verdicts.find((x) => x.findings.length === 0);
    const failing = verdicts.find((x) => exitCodeOf(x.findings) === 1);
    const warning = verdicts.find((x) => x.findings.length > 0 && exitCodeOf(x.findings) === 0);
    for (const picked of [passing, failing, warning]) {
      if (!picked) throw new Error('the vectors lack a passing, a failing or a warning-only answer');
      const file = join(dir, `${picked.v.name}.json`);
      await writeFile(file, JSON.stringify(picked.v.input));
      for (const args of [['--json', file], [file]]) {
        const ours = bin(args);
        const theirs = await elementSpec(args);
        expect({ code: ours.code, out: ours.out, err: ours.err }, `${picked.v.name} ${args[0]}`).toEqual({ code: theirs.code, out: theirs.out, err: theirs.err });
      }
      expect(bin([file]).code).toBe(exitCodeOf(picked.findings));
    }
    for (const { v, findings } of verdicts) {
      expect(findings.map(({ requirement, rule, severity, elementId, path }) => ({ requirement, rule, severity, elementId, path })), v.name).toEqual(v.findings);
    }
  }, 120_000);

  it('reads standard input for -, and names it <stdin>', async () => {
    const [vector] = await vectors();
    const r = bin(['-'], JSON.stringify(vector?.input));
    expect(r.out.startsWith('<stdin>')).toBe(true);
    expect(bin(['-'], '{').code).toBe(1);
  });

  it('checks many files in one run with --batch: each under its header line, as it alone prints, exiting with the highest code', async () => {
    const all = await vectors();
    const { validateText, validateBytes, exitCodeOf, findingsJson, formatFindings } = await sdk();
    const files = await Promise.all(all.map(async (v) => {
      const file = `${v.name}.json`;
      await writeFile(join(dir, file), JSON.stringify(v.input));
      return { file, findings: validateText(JSON.stringify(v.input)) };
    }));
    const validator = { validateText, validateBytes, exitCodeOf, findingsJson, formatFindings };
    for (const asJson of [true, false]) {
      const wanted = batchCase(validator, files, asJson);
      const r = spawnSync(process.execPath, [BIN, ...wanted.args.split(' ')], { encoding: 'utf8', cwd: dir });
      expect({ code: r.status, out: r.stdout }).toEqual({ code: wanted.code, out: wanted.out });
      expect(r.stderr).toMatch(/^validate: cannot read missing\.json/);
      // element-spec validate --batch prints the same bytes and exits the same.
      const ours = spawnSync(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'validate', '--out', GENERATED, ...wanted.args.split(' ')], { encoding: 'utf8', cwd: dir });
      expect({ code: ours.status, out: ours.stdout }).toEqual({ code: wanted.code, out: wanted.out });
    }
    // Without a file it cannot read, the highest code of the answers': 1 when one has errors, 0 when none has.
    const passing = files.filter((f) => exitCodeOf(f.findings) === 0).map((f) => f.file);
    const failing = files.find((f) => exitCodeOf(f.findings) === 1)?.file ?? '';
    expect(spawnSync(process.execPath, [BIN, '--batch', ...passing], { cwd: dir }).status).toBe(0);
    expect(spawnSync(process.execPath, [BIN, '--batch', ...passing, failing], { cwd: dir }).status).toBe(1);
  });

  it('exits 2 on a usage error or a file it cannot read, and 0 for --help', () => {
    for (const args of [[], ['a.json', 'b.json'], ['--frobnicate', 'a.json'], ['--batch'], ['--json', '--batch']]) {
      const r = bin(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('Usage: element-model-validate');
      expect(r.out).toBe('');
    }
    const missing = bin([join(dir, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^validate: cannot read .*missing\.json/);
    const help = bin(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: element-model-validate [--json] <file|->');
  });
});
