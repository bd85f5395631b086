import type { CHANGE_RULES } from './diff.js';
import type { CanonicalModel, Example, RfcSummary } from './types.js';

/**
 * Breaking changes that leave every answer as it was, so an example from before one still decodes and is checked
 * the same: the Apple mapping, the versioning rule, a field made optional, a requirement taken away.
 */
const ANSWER_NEUTRAL: ReadonlySet<keyof typeof CHANGE_RULES> = new Set([
  'mapping-removed', 'mapping-changed', 'not-reported-removed', 'versioning-changed', 'field-made-optional', 'requirement-removed',
] as const);

/**
 * What an RFC's json example is in the current version's conformance vectors, decided from the model alone, so
 * the conformance target (which makes the vectors) and the model build (which says why one is left out) agree.
 *
 * - `read`: an answer of a version the checkers read (the current one or a released one), checked by that
 *   version's rules: a vector with no findings.
 * - `unread`: an answer of an older version never released, with no breaking change to answers since: it still
 *   decodes (the changes since keep older answers valid), and a checker reads it by the current version's rules,
 *   with one `version` error (spec/README.md, Protocol versions).
 * - `released`: from before a breaking change to answers, of a released version: a vector of that version, kept
 *   under conformance/versions/, not of the current one, which may no longer decode it.
 * - `left-out`: from before a breaking change to answers, of a version never released: no checker reads it as its
 *   own, and it need not be an answer of the current version; `why` says so.
 */
export type ExampleStanding = { kind: 'read' | 'unread' | 'released'; version: string } | { kind: 'left-out'; why: string };

/** The first change of an RFC that changes what an answer is, or undefined. */
const answerChange = (rfc: RfcSummary) => rfc.changes.find((c) => c.class === 'breaking' && !ANSWER_NEUTRAL.has(c.rule as keyof typeof CHANGE_RULES));

/** `read`: the versions the checkers read, the released ones and the current one. */
export function exampleStanding(model: CanonicalModel, example: Example, read: readonly string[]): ExampleStanding {
  const value = example.value;
  const version = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[model.tree.version] : undefined;
  if (typeof version !== 'string') return { kind: 'left-out', why: `it names no version in ${model.tree.version}` };
  const at = model.rfcs.findIndex((r) => r.id === example.source.document);
  // The RFCs that make one version with the example's own were checked against it as they left it (fold/resolve.ts).
  const own = model.rfcs[at]?.version;
  const breaking = model.rfcs.slice(at + 1).reverse().find((r) => r.version !== own && answerChange(r) !== undefined);
  if (!breaking) return { kind: read.includes(version) ? 'read' : 'unread', version };
  if (read.includes(version)) return { kind: 'released', version };
  const change = answerChange(breaking);
  return {
    kind: 'left-out',
    why: `it is an answer of ${version}, never released, and ${breaking.id} changed what an answer is after it (${change?.rule} ${change?.subject}), so it need not be an answer of ${model.protocolVersion}`,
  };
}
