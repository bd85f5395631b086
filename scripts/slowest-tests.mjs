// Prints where the last test run's time went: the whole run's wall time and the ten slowest test files, from vitest's
// JSON report (test-output/vitest.json, written by every `npm test`). .ci/run prints it after the suite, so whoever
// looks at a slow run sees which files to work on first.
//
//   node scripts/slowest-tests.mjs [report.json] [count]
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const report = resolve(ROOT, process.argv[2] ?? 'test-output/vitest.json');
const count = Number(process.argv[3] ?? 10);
if (!existsSync(report)) {
  console.error(`slowest-tests: no report at ${report} (run npm test first)`);
  process.exit(2);
}

const { startTime, testResults } = JSON.parse(readFileSync(report, 'utf8'));
const files = testResults
  .map((f) => ({ file: relative(ROOT, f.name), seconds: (f.endTime - f.startTime) / 1000, tests: f.assertionResults.length }))
  .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
const wall = (Math.max(...testResults.map((f) => f.endTime)) - startTime) / 1000;
const busy = files.reduce((sum, f) => sum + f.seconds, 0);

console.log(`slowest-tests: ${files.length} files, ${wall.toFixed(0)} s from start to the last file's end, ${busy.toFixed(0)} s of files' own time in all`);
const width = Math.max(...files.slice(0, count).map((f) => f.file.length));
for (const f of files.slice(0, count)) {
  console.log(`  ${f.file.padEnd(width)}  ${f.seconds.toFixed(1).padStart(6)} s  ${String(f.tests).padStart(4)} tests`);
}
