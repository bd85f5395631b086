import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { VALIDATE_EXIT, exitCodeOf, findingsJson, formatFindings, validateBytes } from '../dist/index.js';

const USAGE = `Usage: element-model-validate [--json] <file|->
       element-model-validate [--json] --batch <file>...

Checks an answer (a file, or - for standard input) against the structure and requirements.
With --batch, checks each file in turn: for each, a line "==> <file> <== exit <code>", then what checking that
file alone prints; the exit code is the highest of theirs.
Exit 0: no errors (warnings allowed); 1: errors; 2: a usage error or input that cannot be read.
`;

/** Checks one file (or - for standard input), prints its findings, and returns its exit code. */
function validateFile(file, json) {
  let bytes;
  try {
    // fd 0 is standard input. Bytes, not text: bytes that are not UTF-8 are a finding, not U+FFFD.
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (error) {
    process.stderr.write(`validate: cannot read ${file}: ${error.message}\n`);
    return { out: '', code: VALIDATE_EXIT.usage };
  }
  const findings = validateBytes(bytes);
  return { out: json ? findingsJson(findings) : formatFindings(findings, file === '-' ? '<stdin>' : file), code: exitCodeOf(findings) };
}

function run(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, batch: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`element-model-validate: ${error.message}\n\n${USAGE}`);
    return VALIDATE_EXIT.usage;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE);
    return VALIDATE_EXIT.ok;
  }
  const files = parsed.positionals;
  if (files.length === 0 || (files.length !== 1 && !parsed.values.batch)) {
    process.stderr.write(USAGE);
    return VALIDATE_EXIT.usage;
  }
  if (!parsed.values.batch) {
    const { out, code } = validateFile(files[0], parsed.values.json);
    process.stdout.write(out);
    return code;
  }
  let highest = VALIDATE_EXIT.ok;
  for (const file of files) {
    const { out, code } = validateFile(file, parsed.values.json);
    process.stdout.write(`==> ${file} <== exit ${code}\n${out}`);
    highest = Math.max(highest, code);
  }
  return highest;
}

process.exitCode = run(process.argv.slice(2));
