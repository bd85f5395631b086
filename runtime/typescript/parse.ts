import { SPEC, SPECS, type Answer } from '../model.js';
import { type Finding, check, passes, rulesOf } from './check.js';
import { readJson } from './scan.js';

export class AnswerError extends Error {
  readonly findings: readonly Finding[];
  constructor(message: string, findings: readonly Finding[] = []) {
    super(message);
    this.name = 'AnswerError';
    this.findings = findings;
  }
}

/** The protocol versions this package reads. */
export const SUPPORTED_VERSIONS: readonly string[] = Object.keys(SPECS);

/**
 * Parses an answer's JSON text, reads its protocol version, and checks it by that version's rules. Throws an
 * AnswerError for text that is not JSON, that repeats a key in one object or holds a lone surrogate (refused as
 * the Swift and Kotlin bindings refuse them), a version this package does not know, or an answer with errors.
 * Numbers are JavaScript numbers, as `JSON.parse` reads them: an integer beyond 2^53 becomes the nearest double
 * (an attribute 9007199254740993 reads as 9007199254740992), so a receiver that must keep such integers exact
 * reads the text with its own parser; the Swift, Kotlin and Python bindings keep them exact.
 */
export function parseAnswer(json: string): { answer: Answer; findings: Finding[] } {
  const read = readJson(json);
  if (read.problem !== undefined) throw new AnswerError(read.problem);
  const { value } = read;
  const version = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[SPEC.tree.version] : undefined;
  if (typeof version !== 'string' || rulesOf(version) === undefined) {
    throw new AnswerError(
      `Unknown protocol version ${JSON.stringify(version)}; this package reads ${SUPPORTED_VERSIONS.join(', ')}`,
    );
  }
  // check reads the answer by the rules of the version it names, which is one this package reads.
  const findings = check(value);
  if (!passes(findings)) {
    const first = findings.find((f) => f.severity === 'error') as Finding;
    throw new AnswerError(`The ${SPEC.tree.answer.toLowerCase()} has errors; first: ${first.path || '/'}: ${first.message}`, findings);
  }
  return { answer: value as Answer, findings };
}
