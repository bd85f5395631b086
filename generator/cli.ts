import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { DEFAULT_DIRS, readSpecFiles } from './spec-files.js';
import type { WriteSummary } from './write/tree.js';

// Each command loads what it needs when it runs: `validate` on a large answer should not first wait for the
// spec reader, the emitters and the file watcher to load.
const pipeline = () => import('./pipeline.js');

/** Exit codes, as `--help` documents them. */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3 } as const;

const HELP_FOOTER = `
Exit codes:
  0  success
  1  the spec has errors, check found differences, validate found errors, or generate could not write
  2  usage error (unknown command or option)
  3  internal error in the toolchain (please report it)`;

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

async function runGenerate(specDir: string, outDir: string, io: Io): Promise<number> {
  const { generateInMemory, printableDiagnostics } = await pipeline();
  const { writeTree } = await import('./write/tree.js');
  const result = await generateInMemory(specDir, outDir);
  if (result.diagnostics.length) io.err(`${await printableDiagnostics(result.diagnostics, specDir)}\n`);
  if (!result.model) {
    io.err('generate: nothing was written; generated/ is as it was.\n');
    return EXIT.failed;
  }
  let summary: WriteSummary;
  try {
    summary = await writeTree(outDir, result.files);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(`generate: cannot write ${outDir}: ${e.message.startsWith(e.code ?? '\0') ? e.message : `${e.code ?? 'error'}: ${e.message}`}\ngenerate: ${outDir} is as it was.\n`);
    return EXIT.failed;
  }
  const { length } = result.files;
  const { protocolVersion } = result.model;
  if (summary.written === 0 && summary.removed === 0) io.out(`generate: the ${length} files in ${outDir} already match protocol ${protocolVersion}; nothing written\n`);
  else io.out(`generate: wrote ${summary.written} of ${length} files${summary.removed ? ` and removed ${summary.removed}` : ''} for protocol ${protocolVersion} to ${outDir}\n`);
  return EXIT.ok;
}

async function runCheck(specDir: string, outDir: string, io: Io): Promise<number> {
  const { generateInMemory, printableDiagnostics } = await pipeline();
  const { diffTree } = await import('./write/tree.js');
  const result = await generateInMemory(specDir, outDir);
  if (result.diagnostics.length) io.err(`${await printableDiagnostics(result.diagnostics, specDir)}\n`);
  if (!result.model) return EXIT.failed;
  const diff = await diffTree(outDir, result.files);
  const lines = [
    ...diff.stale.map((p) => `  stale    ${p}`),
    ...diff.missing.map((p) => `  missing  ${p}`),
    ...diff.extra.map((p) => `  extra    ${p}`),
  ];
  if (lines.length) {
    io.err(`check: ${outDir} does not match the spec (${lines.length} files); run \`npm run generate\`:\n${lines.join('\n')}\n`);
    return EXIT.failed;
  }
  io.out(`check: ${result.files.length} files in ${outDir} match the spec\n`);
  return EXIT.ok;
}

/** The command line; returns the exit code rather than exiting, so tests can call it. */
export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command()
    .name('element-spec')
    .description("Reads the element model's RFCs in spec/ and regenerates every artifact in generated/.")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .addHelpText('after', HELP_FOOTER)
    .showHelpAfterError('(run element-spec --help for usage)');
  const withDirs = (cmd: Command) =>
    cmd.option('--spec <dir>', 'the spec folder', DEFAULT_DIRS.spec).option('--out <dir>', 'the generated folder', DEFAULT_DIRS.out);

  withDirs(program.command('generate').description('rewrite the generated folder from the spec'))
    .action(async (opts: { spec: string; out: string }) => {
      code = await runGenerate(resolve(opts.spec), resolve(opts.out), io);
    });
  withDirs(program.command('check').description('regenerate in memory and fail on any stale, missing or extra file'))
    .action(async (opts: { spec: string; out: string }) => {
      code = await runCheck(resolve(opts.spec), resolve(opts.out), io);
    });

  program
    .command('diff')
    .description('list every change between two models, each with its rule id and class (breaking, additive, editorial)')
    .option('--from <version|file>', 'the older model: a version the spec makes, or a model JSON file (default: the model before the newest counted RFC, or before the version --to names)')
    .option('--to <version|file>', 'the newer model (default: the current one)')
    .option('--spec <dir>', 'the spec folder', DEFAULT_DIRS.spec)
    .option('--out <dir>', 'the generated folder, whose records of released versions are read', DEFAULT_DIRS.out)
    .option('--json', 'print the changes as JSON')
    .action(async (opts: { from?: string; to?: string; spec: string; out: string; json?: boolean }) => {
      const specDir = resolve(opts.spec);
      const [{ printableDiagnostics }, { diffReport, formatDiff, pickModels }, { buildModel }] = await Promise.all([
        pipeline(), import('./diff-command.js'), import('./model/build.js'),
      ]);
      const result = await buildModel(await readSpecFiles(specDir, resolve(opts.out)));
      if (!result.model) {
        io.err(`${await printableDiagnostics(result.diagnostics.items, specDir)}\n`);
        code = EXIT.failed;
        return;
      }
      try {
        // Every version a counted RFC makes can be named, released or not; by default the newest RFC's own changes.
        const { from, to } = await pickModels(opts, result.allVersions);
        const report = diffReport(from, to);
        io.out(opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatDiff(report));
      } catch (error) {
        io.err(`diff: ${(error as Error).message}\n`);
        code = EXIT.usage;
      }
    });

  withDirs(program.command('watch').description('regenerate on every save under the spec folder, printing diagnostics'))
    .action(async (opts: { spec: string; out: string }) => {
      const { watch } = await import('./watch.js');
      const stop = await watch(resolve(opts.spec), resolve(opts.out), io);
      await new Promise<void>((done) => {
        process.once('SIGINT', () => void stop().then(done));
        process.once('SIGTERM', () => void stop().then(done));
      });
    });

  program
    .command('validate')
    .description('check an answer (a file, or - for standard input) against the structure and requirements')
    .argument('<file>', 'the answer as JSON, or - to read standard input')
    .option('--json', 'print the findings as JSON')
    .option('--out <dir>', 'the generated folder whose TypeScript checker to use', DEFAULT_DIRS.out)
    .action(async (file: string, opts: { json?: boolean; out: string }) => {
      const { loadValidator, readInput } = await import('./validate-answer.js');
      let text: string;
      try {
        text = await readInput(file);
      } catch (error) {
        io.err(`validate: cannot read ${file}: ${(error as Error).message}\n`);
        code = EXIT.usage;
        return;
      }
      // The package's own validator, so this command and element-model-validate print the same.
      const validator = await loadValidator(resolve(opts.out));
      const findings = validator.validateText(text);
      io.out(opts.json ? validator.findingsJson(findings) : validator.formatFindings(findings, file === '-' ? '<stdin>' : file));
      code = validator.exitCodeOf(findings);
    });

  try {
    await program.parseAsync(argv as string[], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0
        ? EXIT.ok
        : EXIT.usage;
    }
    io.err(`element-spec: internal error: ${(error as Error).message}\n`);
    return EXIT.internal;
  }
  if (argv.length === 0) {
    io.err(program.helpInformation());
    return EXIT.usage;
  }
  return code;
}
