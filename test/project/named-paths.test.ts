import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/spec.js';

/**
 * Every repository path the prose names exists (issue 39): README, docs/, the guides in spec/, the configs, and the
 * comments of the code. A path is a word starting with one of the repository's top folders; one that names a
 * generated file may be written from generated/ (`docs/roles.md`). Words with a placeholder or a glob
 * (`runtime/<language>/`, `test/runtime/*.test.ts`) are patterns, not paths, and diff-stat lines quote history.
 */
const TOP = ['generator', 'test', 'scripts', 'runtime', 'templates', 'spec', 'docs', 'bench', 'generated', 'bin', '.ci'];
const PATH = new RegExp(`(?<![\\w./@-])(?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\],;:|]*`, 'g');
const PATTERN = /[<>*{}$]|\.\.\.|…/;
const DIFF_STAT = /^\s*\S+\s+\|\s+(\d|\(|[\d,]+ files)/;
/** Folders whose files are data or copies, not prose: fixtures, recorded results, generated output. */
const SKIP_DIRS = new Set(['node_modules', 'generated', 'fixtures', 'test-output', 'dist', '.git', 'expected', 'results', 'target', '.build']);
const CODE = /\.(ts|mjs|js|sh|hbs|py|go|rs|kt|swift|toml)$/;

function* filesBelow(dir: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* filesBelow(path);
    } else yield path;
  }
}

/** The lines of a file that are prose: all of a Markdown page but its diff stats, a code file's comments, a config whole. */
function proseLines(file: string, text: string): [number, string][] {
  const lines = text.split('\n').map((line, i) => [i + 1, line] as [number, string]);
  if (file.endsWith('.md')) {
    // A recorded run's table (the mutation scores, between its markers) names the folders of its day, as a diff stat does.
    let recorded = false;
    return lines.filter(([, l]) => {
      if (l.includes('<!-- mutation:start -->')) recorded = true;
      if (l.includes('<!-- mutation:end -->')) recorded = false;
      return !recorded && !DIFF_STAT.test(l);
    });
  }
  if (!CODE.test(file) || /(^|\/)(vitest[^/]*|stryker[^/]*)$/.test(file)) return lines;
  return lines.filter(([, l]) => /^\s*(\/\/|\/\*|\*|#(?!!)|<!--|\{\{!)/.test(l));
}

const exists = (path: string) => existsSync(join(ROOT, path)) || existsSync(join(ROOT, 'generated', path));

function namedPaths(): { file: string; line: number; path: string }[] {
  const files = [
    'README.md', 'package.json', 'stryker.config.mjs', 'vitest.config.ts', 'vitest.quick.config.ts', '.ci/run',
    ...['docs', 'spec', 'generator', 'test', 'scripts', 'bench', 'runtime', 'templates'].flatMap((d) => [...filesBelow(d)]),
  ].filter((f) => f.endsWith('.md') || f.endsWith('.json') || f === '.ci/run' || CODE.test(f));
  const found: { file: string; line: number; path: string }[] = [];
  for (const file of files) {
    for (const [line, text] of proseLines(file, readFileSync(join(ROOT, file), 'utf8'))) {
      for (const match of text.matchAll(PATH)) {
        if (PATTERN.test(match[0])) continue;
        found.push({ file, line, path: match[0].replace(/[.#]+$|#.*$/, '') });
      }
    }
  }
  return found;
}

describe('paths named in prose, configs and comments', () => {
  const named = namedPaths();

  it('finds the paths it should (the check is not vacuous)', () => {
    const at = (file: string) => named.filter((n) => n.file === file).map((n) => n.path);
    expect(at('README.md')).toContain('generator/emit/targets.ts');
    expect(named.length).toBeGreaterThan(500);
    // A moved file named in a comment is caught.
    expect(proseLines('x.ts', 'const a = 1;\n// see generator/extract/cells.ts\n').map(([, l]) => [...l.matchAll(PATH)].map((m) => m[0]))).toEqual([['generator/extract/cells.ts']]);
  });

  it('every one exists in the repository (or under generated/)', () => {
    const missing = named.filter((n) => !exists(n.path)).map((n) => `${n.file}:${n.line}: ${n.path}`);
    expect(missing).toEqual([]);
  });
});
