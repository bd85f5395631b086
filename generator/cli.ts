import { resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { Diagnostic } from './diagnostics/report.js';
import { REVIEW_FORMATS, type ReviewFormat } from './review/index.js';
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

const formatOption = () =>
  new Option(
    '--format <format>',
    'how to print diagnostics or changes: text, json, markdown (a pull request comment), github (workflow commands), sarif (SARIF 2.1.0)',
  )
    .choices(REVIEW_FORMATS)
    .default('text');

/**
 * Prints a run's diagnostics: as text on standard error (vfile-reporter's form), or in a machine format on standard
 * output, where a CI step collects it; a machine format prints even when there is nothing, so its reader gets a
 * document. What a command says besides (what it wrote) goes to standard error then.
 */
async function printDiagnostics(
  format: ReviewFormat,
  items: readonly Diagnostic[],
  specDir: string,
  command: string,
  io: Io,
): Promise<void> {
  if (format === 'text') {
    if (items.length) io.err(`${await (await pipeline()).printableDiagnostics(items, specDir)}\n`);
    return;
  }
  const { diagnosticItems, formatReview } = await import('./review/index.js');
  const shown = diagnosticItems(items, specDir);
  if (format === 'json') {
    io.out(`${JSON.stringify(shown, null, 2)}\n`);
    return;
  }
  const errors = items.filter((d) => d.severity === 'error').length;
  const title = `**element-spec ${command}**: ${errors} error${errors === 1 ? '' : 's'}, ${items.length - errors} warning${items.length - errors === 1 ? '' : 's'}`;
  const { toolchain } = await import('./review/tool.js');
  io.out(formatReview(format, title, shown, await toolchain()));
}

async function runGenerate(specDir: string, outDir: string, format: ReviewFormat, io: Io): Promise<number> {
  const { generateInMemory } = await pipeline();
  const { writeTree } = await import('./write/tree.js');
  const result = await generateInMemory(specDir, outDir);
  await printDiagnostics(format, result.diagnostics, specDir, 'generate', io);
  const say = format === 'text' ? io.out : io.err;
  if (!result.model) {
    io.err('generate: nothing was written; generated/ is as it was.\n');
    return EXIT.failed;
  }
  let summary: WriteSummary;
  try {
    summary = await writeTree(outDir, result.files);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(
      `generate: cannot write ${outDir}: ${e.message.startsWith(e.code ?? '\0') ? e.message : `${e.code ?? 'error'}: ${e.message}`}\ngenerate: ${outDir} is as it was.\n`,
    );
    return EXIT.failed;
  }
  const { length } = result.files;
  const { protocolVersion } = result.model;
  if (summary.written === 0 && summary.removed === 0)
    say(`generate: the ${length} files in ${outDir} already match protocol ${protocolVersion}; nothing written\n`);
  else
    say(
      `generate: wrote ${summary.written} of ${length} files${summary.removed ? ` and removed ${summary.removed}` : ''} for protocol ${protocolVersion} to ${outDir}\n`,
    );
  return EXIT.ok;
}

async function runCheck(specDir: string, outDir: string, format: ReviewFormat, io: Io): Promise<number> {
  const { generateInMemory } = await pipeline();
  const { diffTree } = await import('./write/tree.js');
  const result = await generateInMemory(specDir, outDir);
  await printDiagnostics(format, result.diagnostics, specDir, 'check', io);
  if (!result.model) return EXIT.failed;
  const diff = await diffTree(outDir, result.files);
  const lines = [
    ...diff.stale.map((p) => `  stale    ${p}`),
    ...diff.missing.map((p) => `  missing  ${p}`),
    ...diff.extra.map((p) => `  extra    ${p}`),
  ];
  if (lines.length) {
    io.err(
      `check: ${outDir} does not match the spec (${lines.length} files); run \`npm run generate\`:\n${lines.join('\n')}\n`,
    );
    return EXIT.failed;
  }
  (format === 'text' ? io.out : io.err)(`check: ${result.files.length} files in ${outDir} match the spec\n`);
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
    cmd
      .option('--spec <dir>', 'the spec folder', DEFAULT_DIRS.spec)
      .option('--out <dir>', 'the generated folder', DEFAULT_DIRS.out);

  withDirs(program.command('generate').description('rewrite the generated folder from the spec'))
    .addOption(formatOption())
    .action(async (opts: { spec: string; out: string; format: ReviewFormat }) => {
      code = await runGenerate(resolve(opts.spec), resolve(opts.out), opts.format, io);
    });
  withDirs(program.command('check').description('regenerate in memory and fail on any stale, missing or extra file'))
    .addOption(formatOption())
    .action(async (opts: { spec: string; out: string; format: ReviewFormat }) => {
      code = await runCheck(resolve(opts.spec), resolve(opts.out), opts.format, io);
    });

  program
    .command('diff')
    .description(
      'list every change between two models, each with its rule id and class (breaking, additive, editorial)',
    )
    .option(
      '--from <version|file>',
      'the older model: a version the spec makes, or a model JSON file (default: the model before the newest counted RFC, or before the version --to names)',
    )
    .option('--to <version|file>', 'the newer model (default: the current one)')
    .option('--spec <dir>', 'the spec folder', DEFAULT_DIRS.spec)
    .option('--out <dir>', 'the generated folder, whose records of released versions are read', DEFAULT_DIRS.out)
    .option('--json', 'print the changes as JSON (the same as --format json)')
    .addOption(formatOption())
    .action(
      async (opts: { from?: string; to?: string; spec: string; out: string; json?: boolean; format: ReviewFormat }) => {
        const specDir = resolve(opts.spec);
        const format: ReviewFormat = opts.json ? 'json' : opts.format;
        const [{ diffReport, formatDiff, pickModels, reviewDiff }, { assembleModel }] = await Promise.all([
          import('./diff-command.js'),
          import('./model/assemble.js'),
        ]);
        const result = await assembleModel(await readSpecFiles(specDir, resolve(opts.out)));
        if (!result.model) {
          await printDiagnostics(format, result.diagnostics.items, specDir, 'diff', io);
          code = EXIT.failed;
          return;
        }
        try {
          // Every version a counted RFC makes can be named, released or not; by default the newest RFC's own changes.
          const { from, to } = await pickModels(opts, result.allVersions);
          const report = diffReport(from, to);
          if (format === 'text') io.out(formatDiff(report));
          else if (format === 'json') io.out(`${JSON.stringify(report, null, 2)}\n`);
          else io.out(await reviewDiff(format, report, from, to, specDir));
        } catch (error) {
          io.err(`diff: ${(error as Error).message}\n`);
          code = EXIT.usage;
        }
      },
    );

  withDirs(
    program.command('watch').description('regenerate on every save under the spec folder, printing diagnostics'),
  ).action(async (opts: { spec: string; out: string }) => {
    const { watch } = await import('./watch.js');
    const stop = await watch(resolve(opts.spec), resolve(opts.out), io);
    await new Promise<void>((done) => {
      process.once('SIGINT', () => void stop().then(done));
      process.once('SIGTERM', () => void stop().then(done));
    });
  });

  program
    .command('lsp')
    .description(
      'the language server: the findings of check as you type, in any editor that speaks LSP (docs/editors.md)',
    )
    .option('--stdio', 'speak LSP on standard input and output (the only transport; editors pass it)')
    .option(
      '--spec <dir>',
      "the spec folder (default: the workspace's spec/, or the folder holding process.md above an opened file)",
    )
    .option(
      '--out <dir>',
      'the generated folder, whose records of released versions are read (default: the one beside the spec)',
    )
    .action(async (opts: { spec?: string; out?: string }) => {
      const { serveStdio } = await import('./lsp/stdio.js');
      code = await serveStdio({
        ...(opts.spec ? { spec: resolve(opts.spec) } : {}),
        ...(opts.out ? { out: resolve(opts.out) } : {}),
      });
    });

  program
    .command('release')
    .description(
      'pack every package of the version the counted RFCs make into build/release/<version>/ with notes and checksums; without --dry-run, then stamp the RFCs, record the SDK release and regenerate',
    )
    .option('--dry-run', 'pack and check only: spec/, generated/ and publishing.json stay as they are')
    .option('--date <YYYY-MM-DD>', 'the release date stamped in the RFCs and the notes (default: today)')
    .option('--version <version>', 'the protocol version to release; it must be the one the counted RFCs make now')
    .option('--root <dir>', 'the project folder: its spec/, generated/, publishing.json and CHANGELOG.md', '.')
    .action(async (opts: { dryRun?: boolean; date?: string; version?: string; root: string }) => {
      const [{ release }, { rootOf }, { releaseTable }, { printableDiagnostics }, { toolchainRoot }] =
        await Promise.all([
          import('./release/index.js'),
          import('./release/releasable.js'),
          import('./release/table.js'),
          pipeline(),
          import('./emit/shared/paths.js'),
        ]);
      const where = rootOf(resolve(opts.root));
      const scripts = resolve(toolchainRoot(), 'scripts');
      try {
        const result = await release(
          {
            where,
            scripts,
            dryRun: opts.dryRun === true,
            ...(opts.date ? { date: opts.date } : {}),
            ...(opts.version ? { version: opts.version } : {}),
          },
          { progress: (line) => io.err(`${line}\n`) },
        );
        if (result.diagnostics.items.length)
          io.err(`${await printableDiagnostics(result.diagnostics.items, where.spec)}\n`);
        if (!result.dest) {
          io.err('release: refused; nothing was changed.\n');
          code = EXIT.failed;
          return;
        }
        io.out(await releaseTable(result.dest, result.artifacts));
      } catch (error) {
        io.err(
          `release: ${(error as Error).message}\nrelease: stopped; spec/, generated/ and publishing.json are as they were.\n`,
        );
        code = EXIT.failed;
      }
    });

  program
    .command('publish')
    .description(
      "upload each package of a release folder to its registry the ecosystem's own way (npm publish, twine upload, mvn deploy:deploy-file, cargo publish, a module proxy folder for Go, a folder of source archives for Swift); the public registries unless --registries names others",
    )
    .argument('<folder>', 'the folder `release` packed: build/release/<version>/')
    .option('--registries <file>', 'a JSON object from package name to registry address (docs/publishing.md)')
    .option('--only <names>', 'publish only these packages, comma-separated')
    .action(async (folder: string, opts: { registries?: string; only?: string }) => {
      const [{ publish, readRegistries }, { toolchainRoot }] = await Promise.all([
        import('./release/publish.js'),
        import('./emit/shared/paths.js'),
      ]);
      const registries = opts.registries === undefined ? {} : await readRegistries(resolve(opts.registries));
      if (typeof registries === 'string') {
        io.err(`publish: ${registries}\n`);
        code = EXIT.usage;
        return;
      }
      const only = opts.only
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const result = await publish(
        { from: resolve(folder), registries, scripts: resolve(toolchainRoot(), 'scripts'), ...(only ? { only } : {}) },
        { progress: (line) => io.err(`${line}\n`) },
      );
      for (const problem of result.refused) io.err(`publish: ${problem}\n`);
      if (result.refused.length) {
        io.err('publish: refused; nothing was uploaded.\n');
        code = EXIT.failed;
        return;
      }
      for (const done of result.published) io.out(`published ${done.package}: ${done.line}\n`);
      for (const failed of result.failed) io.err(`publish: ${failed.package} failed: ${failed.message}\n`);
      if (result.failed.length) code = EXIT.failed;
    });

  program
    .command('validate')
    .description(
      'check an answer (a file, or - for standard input) against the structure and requirements; with --batch, many files, each under a "==> FILE <== exit CODE" line',
    )
    .argument('<files...>', 'the answer as JSON, or - to read standard input; several with --batch')
    .option('--json', 'print the findings as JSON')
    .option(
      '--batch',
      "check each file in turn, as the packages' validators do; the exit code is the highest of theirs",
    )
    .option(
      '--out <dir>',
      "the generated folder whose TypeScript checker to use (default: ./generated if it holds one, else the toolchain's own)",
    )
    .action(async (files: string[], opts: { json?: boolean; batch?: boolean; out?: string }) => {
      if (files.length !== 1 && !opts.batch) {
        io.err('validate: one file, or --batch with several\n');
        code = EXIT.usage;
        return;
      }
      const { findValidator, readInput } = await import('./validate-answer.js');
      // The package's own validator, so this command and element-model-validate print the same.
      const found = await findValidator(opts.out === undefined ? undefined : resolve(opts.out));
      if ('missing' in found) {
        io.err(`validate: ${found.missing}\n`);
        code = EXIT.usage;
        return;
      }
      const validator = found.validator;
      let highest = 0;
      for (const file of files) {
        let printed = '';
        let exit: number;
        try {
          const findings = validator.validateBytes(await readInput(file));
          printed = opts.json
            ? validator.findingsJson(findings)
            : validator.formatFindings(findings, file === '-' ? '<stdin>' : file);
          exit = validator.exitCodeOf(findings);
        } catch (error) {
          io.err(`validate: cannot read ${file}: ${(error as Error).message}\n`);
          exit = EXIT.usage;
        }
        io.out(opts.batch ? `==> ${file} <== exit ${exit}\n${printed}` : printed);
        highest = Math.max(highest, exit);
      }
      code = highest;
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
