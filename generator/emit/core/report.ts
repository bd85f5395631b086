import { RULES, type RuleId } from '../../diagnostics/codes.js';
import type { Diagnostic, Place } from '../../diagnostics/report.js';
import type { Source } from '../../model/types.js';

/**
 * A problem a target meets in the model, as a diagnostic like the spec reader's: at the model item's source when
 * there is one, else at the target's output folder. Emitters report these rather than throw on a model.
 */
export function emitterDiagnostic(
  where: Source | Place | string,
  message: string,
  severity: Diagnostic['severity'] = 'error',
  ruleId: RuleId = 'emitter',
): Diagnostic {
  const place: Place =
    typeof where === 'string'
      ? { file: where, line: 1, column: 1 }
      : { file: where.file, line: where.line, column: where.column };
  return { ...place, ruleId, message, hint: RULES[ruleId].hint, severity };
}

/**
 * A target's result when the model lacks a part it needs: no file, the findings it had so far, and why, at `where`.
 * A failed run writes nothing, so a target stops here rather than write a package that cannot build.
 */
export function nothingWritten(
  earlier: readonly Diagnostic[],
  where: Source | Place | string,
  message: string,
): { files: never[]; diagnostics: Diagnostic[] } {
  return { files: [], diagnostics: [...earlier, emitterDiagnostic(where, message)] };
}
