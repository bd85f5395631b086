#!/usr/bin/env node
// The command-line entry. The generator is written in TypeScript and built into dist/ by `npm run build`.
// One-shot commands on a spec of usual size keep V8 from its optimizing compiler (see generator/tiering.ts). The commands that emit start
// the TypeScript worker before anything else loads, so that loading TypeScript's compiler on it overlaps loading
// and running everything else (see generator/emit/core/off-thread.ts).
const command = process.argv[2] ?? '';
if (['generate', 'check', 'diff'].includes(command)) {
  const { specDirOf, tierFor } = await import('../dist/tiering.js');
  tierFor(specDirOf(process.argv.slice(3)));
}
if (['generate', 'check', 'watch'].includes(command)) {
  (await import('../dist/emit/core/off-thread.js')).startTypeScriptWorker();
}
const { main } = await import('../dist/cli.js');

process.exitCode = await main(process.argv.slice(2));
