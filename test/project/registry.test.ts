import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTATIONS_FILE } from '../helpers/binding-expectations.js';
import { BINDINGS_DIR, folderOf, testFilesOf } from '../helpers/binding-folders.js';
import { BINDINGS, COMPILED } from '../helpers/bindings.js';
import { type FoundList, languageLists } from '../helpers/language-lists.js';
import { GENERATED, ROOT } from '../helpers/spec.js';
import * as toolchains from '../helpers/toolchain.js';

/**
 * The target registry is the one list of languages (generator/emit/targets.ts, each language's `binding` written in
 * emit/<language>/binding.ts): what each binding names exists, the installer has exactly its toolchains, and no
 * list of languages is kept anywhere else.
 */
describe("the registry's bindings", () => {
  it('are the languages of runtime/, each with a folder of tests, a runner and a types source that exist', () => {
    expect(BINDINGS.map((b) => b.name).sort()).toEqual(readdirSync(join(ROOT, 'runtime')).sort());
    // Each has a folder of tests (test/helpers/binding-folders.ts), and no other folder is there: its own test
    // files, one named for it and its MCP round trip among them, and the hand-written expectations of its code the
    // tests read (test/helpers/binding-expectations.ts).
    const folders = readdirSync(join(ROOT, BINDINGS_DIR), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(BINDINGS.map((b) => b.name).sort());
    for (const b of BINDINGS) {
      const tests = testFilesOf(ROOT, b.name);
      expect(tests, b.name).toContain(`test/bindings/${b.name}/${b.name}.test.ts`);
      if (b.mcp) expect(tests, `${b.name}: its MCP round trip`).toContain(b.mcp);
      expect(existsSync(join(ROOT, folderOf(b.name), EXPECTATIONS_FILE)), `${b.name}: ${EXPECTATIONS_FILE}`).toBe(true);
      for (const file of [...(b.runner ? [b.runner] : []), ...(b.bench ? [b.bench.module] : [])]) expect(existsSync(join(ROOT, file)), `${b.name}: ${file}`).toBe(true);
      for (const file of [b.types, ...(b.readmeExample ? [b.readmeExample] : [])]) expect(existsSync(join(GENERATED, file)), `${b.name}: generated/${file}`).toBe(true);
    }
    // A binding built by a runner has everything a runner needs; the one vitest tests itself has none of it.
    expect(COMPILED.length).toBe(BINDINGS.length - 1);
    for (const b of BINDINGS) expect([b.toolchain, b.runner, b.conformance, b.suites].every((x) => x === null) || COMPILED.includes(b as never), b.name).toBe(true);
  });

  it("each toolchain is a component of scripts/install-toolchains.sh with a missing check, and the installer's other components are no language", () => {
    const components = execFileSync('bash', [join(ROOT, 'scripts/install-toolchains.sh'), 'components'], { encoding: 'utf8' }).trim().split('\n');
    const needed = BINDINGS.flatMap((b) => (b.toolchain ? [b.toolchain] : []));
    // What the installer sets up beside the languages: the site's browser, CI's second Node, the workflow's linter,
    // the VS Code extension's packages, the editor the language server is tested in and the publish test's registries.
    const others = ['actionlint', 'chromium', 'neovim', 'node24', 'registries', 'vscode'];
    expect(components.sort()).toEqual([...new Set([...needed, ...others])].sort());
    for (const component of needed) expect(typeof (toolchains as Record<string, unknown>)[`${component}Missing`], component).toBe('function');
  });
});

/** The files a list of languages could hide in: tracked sources, docs and configs, not data or generated output. */
function scannedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  const data = /^(generated|spec|test\/fixtures|test\/vectors|bench\/results|node_modules)\/|^package-lock\.json$|^LICENSE$|\.(png|jpg|ico|woff2?|jar|json)$/;
  return listed.filter((f) => !data.test(f) && existsSync(join(ROOT, f)) && lstatSync(join(ROOT, f)).isFile());
}

/** The registry itself (the entries, each language's binding facts, one language each), and this test's allow-list. */
const REGISTRY = /^generator\/emit\/(targets\.ts|[a-z]+\/binding\.ts)$|^test\/project\/registry\.test\.ts$/;

const where = (file: string, l: FoundList) => `${file}:${l.from}${l.to > l.from ? `-${l.to}` : ''} ${l.languages.join(',')}`;

/**
 * Lists of languages that are not the defect, each with why. A file alone allows every list in it; with `at`, only
 * the list whose first line holds that text.
 */
const ALLOWED: readonly { file: string; at?: string; why: string }[] = [
  // Records, true of the languages of their day, as a changelog is: dated measurements and findings.
  ...['docs/performance.md', 'docs/reliability.md'].map((file) => ({ file, why: 'dated measurements and findings' })),
  // Prose saying something of each language it names (how it publishes, where its MCP SDK comes from, what its
  // runtime folder holds), not which languages there are: a language that joins adds its own sentence.
  ...['docs/testing.md', 'docs/publishing.md', 'docs/targets.md', 'docs/json-readers.md'].map((file) => ({ file, why: "each language's own facts, in prose" })),
  { file: 'runtime/typescript/parse.ts', at: 'the Swift, Kotlin and Python bindings keep them exact', why: 'which bindings keep big integers exact' },
  { file: 'test/bindings/revision-bindings.test.ts', at: "(Swift's protocol1_0_0", why: 'examples of how versions are named in code' },
  // Hand-written expectations of each language's own output (its declarations, spellings, file layout): an oracle
  // per language, not derivable from the registry. The first is held to the registry by its own test.
  { file: 'test/bindings/revision-bindings.test.ts', at: "swift: ['swift/Sources/ElementModel/Orientation.swift'", why: "the enum's declaration in each language; its test holds the keys to the registry" },
  // The order vitest starts the longest files in, measured: a file missing from it runs later, nothing more.
  { file: 'vitest.config.ts', at: "'test/bindings/swift/swift.test.ts',", why: 'measured durations, longest first' },
];

/** Whether a list is allowed: listed above, or a Markdown table or list naming exactly the registry's languages (or its compiled ones), which a language joining makes fail. */
function allowed(file: string, text: string, l: FoundList, complete: readonly (readonly string[])[]): boolean {
  const first = text.split('\n')[l.from - 1] ?? '';
  if (ALLOWED.some((a) => a.file === file && (a.at === undefined || first.includes(a.at)))) return true;
  return l.markdownTable && complete.some((names) => names.join() === l.languages.join());
}

describe('no list of languages outside the registry', () => {
  const languages = BINDINGS.map(({ name, title }) => ({ name, title }));
  const complete = [BINDINGS, COMPILED].map((list) => list.map((b) => b.name).sort());
  const lists = (file: string, text: string) => languageLists(text, languages).filter((l) => !allowed(file, text, l, complete)).map((l) => where(file, l));

  it('finds none in the sources, docs and configs (a Markdown table of every language is checked, not derived)', () => {
    const found: string[] = [];
    for (const file of scannedFiles()) if (!REGISTRY.test(file)) found.push(...lists(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a list planted in code, in a table or across lines, and a table that lacks a language', () => {
    const names = BINDINGS.map((b) => b.name);
    const titles = BINDINGS.map((b) => b.title);
    // One line of code, an array over lines, prose naming three, and a Markdown table missing the last language.
    const code = `const LANGUAGES = [${names.slice(0, 3).map((n) => `'${n}'`).join(', ')}];\n`;
    const rows = `const RUNNERS = {\n${names.slice(1, 4).map((n) => `  ${n}: 'scripts/${n}-test.sh',`).join('\n')}\n};\n`;
    const prose = `Built for ${titles.slice(0, 2).join(', ')} and ${titles[2]}.\n`;
    const table = `| Language | Package |\n| --- | --- |\n${titles.slice(0, -1).map((t) => `| ${t} | x |`).join('\n')}\n`;
    expect(lists('planted.ts', code)).toEqual([`planted.ts:1 ${names.slice(0, 3).sort().join(',')}`]);
    expect(lists('planted.ts', rows)).toEqual([`planted.ts:2-4 ${names.slice(1, 4).sort().join(',')}`]);
    expect(lists('planted.md', prose)).toHaveLength(1);
    expect(lists('planted.md', table)).toHaveLength(1);
    // The same table with every language is a checked copy; the verb "go" and a lone name are no list.
    const full = `| Language | Package |\n| --- | --- |\n${titles.map((t) => `| ${t} | x |`).join('\n')}\n`;
    expect(lists('planted.md', full)).toEqual([]);
    expect(lists('planted.md', `Let it go to ${titles[1]} and ${titles[2]}, then go on.\n`)).toEqual([]);
    // And an allowed file still reports a list the allow-list does not name at that line.
    expect(lists('vitest.config.ts', code)).toHaveLength(1);
  });
});
