import { relative, resolve, sep } from 'node:path';
import { RULES } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/report.js';
import { placeOfChange } from '../model/diff-place.js';
import { CHANGE_RULES, type Change } from '../model/diff-rules.js';
import type { CanonicalModel } from '../model/types.js';

/**
 * One thing a reviewer should see, whatever the format: a spec diagnostic or a change `diff` found. Formats print
 * these and know nothing of where they came from.
 */
export interface ReviewItem {
  ruleId: string;
  /** error and warning as the spec reader gives them; a change is an error when breaking, else a note. */
  level: 'error' | 'warning' | 'note';
  message: string;
  /** Where it is, relative to the folder the command ran in, or null for a change no row states. */
  place: { file: string; line: number; column: number } | null;
  hint: string | null;
  /** A change's class; null for a diagnostic. */
  changeClass: 'breaking' | 'additive' | 'editorial' | null;
}

/** What each rule is, for formats that describe their rules (SARIF's driver.rules). */
export interface RuleInfo {
  id: string;
  summary: string;
  help: string;
}

/**
 * A spec path as the user can open it: files under the spec folder are named `spec/...` in the model, and shown
 * relative to the working folder; anything else (a target's output folder) is kept as it is.
 */
export function shownPath(file: string, specDir: string, cwd = process.cwd()): string {
  if (!file.startsWith('spec/')) return file;
  return (
    relative(cwd, resolve(specDir, file.slice('spec/'.length)))
      .split(sep)
      .join('/') || file
  );
}

export function diagnosticItems(items: readonly Diagnostic[], specDir: string, cwd = process.cwd()): ReviewItem[] {
  return items.map((d) => ({
    ruleId: d.ruleId,
    level: d.severity,
    message: d.actual === undefined ? d.message : `${d.message}: \`${d.actual}\``,
    place: { file: shownPath(d.file, specDir, cwd), line: d.line, column: d.column },
    hint: d.hint,
    changeClass: null,
  }));
}

export function changeItems(
  changes: readonly Change[],
  from: CanonicalModel | null,
  to: CanonicalModel,
  specDir: string,
  cwd = process.cwd(),
): ReviewItem[] {
  return changes.map((c) => {
    const source = placeOfChange(c, from, to);
    return {
      ruleId: c.rule,
      level: c.class === 'breaking' ? 'error' : 'note',
      message: c.message,
      place: source ? { file: shownPath(source.file, specDir, cwd), line: source.line, column: source.column } : null,
      hint: null,
      changeClass: c.class,
    };
  });
}

/** The rules the items name, described from the spec reader's table of rule ids or the table of change rules. */
export function rulesOf(items: readonly ReviewItem[]): RuleInfo[] {
  const ids = [...new Set(items.map((i) => i.ruleId))].sort();
  return ids.map((id) => {
    if (id in RULES) {
      const rule = RULES[id as keyof typeof RULES];
      return { id, summary: rule.summary, help: rule.hint };
    }
    const changeClass = CHANGE_RULES[id as keyof typeof CHANGE_RULES] ?? 'unknown';
    return {
      id,
      summary: `A ${changeClass} change between two versions of the model (${id})`,
      help: 'See spec/README.md, "Changing the protocol in a later RFC", for how each change is classed.',
    };
  });
}
