import { CHECK_RULES } from '../check-rules.js';
import { inStatedOrder, kept, type RfcStep } from './apply-step.js';

// What an RFC states beyond the answer's shape and the roles: operations, the version field, the other
// specifications it follows, examples, privacy notes and requirements.

/** Operations, each with what it takes and returns; a restated one keeps its version and deprecation. */
export function applyOperations(step: RfcStep): void {
  const { state, rfc, since, src, typeUses } = step;
  const before = [...state.operations.keys()];
  for (const row of rfc.operations) {
    const prior = state.operations.get(row.name);
    for (const t of [row.takes, row.returns]) if (t?.type) typeUses.push({ ref: t.type, place: t.place });
    state.operations.set(row.name, {
      name: row.name,
      takes: row.takes?.notation ?? null,
      returns: row.returns?.notation ?? null,
      meaning: row.meaning,
      since: prior?.since ?? since,
      source: src(null, row.place),
      ...kept(prior),
    });
  }
  state.operations = inStatedOrder(
    state.operations,
    before,
    rfc.operations.map((r) => r.name),
  );
}

/** The version field, the other specifications' versions the external types follow, examples and privacy notes. */
export function applyFollows(step: RfcStep): void {
  const { state, rfc, since, d, src } = step;
  if (rfc.versionField) state.versionField = rfc.versionField;
  for (const row of rfc.follows) {
    // Only a type taken from another specification follows a version of it.
    if (state.types.get(row.type)?.kind !== 'external') {
      d.error('unknown-type', row.place, 'No Types table declares this as an external type', row.type);
      continue;
    }
    state.follows.set(row.type, {
      type: row.type,
      version: row.version,
      kinds: row.kinds,
      since,
      source: src(null, row.place),
    });
  }
  for (const ex of rfc.examples) state.examples.push({ value: ex.value, source: src(ex.section, ex.place) });
  for (const p of rfc.privacy)
    state.privacy.set(p.subject, { subject: p.subject, note: p.note, source: src(null, p.place) });
}

/** Requirements, each checked by a rule the checker has, or said not checkable. */
export function applyRequirements(step: RfcStep): void {
  const { state, rfc, since, d, src } = step;
  const before = [...state.requirements.keys()];
  for (const row of rfc.requirements) {
    if (row.rule !== null && !(row.rule in CHECK_RULES)) {
      d.error('unknown-check-rule', row.rulePlace, `The checker has no rule ${row.rule}`, row.rule);
    }
    const checkable = !/^Not checkable/i.test(row.check.replace(/[`*]/g, ''));
    // Said how to check, but nothing checks it: the docs would count it as not implemented, without a word here.
    if (checkable && row.rule === null) {
      d.warning(
        'unchecked-requirement',
        row.rulePlace,
        `${row.id} is checkable from outside, but names no checker rule`,
      );
    }
    const prior = state.requirements.get(row.id);
    state.requirements.set(row.id, {
      id: row.id,
      requirement: row.requirement,
      check: row.check,
      checkable,
      rule: row.rule,
      since: prior?.since ?? since,
      source: src(null, row.place),
      ...kept(prior),
    });
  }
  state.requirements = inStatedOrder(
    state.requirements,
    before,
    rfc.requirements.map((r) => r.id),
  );
}
