import type { CHANGE_RULES } from './diff-rules.js';
import { answerProblem } from './answer-shape.js';
import { deprecatedUses } from './deprecated-uses.js';
import { releasedIn } from './frozen.js';
import type { CanonicalModel, Example, RfcSummary } from './types.js';

/**
 * Breaking changes that leave every answer as it was, so an example from before one still decodes and is checked
 * the same: the Apple mapping, the versioning rule, a field made optional, a requirement taken away.
 */
const ANSWER_NEUTRAL: ReadonlySet<keyof typeof CHANGE_RULES> = new Set([
  'mapping-removed',
  'mapping-changed',
  'not-reported-removed',
  'versioning-changed',
  'field-made-optional',
  'requirement-removed',
  'rule-requirement-changed',
] as const);

/**
 * What an RFC's json example is in the current version's conformance vectors, decided from the model alone, so
 * the conformance target (which makes the vectors) and the model build (which says why one is left out) agree.
 *
 * - `read`: an answer of a version the checkers read (the current one or a released one), or of an older one whose
 *   answers stay answers of one they read (`readAlsoBy`), checked by that version's rules (`version`): a vector
 *   with no findings.
 * - `unread`: an answer of an older version never released, with no breaking change to answers since but a
 *   Breaking RFC all the same (one that changed no answer, such as a field made optional): it still decodes, and a
 *   checker reads it by the current version's rules, with one `version` error (spec/README.md, Protocol versions).
 * - `released`: from before a breaking change to answers, of a released version: a vector of that version, kept
 *   under conformance/versions/, not of the current one, which may no longer decode it.
 * - `left-out`: from before a breaking change to answers, of a version never released: no checker reads it as its
 *   own, and it need not be an answer of the current version; `why` says so.
 */
export type ExampleStanding =
  | { kind: 'read' | 'unread' | 'released'; version: string }
  | { kind: 'left-out'; why: string };

/** The first change of an RFC that changes what an answer is, or undefined. */
const answerChange = (rfc: RfcSummary) =>
  rfc.changes.find((c) => c.class === 'breaking' && !ANSWER_NEUTRAL.has(c.rule as keyof typeof CHANGE_RULES));

/** `read`: the versions the checkers read, the released ones and the current one. */
export function exampleStanding(model: CanonicalModel, example: Example, read: readonly string[]): ExampleStanding {
  const value = example.value;
  const version =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)[model.tree.version]
      : undefined;
  if (typeof version !== 'string') return { kind: 'left-out', why: `it names no version in ${model.tree.version}` };
  const at = model.rfcs.findIndex((r) => r.id === example.source.document);
  // The RFCs that make one version with the example's own were checked against it as they left it (fold/resolve.ts).
  const own = model.rfcs[at]?.version;
  const breaking = model.rfcs
    .slice(at + 1)
    .reverse()
    .find((r) => r.version !== own && answerChange(r) !== undefined);
  const rules = read.includes(version) ? version : read.find((kept) => readAlsoBy(model, kept).includes(version));
  if (!breaking) return rules === undefined ? { kind: 'unread', version } : { kind: 'read', version: rules };
  if (rules !== undefined) return { kind: 'released', version: rules };
  const change = answerChange(breaking);
  return {
    kind: 'left-out',
    why: `it is an answer of ${version}, never released, and ${breaking.id} changed what an answer is after it (${change?.rule} ${change?.subject}), so it need not be an answer of ${model.protocolVersion}`,
  };
}

/**
 * The versions the counted RFCs made before `version` whose answers are still answers of it: those reached from it
 * backwards through Additive and Editorial RFCs only (the versioning table keeps every answer valid across such a
 * step), up to the last Breaking one or a released version (which a package keeps with its own rules).
 */
export function readAlsoBy(model: CanonicalModel, version: string): string[] {
  const released = new Set(
    model.rfcs.map((r) => releasedIn(r.metadata['Released in'])).filter((v): v is string => v !== null),
  );
  const out: string[] = [];
  const last = model.rfcs.map((r) => r.version).lastIndexOf(version);
  for (let i = last; i >= 0; i--) {
    const rfc = model.rfcs[i] as RfcSummary;
    // A released version keeps its own rules, and the versions before it are read by them.
    if (rfc.effect === 'breaking' || rfc.from === null || released.has(rfc.from)) break;
    if (rfc.from !== version && !out.includes(rfc.from)) out.push(rfc.from);
  }
  return out.reverse();
}

/** Why an example is not an answer of the current version (its types and roles), or null when it is. */
export function currentProblem(model: CanonicalModel, example: Example): string | null {
  const types = new Map(model.types.map((t) => [t.name, t]));
  const roles = new Set(model.roles.map((r) => r.name));
  const stamped = isRecord(example.value)
    ? { ...example.value, [model.tree.version]: model.protocolVersion }
    : example.value;
  return answerProblem(
    (name) => types.get(name),
    model.tree,
    stamped,
    (role) => roles.has(role),
  );
}

/**
 * The example every package's README shows and runs, and the site's home page: the newest RFC example that is an
 * answer of the current version and gets no finding from its checker (no deprecated name), else the newest that is
 * an answer (its README shows the checker's warnings; the build says so, `example-with-findings`), or undefined
 * when none is (the build fails then, `no-current-example`).
 */
export function currentExample(model: CanonicalModel): Example | undefined {
  const answers = [...model.examples].reverse().filter((ex) => currentProblem(model, ex) === null);
  return answers.find((ex) => deprecatedUses(model, ex.value).length === 0) ?? answers[0];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
