// Writes bench/results/mutation.json from Stryker's JSON reports (test-output/mutation/<area>.json): per area,
// the mutants and what became of them, the score, and every surviving mutant with its place and mutator.
// A survivor explained as equivalent in bench/results/mutation-equivalent.json carries that reason.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const equivalentFile = join(ROOT, 'bench/results/mutation-equivalent.json');
const equivalent = existsSync(equivalentFile) ? JSON.parse(readFileSync(equivalentFile, 'utf8')) : {};

const AREAS = [
  ['extract', 'generator/extract', 'generator/extract/'],
  ['model', 'generator/model', 'generator/model/'],
  ['runtime', 'templates/typescript/runtime', 'templates/typescript/runtime/'],
];
const COUNTED = { Killed: 'killed', Survived: 'survived', Timeout: 'timeout', NoCoverage: 'noCoverage', Ignored: 'ignored', CompileError: 'compileError', RuntimeError: 'runtimeError' };

const areas = {};
const survivors = [];
const seconds = {};
let stryker = null;
for (const [area, name, prefix] of AREAS) {
  const reportFile = join(ROOT, `test-output/mutation/${area}.json`);
  if (!existsSync(reportFile)) continue;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  stryker = report.framework?.version ?? stryker;
  const perf = report.performance ?? {};
  seconds[name] = { initialRun: secs(perf.initialRun), mutation: secs(perf.mutation), total: secs((perf.setup ?? 0) + (perf.initialRun ?? 0) + (perf.mutation ?? 0)) };
  const counts = { mutants: 0, killed: 0, survived: 0, timeout: 0, noCoverage: 0, ignored: 0, compileError: 0, runtimeError: 0 };
  for (const [path, file] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith(prefix)) continue;
    for (const m of file.mutants) {
      counts.mutants++;
      counts[COUNTED[m.status] ?? 'other'] = (counts[COUNTED[m.status] ?? 'other'] ?? 0) + 1;
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
      const at = `${path}:${m.location.start.line}:${m.location.start.column}`;
      const key = `${at} ${m.mutatorName}`;
      survivors.push({ at, status: m.status, mutator: m.mutatorName, replacement: m.replacement, ...(equivalent[key] ? { equivalent: equivalent[key] } : {}) });
    }
  }
  // Stryker's score: killed and timed-out mutants over every mutant the tests could have caught (ignored static
  // mutants and ones that do not compile are not among them).
  const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage;
  const unexplained = survivors.filter((s) => s.at.startsWith(prefix) && !s.equivalent).length;
  areas[name] = { ...counts, score: valid ? round((counts.killed + counts.timeout) / valid) : null, scoreCountingEquivalentAsKilled: valid ? round((valid - unexplained) / valid) : null };
}

const summary = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  stryker,
  note: 'score = (killed + timeout) / (killed + timeout + survived + noCoverage); ignored = static mutants (ignoreStatic), see stryker.config.mjs',
  seconds,
  areas,
  survivors,
};
writeFileSync(join(ROOT, 'bench/results/mutation.json'), `${JSON.stringify(summary, null, 2)}\n`);
for (const [name, a] of Object.entries(areas)) console.log(`${name}: ${a.score === null ? '-' : (a.score * 100).toFixed(1)}% (${a.killed + a.timeout} of ${a.killed + a.timeout + a.survived + a.noCoverage}; ${a.ignored} static ignored)`);

function round(x) { return Math.round(x * 1000) / 1000; }
function secs(ms) { return ms === undefined ? null : Math.round(ms / 1000); }
