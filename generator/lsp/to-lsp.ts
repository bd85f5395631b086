import { pathToFileURL } from 'node:url';
import {
  type Diagnostic as LspDiagnostic,
  DiagnosticSeverity,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver/node';
import { DIAGNOSTIC_SOURCE } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/report.js';
import { rangeOf } from './ranges.js';

/** What the conversion needs of the spec: each file's text (open buffer or disk) and where a path is on disk. */
export interface TextSource {
  textOf(file: string): string | undefined;
  absolutePathOf(file: string): string;
}

/**
 * The rule's row in the authoring guide's Rule ids table (spec/README.md carries an `<a id="rule-…">` on each row).
 * The spec folder's own guide, so the link works offline and names the rules of the toolchain in use.
 */
export function ruleHref(specDir: string, ruleId: string): string {
  return `${pathToFileURL(`${specDir}/README.md`).href}#rule-${ruleId}`;
}

/** One toolchain finding as an editor shows it; `data` is the finding itself, for code actions to read its hint. */
export function toLspDiagnostic(d: Diagnostic, specDir: string, source: TextSource): LspDiagnostic {
  const text = source.textOf(d.file) ?? '';
  const message = d.actual === undefined ? d.message : `${d.message}: \`${d.actual}\``;
  const related = relatedPlaces(d, source);
  return {
    range: rangeOf(text, d.line, d.column, d.actual),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.ruleId,
    codeDescription: { href: ruleHref(specDir, d.ruleId) },
    source: DIAGNOSTIC_SOURCE,
    message: `${message}\nhint: ${d.hint}`,
    ...(related.length ? { relatedInformation: related } : {}),
    data: d,
  };
}

/**
 * The second places a finding's message names: `spec/….md:L:C` in another file, or "line N" in its own. The
 * messages say them in words for the terminal; an editor makes them links.
 */
function relatedPlaces(d: Diagnostic, source: TextSource): DiagnosticRelatedInformation[] {
  const out: DiagnosticRelatedInformation[] = [];
  const add = (file: string, line: number, column: number, why: string) => {
    const text = source.textOf(file);
    if (text === undefined) return;
    out.push({
      location: { uri: pathToFileURL(source.absolutePathOf(file)).href, range: rangeOf(text, line, column) },
      message: why,
    });
  };
  for (const m of d.message.matchAll(/\b(spec\/[^\s:()]+):(\d+):(\d+)/g))
    add(m[1] as string, Number(m[2]), Number(m[3]), `named by ${d.ruleId}`);
  for (const m of d.message.matchAll(/\bline (\d+)\b/g)) add(d.file, Number(m[1]), 1, `named by ${d.ruleId}`);
  return out;
}
