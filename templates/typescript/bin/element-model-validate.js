import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { VALIDATE_EXIT, exitCodeOf, findingsJson, formatFindings, validateText } from '../dist/index.js';

const USAGE = `Usage: element-model-validate [--json] <file|->

Checks an answer (a file, or - for standard input) against the structure and requirements.
Exit 0: no errors (warnings allowed); 1: errors; 2: a usage error or input that cannot be read.
`;

function run(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`element-model-validate: ${error.message}\n\n${USAGE}`);
    return VALIDATE_EXIT.usage;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE);
    return VALIDATE_EXIT.ok;
  }
  if (parsed.positionals.length !== 1) {
    process.stderr.write(USAGE);
    return VALIDATE_EXIT.usage;
  }
  const file = parsed.positionals[0];
  let text;
  try {
    // fd 0 is standard input.
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    process.stderr.write(`validate: cannot read ${file}: ${error.message}\n`);
    return VALIDATE_EXIT.usage;
  }
  const findings = validateText(text);
  process.stdout.write(parsed.values.json ? findingsJson(findings) : formatFindings(findings, file === '-' ? '<stdin>' : file));
  return exitCodeOf(findings);
}

process.exitCode = run(process.argv.slice(2));
