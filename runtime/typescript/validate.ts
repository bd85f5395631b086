import { FINDINGS } from '../model.js';
import { type CheckOptions, type Finding, check } from './check.js';
import { type JsonProblem, readJson, readJsonBytes } from './scan.js';

/**
 * What every validator of this protocol prints and exits with: `element-spec validate`, this package's
 * `element-model-validate`, and the other bindings' validators. Exit 0: no error (warnings allowed); 1: errors;
 * 2: a usage error or input that cannot be read.
 */
export const VALIDATE_EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * The findings for an answer's text, checked with `options`; text that is not JSON is one finding at the
 * document's root. JSON of any depth is read, as every binding's validator reads it: elements deeper than
 * `options.maxDepth` are the checker's `limit` finding, not a refusal.
 */
export function validateText(text: string, options?: CheckOptions): Finding[] {
  return findingsOf(readJson(text), options);
}

/**
 * validateText for bytes, as a file or standard input holds them: bytes that are not UTF-8 are the `json-not-utf8`
 * finding at the first of them (spec/README.md, "Reading JSON"), where decoding them to text first would read
 * them as U+FFFD. What the validator command checks.
 */
export function validateBytes(bytes: Uint8Array, options?: CheckOptions): Finding[] {
  return findingsOf(readJsonBytes(bytes), options);
}

function findingsOf(read: { value: unknown; problem?: undefined } | JsonProblem, options: CheckOptions | undefined): Finding[] {
  if (read.problem !== undefined) {
    const { rule, severity } = FINDINGS[read.finding];
    return [{ requirement: null, rule, severity, elementId: null, path: '', message: read.problem }];
  }
  return check(read.value, options);
}

/** The findings as JSON, each with the fields every binding prints, in this order. */
export function findingsJson(findings: readonly Finding[]): string {
  const plain = findings.map(({ requirement, rule, severity, elementId, path, message }) => ({ requirement, rule, severity, elementId, path, message }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

/** The findings as a person reads them, under the file's name, with a count of each severity. */
export function formatFindings(findings: readonly Finding[], name: string): string {
  if (findings.length === 0) return `${name}: no findings\n`;
  const lines = findings.map((f) => {
    const where = f.path === '' ? '/' : f.path;
    const id = f.elementId === null ? '' : ` (element ${JSON.stringify(f.elementId)})`;
    return `  ${where}${id}\n    ${f.severity} ${f.message}  ${[f.requirement, f.rule].filter(Boolean).join(' ')}`;
  });
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  return `${name}\n${lines.join('\n')}\n\n${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`;
}

/** The exit code for a list of findings. */
export function exitCodeOf(findings: readonly Finding[]): number {
  return findings.some((f) => f.severity === 'error') ? VALIDATE_EXIT.failed : VALIDATE_EXIT.ok;
}
