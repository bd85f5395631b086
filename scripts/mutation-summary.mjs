// Writes bench/results/mutation.json from Stryker's JSON reports (bench/results/mutation/<area>-<group>.json,
// stryker.config.mjs): per area, the mutants and what became of them, the score, and every surviving mutant with its
// place and mutator. A survivor explained in bench/results/mutation-equivalent.json carries that explanation.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AREAS } from '../stryker.config.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const REPORTS = join(ROOT, 'bench/results/mutation');
const equivalentFile = join(ROOT, 'bench/results/mutation-equivalent.json');
/** "path:line:column Mutator[ replacement]" -> why the mutant cannot be killed. */
const equivalent = existsSync(equivalentFile) ? JSON.parse(readFileSync(equivalentFile, 'utf8')).mutants : {};

// Each source file from the one report that has it (the groups of scripts/mutation.mjs do not overlap; a file in
// two reports means one of them is stale, and which to believe is the maintainer's call, not this script's).
const files = new Map();
const from = new Map();
const runs = [];
/** Every file a report's group named: one with no mutants at all (types only) is in none of the reports' files. */
const named = new Set();
let stryker = null;
const names = existsSync(REPORTS) ? readdirSync(REPORTS).filter((n) => n.endsWith('.json')).sort() : [];
for (const name of names) {
  const report = JSON.parse(readFileSync(join(REPORTS, name), 'utf8'));
  stryker = report.framework?.version ?? stryker;
  runs.push({ report: name.replace(/\.json$/, ''), files: Object.keys(report.files).sort() });
  for (const path of groupFiles(name)) named.add(path);
  for (const [path, file] of Object.entries(report.files)) {
    if (from.has(path)) {
      console.error(`mutation-summary: ${path} is in ${from.get(path)} and ${name}; delete the stale report from ${REPORTS}`);
      process.exit(1);
    }
    from.set(path, name);
    files.set(path, file);
  }
}

const STATUS = { Killed: 'killed', Survived: 'survived', Timeout: 'timeout', NoCoverage: 'noCoverage', Ignored: 'ignored', CompileError: 'compileError', RuntimeError: 'runtimeError' };
const areas = {};
const survivors = [];
for (const [area, dir] of Object.entries(AREAS)) {
  const counts = { files: 0, mutants: 0, killed: 0, survived: 0, timeout: 0, noCoverage: 0, ignored: 0, compileError: 0, runtimeError: 0 };
  let explained = 0;
  for (const [path, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith(`${dir}/`)) continue;
    counts.files++;
    for (const m of file.mutants) {
      counts.mutants++;
      const status = STATUS[m.status] ?? 'other';
      counts[status] = (counts[status] ?? 0) + 1;
      if (status !== 'survived' && status !== 'noCoverage') continue;
      const at = `${path}:${m.location.start.line}:${m.location.start.column}`;
      // Keyed by place and mutator, with the replacement when one place has several of a mutator.
      const why = equivalent[`${at} ${m.mutatorName} ${m.replacement}`] ?? equivalent[`${at} ${m.mutatorName}`];
      if (why) explained++;
      survivors.push({ at, status: m.status, mutator: m.mutatorName, replacement: m.replacement, ...(why ? { equivalent: why } : {}) });
    }
  }
  // Stryker's score: killed and timed-out mutants over every mutant the tests could have caught; ignored (static)
  // mutants and ones that do not compile are not among them.
  const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage;
  // The area's source files, for "measured of": a run cut short for time leaves some out.
  const sources = readdirSync(join(ROOT, dir), { recursive: true }).filter((f) => String(f).endsWith('.ts')).length;
  areas[dir] = {
    ...counts,
    sourceFiles: sources,
    unmeasured: readdirSync(join(ROOT, dir), { recursive: true }).filter((f) => String(f).endsWith('.ts')).map((f) => `${dir}/${f}`).filter((f) => !files.has(f) && !named.has(f)).sort(),
    withoutMutants: [...named].filter((f) => f.startsWith(`${dir}/`) && !files.has(f)).sort(),
    score: valid ? round((counts.killed + counts.timeout) / valid) : null,
    scoreWithEquivalentsRemoved: valid - explained ? round((counts.killed + counts.timeout) / (valid - explained)) : null,
  };
}

const summary = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  stryker,
  notes: [
    'score = (killed + timeout) / (killed + timeout + survived + noCoverage), per area',
    'ignored = static mutants (code run while tests load), not run: ignoreStatic in stryker.config.mjs',
    'survivors marked "equivalent" are explained in bench/results/mutation-equivalent.json',
  ],
  areas,
  runs,
  survivors,
};
writeFileSync(join(ROOT, 'bench/results/mutation.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeReadme(summary);
for (const [name, a] of Object.entries(areas)) {
  console.log(`${name}: ${a.score === null ? '-' : `${(a.score * 100).toFixed(1)}%`} killed (${a.killed + a.timeout} of ${a.killed + a.timeout + a.survived + a.noCoverage}; ${a.ignored} static ignored; ${a.files} files)`);
}

/** The table between the mutation markers in docs/testing.md, as the bench rewrites its own. */
function writeReadme({ date, node, areas }) {
  const path = join(ROOT, 'docs/testing.md');
  const text = readFileSync(path, 'utf8');
  const start = '<!-- mutation:start -->';
  const end = '<!-- mutation:end -->';
  if (!text.includes(start) || !text.includes(end)) return;
  const pct = (x) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
  const rows = Object.entries(areas).map(([dir, a]) =>
    `| \`${dir}\` | ${a.files + a.withoutMutants.length} of ${a.sourceFiles} | ${a.mutants} | ${a.killed} | ${a.timeout} | ${a.survived} | ${a.noCoverage} | ${a.ignored} | ${pct(a.score)} | ${pct(a.scoreWithEquivalentsRemoved)} |`);
  const table = [
    `${date}, Node ${node}, StrykerJS ${stryker}:`,
    '',
    '| Area | Files measured | Mutants | Killed | Timeout | Survived | No coverage | Ignored (static) | Score | Without equivalents |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeFileSync(path, text.slice(0, text.indexOf(start) + start.length) + `\n${table}\n` + text.slice(text.indexOf(end)));
}

/**
 * The source files a report's name stands for (stryker.config.mjs slugOf: paths below the area, "/" written "-",
 * joined by "+"; "all" for the whole area). A "-" is a folder's "/" (fold-state) or the name's own (check-rules), whichever file exists.
 */
function groupFiles(reportName) {
  const [area, ...rest] = reportName.replace(/\.json$/, '').split('-');
  const dir = AREAS[area];
  const slug = rest.join('-');
  if (!dir) return [];
  // A whole area's run named no files: one added since is unmeasured, not "without mutants".
  if (slug === 'all') return [];
  return slug.split('+').flatMap((part) => {
    const found = [part.replace(/-/g, '/'), part].map((c) => `${dir}/${c}.ts`).find((c) => existsSync(join(ROOT, c)));
    return found ? [found] : [];
  });
}

function round(x) { return Math.round(x * 1000) / 1000; }
