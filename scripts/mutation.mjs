// `npm run mutation [-- extract model runtime]`: runs StrykerJS (stryker.config.mjs) over each area named (all
// three by default), one after the other, and writes the summary per area to bench/results/mutation.json
// (scripts/mutation-summary.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const areas = process.argv.length > 2 ? process.argv.slice(2) : ['extract', 'model', 'runtime'];
for (const area of areas) {
  // Stryker runs the tests in a copy at .stryker-tmp-<area>/sandbox-*/, where test/helpers/spec.ts looks for the
  // shared MCP examples one folder up, as it does beside the checkout: a link there points to the real ones.
  const temp = join(ROOT, `.stryker-tmp-${area}`);
  mkdirSync(temp, { recursive: true });
  rmSync(join(temp, 'shared'), { force: true });
  symlinkSync(resolve(ROOT, '../shared'), join(temp, 'shared'));
  const stryker = spawnSync(process.execPath, [join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_AREA: area },
  });
  if (stryker.status !== 0) process.exit(stryker.status ?? 1);
}
const summary = spawnSync(process.execPath, [join(ROOT, 'scripts/mutation-summary.mjs')], { cwd: ROOT, stdio: 'inherit' });
process.exit(summary.status ?? 1);
