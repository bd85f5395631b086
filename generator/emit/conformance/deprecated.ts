import { deprecatedUses } from '../../model/deprecated-uses.js';
import type { CanonicalModel } from '../../model/types.js';
import type { ExpectedFinding } from './answers.js';

/** The deprecated-name warnings a checker of this model gives an answer it was not built for (an RFC's example). */
export function deprecatedFindings(model: CanonicalModel, answer: unknown): ExpectedFinding[] {
  return deprecatedUses(model, answer).map(({ path, elementId }) => ({
    requirement: null,
    rule: 'deprecated-name',
    severity: 'warning',
    elementId,
    path,
  }));
}
