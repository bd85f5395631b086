import { DIAGNOSTIC_SOURCE, RULES, type RuleId } from './codes.js';

/** A place in a spec file; line and column start at 1, as in unist. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

export interface Diagnostic extends Place {
  ruleId: RuleId;
  message: string;
  /** The offending text, when there is one. */
  actual?: string;
  hint: string;
  severity: 'error' | 'warning';
}

/** Collects every problem in a run, so a maintainer sees all of them at once rather than the first. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  error(ruleId: RuleId, place: Place, message: string, actual?: string, hint?: string): void {
    this.add('error', ruleId, place, message, actual, hint);
  }

  /** A problem that does not stop the run: a Draft RFC's, which changes nothing yet. */
  warning(ruleId: RuleId, place: Place, message: string, actual?: string, hint?: string): void {
    this.add('warning', ruleId, place, message, actual, hint);
  }

  private add(
    severity: Diagnostic['severity'],
    ruleId: RuleId,
    place: Place,
    message: string,
    actual?: string,
    hint?: string,
  ): void {
    // The model is resolved after every RFC; a problem found again is still one problem.
    const key = `${ruleId}\0${place.file}\0${place.line}\0${place.column}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({
      file: place.file,
      line: place.line,
      column: place.column,
      ruleId,
      message,
      ...(actual === undefined ? {} : { actual }),
      hint: hint ?? RULES[ruleId].hint,
      severity,
    });
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }

  /** Whether an error of another rule than these was said: one that leaves nothing sound to read further. */
  hasErrorsBesides(...ruleIds: RuleId[]): boolean {
    return this.items.some((d) => d.severity === 'error' && !ruleIds.includes(d.ruleId));
  }
}

/** Sorted by file, then position, so output never depends on the order work was done in. */
export function sortDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  return [...items].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
}

/**
 * Prints diagnostics the way vfile-reporter prints remark's: grouped by file, with notes as hints. vfile and its
 * reporter are loaded here, only when there is something to print (a clean run does not pay for them).
 */
export async function formatDiagnostics(
  items: readonly Diagnostic[],
  options: { color?: boolean } = {},
): Promise<string> {
  const [{ VFile }, { reporter }] = await Promise.all([import('vfile'), import('vfile-reporter')]);
  const files = new Map<string, InstanceType<typeof VFile>>();
  for (const d of sortDiagnostics(items)) {
    let file = files.get(d.file);
    if (!file) {
      file = new VFile({ path: d.file });
      files.set(d.file, file);
    }
    const text = d.actual === undefined ? d.message : `${d.message}: \`${d.actual}\``;
    const message = file.message(text, {
      place: { line: d.line, column: d.column },
      ruleId: d.ruleId,
      source: DIAGNOSTIC_SOURCE,
    });
    message.fatal = d.severity === 'error';
    message.note = `hint: ${d.hint}`;
    if (d.actual !== undefined) message.actual = d.actual;
    // A spec problem is about the spec, not about our code: never show a stack.
    message.stack = '';
  }
  return reporter([...files.values()], { verbose: true, color: options.color ?? false });
}
