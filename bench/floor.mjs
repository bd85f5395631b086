// The floor for `generate`: a process that loads the same packages a `generate` run loaded (recorded by
// record-imports.mjs into the file named by argv[2]), the same way (import or require), on one thread, and exits
// doing no work, with the same V8 settings.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The same V8 settings a generate run of the real spec has (see generator/tiering.ts).
const { tierFor } = await import('../dist/tiering.js');
tierFor(new URL('../spec', import.meta.url).pathname);

const require = createRequire(import.meta.url);
const lines = [...new Set(readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean))].sort();
if (lines.length === 0) throw new Error('no imports were recorded');
for (const line of lines) {
  const [how, specifier] = line.split(' ');
  if (how === 'require') require(specifier);
  else await import(specifier);
}
