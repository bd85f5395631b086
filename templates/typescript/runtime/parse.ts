import { PROTOCOL_VERSION, TREE, type Answer } from '../model.js';
import { type Finding, check, passes } from './check.js';

export class AnswerError extends Error {
  readonly findings: readonly Finding[];
  constructor(message: string, findings: readonly Finding[] = []) {
    super(message);
    this.name = 'AnswerError';
    this.findings = findings;
  }
}

/** The protocol versions this package reads. */
export const SUPPORTED_VERSIONS: readonly string[] = [PROTOCOL_VERSION];

/**
 * Parses an answer's JSON text, reads its protocol version, and checks it by that version's rules. Throws an
 * AnswerError for text that is not JSON, a version this package does not know, or an answer with errors.
 */
export function parseAnswer(json: string): { answer: Answer; findings: Finding[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new AnswerError(`Not JSON: ${(error as Error).message}`);
  }
  const version = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[TREE.version] : undefined;
  if (typeof version !== 'string' || !SUPPORTED_VERSIONS.includes(version)) {
    throw new AnswerError(
      `Unknown protocol version ${JSON.stringify(version)}; this package reads ${SUPPORTED_VERSIONS.join(', ')}`,
    );
  }
  const findings = check(value);
  if (!passes(findings)) {
    const first = findings.find((f) => f.severity === 'error') as Finding;
    throw new AnswerError(`The ${TREE.answer.toLowerCase()} has errors; first: ${first.path || '/'}: ${first.message}`, findings);
  }
  return { answer: value as Answer, findings };
}
