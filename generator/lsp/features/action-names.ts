import type { RuleId } from '../../diagnostics/codes.js';
import { CHECK_RULES } from '../../model/check-rules.js';
import { PRIMITIVES } from '../../read/cells.js';
import { CONTENT_CLASS } from '../../read/signatures.js';
import { type Fix, type FixContext, replaceAtFinding } from './action-kit.js';
import { type Sources, namesOf } from './completion-values.js';
import { modelOf } from './model-of.js';
import { nameIndex } from './name-index.js';
import { nearest } from '../../util/nearest.js';

/** The names a finding of each rule says the slip is not one of: what the nearest known name is chosen from. */
const KNOWN: Partial<Record<RuleId, (src: Sources) => string[]>> = {
  'unknown-type': (src) => [...PRIMITIVES, ...namesOf(src, 'type')],
  'unknown-role': (src) => namesOf(src, 'role'),
  'unknown-apple-role': (src) => namesOf(src, 'appleRole'),
  'unknown-status': (src) => src.index.definitions.filter((d) => d.kind === 'status').map((d) => d.name),
  'unknown-check-rule': () => Object.keys(CHECK_RULES),
  'unknown-field': (src) => [...namesOf(src, 'field'), ...namesOf(src, 'attribute')],
  'unknown-class': (src) => [CONTENT_CLASS, ...(src.model?.notReported.map((n) => n.name) ?? [])],
};

/** "The Kind must be record, enum, roles, attributes or external", "must be one of: major, minor": the words it lists. */
function listedWords(message: string): string[] {
  const list = /must be (?:one of: )?(.+)$/.exec(message)?.[1];
  const words = list?.split(/,\s*|\s+or\s+/).map((w) => w.trim()) ?? [];
  return words.every((w) => /^[\w-]+$/.test(w)) ? words : [];
}

/** For a name the spec does not know (`Grup`), or a word a cell does not take (`recrd`): the nearest it does. */
export function nameFixes(ctx: FixContext): Fix[] {
  const listed = ctx.finding.ruleId === 'bad-cell' ? listedWords(ctx.finding.message) : [];
  const known = listed.length ? () => listed : KNOWN[ctx.finding.ruleId];
  const slip = ctx.finding.actual;
  if (!known || !slip) return [];
  const src: Sources = {
    model: modelOf(ctx.snapshot).model,
    index: nameIndex(ctx.snapshot.files),
    rfcNumber: null,
    sections: [],
  };
  return nearest(slip, known(src)).flatMap((name) => {
    const edit = replaceAtFinding(ctx, slip, name);
    return edit ? [{ title: `Change ${slip} to ${name}`, edits: [edit] }] : [];
  });
}
