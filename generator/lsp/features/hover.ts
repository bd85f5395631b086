import { type Hover, MarkupKind, type Position } from 'vscode-languageserver/node';
import { RULES } from '../../diagnostics/codes.js';
import { CHECK_RULES } from '../../model/check-rules.js';
import type { CanonicalModel } from '../../model/types.js';
import type { SpecSnapshot } from '../snapshot.js';
import { deprecationLine, entriesOf, removalsOf, rowLines } from './describe.js';
import { type Definition, definitionsOf, nameIndex, occurrenceAt, rangeOf } from './name-index.js';
import { modelOf } from './model-of.js';

/**
 * Hover on a name written as code, or alone in a table cell: what the model says of it (type, required, meaning),
 * the RFC and version that introduced it, and its deprecation or removal; a rule id's summary and hint.
 */
export function hover(snapshot: SpecSnapshot, specPath: string, position: Position): Hover | null {
  const index = nameIndex(snapshot.files);
  const at = occurrenceAt(index, specPath, position.line, position.character);
  if (!at) return null;
  const { model, stale } = modelOf(snapshot);
  const parts = [...namedParts(definitionsOf(index, at.name), model), ...ruleParts(at.name)];
  const removals = model ? removalsOf(model, at.name) : [];
  if (removals.length) parts.push(removals.join('\n\n'));
  if (!parts.length) return null;
  if (stale) parts.push('_As of the last spec that built: the spec has errors now._');
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, range: rangeOf(at.span) };
}

/** One part per kind of name (and record, for a field), from the model, or from the defining row without one. */
function namedParts(defs: readonly Definition[], model: CanonicalModel | null): string[] {
  const groups = new Map<string, Definition[]>();
  // What an RFC defines comes before what a reference file lists (the role before Apple's role of the same name).
  for (const def of [...defs].sort((a, b) => Number(a.rfc === null) - Number(b.rfc === null))) {
    const key = `${def.kind}\0${def.owner ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), def]);
  }
  const parts: string[] = [];
  for (const group of groups.values()) {
    const first = group[0] as Definition;
    const entries = model ? entriesOf(model, first.kind, first.name, first.owner) : [];
    const where = first.rfc ?? first.span.file;
    if (first.kind === 'status') {
      // The process's statuses are read, not folded into the model: their row says it all.
      parts.push([`status ${first.name}`, ...rowLines(first).slice(1), `Defined in ${where}`].join('\n\n'));
      continue;
    }
    if (!entries.length) {
      parts.push(
        [`${first.kind} \`${first.name}\` (not in the model yet)`, ...rowLines(first), `Defined in ${where}`].join(
          '\n\n',
        ),
      );
      continue;
    }
    for (const entry of entries) {
      const introduced = entry.since ? `Introduced in ${entry.since} by ${where}` : `Defined in ${where}`;
      const restated =
        group.length > 1
          ? `; restated by ${group
              .slice(1)
              .map((d) => d.rfc ?? d.span.file)
              .join(', ')}`
          : '';
      parts.push(
        [
          ...entry.lines,
          `${introduced}${restated}`,
          ...(entry.deprecated ? [deprecationLine(entry.deprecated)] : []),
        ].join('\n\n'),
      );
    }
  }
  return parts;
}

/** A checker rule (a requirement's Rule column) or a toolchain rule id (a diagnostic's code). */
function ruleParts(name: string): string[] {
  const parts: string[] = [];
  if (name in CHECK_RULES) parts.push(`checker rule \`${name}\`: ${CHECK_RULES[name as keyof typeof CHECK_RULES]}`);
  if (name in RULES) {
    const rule = RULES[name as keyof typeof RULES];
    parts.push(`rule id \`${name}\`: ${rule.summary}\n\nHint: ${rule.hint}`);
  }
  return parts;
}
