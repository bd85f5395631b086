import type { CanonicalModel, Requirement } from '../../model/types.js';
import type { Vector } from '../kit/vector.js';

/**
 * The requirements a JSON Schema cannot express, so that only the checker finds a breach of them: those with a
 * checker rule whose error a conformance vector the strict schema takes shows (a repeated id, say, needs the whole
 * tree at once). Read from the model and its vectors, so a new rule of that kind is listed when its vector is.
 */
export function checkOnlyRequirements(model: CanonicalModel, vectors: readonly Vector[]): Requirement[] {
  return model.requirements.filter(
    (r) =>
      r.rule !== null &&
      vectors.some((v) => v.strictValid && v.findings.some((f) => f.requirement === r.id && f.severity === 'error')),
  );
}
