// `npm run mutation [-- <group>...]`: runs StrykerJS (stryker.config.mjs) over each group of source files named
// (all of them by default), one group after another, then writes the summary per area to
// bench/results/mutation.json (scripts/mutation-summary.mjs). A group is an area (read, model, runtime) or
// paths joined by commas, all in one area. Each run has a dry run of its own (a minute or more), so the default
// groups are few; files that fold the whole spec for each mutant are grouped apart, so the rest finish first.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { AREAS, slugOf } from '../stryker.config.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DEFAULT_GROUPS = [
  'runtime',
  'generator/read/cells.ts,generator/read/signatures.ts,generator/read/tables.ts,generator/read/reference.ts',
  'generator/read/rfc.ts,generator/read/rfc-rows.ts',
  'generator/model/check-rules.ts,generator/model/validate.ts,generator/model/fold/state.ts,generator/model/assemble.ts,generator/model/schema.ts,generator/model/external.ts,generator/model/types.ts',
  'generator/model/fold/index.ts,generator/model/fold/resolve.ts,generator/model/fold/apply.ts,generator/model/fold/apply-step.ts,generator/model/fold/apply-types.ts,generator/model/fold/apply-removed.ts,generator/model/fold/apply-roles.ts,generator/model/fold/apply-protocol.ts',
  'generator/model/diff.ts,generator/model/diff-rules.ts,generator/model/diff-compare.ts,generator/model/diff-types.ts,generator/model/diff-names.ts,generator/model/diff-roles.ts,generator/model/diff-tables.ts,generator/model/diff-place.ts',
];
const groups = (process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_GROUPS).map((arg) => {
  if (AREAS[arg]) return { area: arg, files: null };
  const files = arg.split(',');
  const area = Object.keys(AREAS).find((a) => files.every((f) => f.startsWith(`${AREAS[a]}/`)));
  if (!area) throw new Error(`${arg} is neither an area (${Object.keys(AREAS).join(', ')}) nor files of one area`);
  return { area, files };
});

for (const { area, files } of groups) {
  const slug = slugOf(area, files);
  console.log(`mutation: ${area} ${slug}`);
  const env = { ...process.env, MUTATION_AREA: area, ...(files ? { MUTATION_FILES: files.join(',') } : {}) };
  const stryker = spawnSync(process.execPath, [join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run'], { cwd: ROOT, stdio: 'inherit', env });
  if (stryker.status !== 0) process.exit(stryker.status ?? 1);
}
const summary = spawnSync(process.execPath, [join(ROOT, 'scripts/mutation-summary.mjs')], { cwd: ROOT, stdio: 'inherit' });
process.exit(summary.status ?? 1);
