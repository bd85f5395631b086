import semver from 'semver';
import { bump } from '../../model/fold/index.js';
import { VERSION_CHANGES } from '../../read/signatures.js';
import { type Fix, type FixContext, cellAtFinding, replaceAtFinding } from './action-kit.js';
import { modelOf, versioningOf } from './model-of.js';
import { nameIndex } from './name-index.js';

/** The class `diff` gave the RFC's changes, as the version-effect finding states it ("... is breaking: ..."). */
const COMPUTED = new RegExp(` is (${VERSION_CHANGES.join('|')}): `);
/** "A breaking change from 0.2.0 makes 0.3.0 (or 1.0.0), not 0.2.1": the version the step makes. */
const MAKES = /makes (\d+\.\d+\.\d+)(?: \(or 1\.0\.0\))?, not (\S+?)(?:[ ;(]|$)/;
const EFFECT = /^(\w+)(?::\s*(\S+)\s+to\s+(\S+?)\.?)?$/;

const word = (change: string) => `${change[0]?.toUpperCase()}${change.slice(1)}`;
const full = (v: string) => semver.valid(v) ?? semver.valid(`${v}.0`);

/**
 * The Version effect the RFC's changes make: the class `diff` computed (model/diff.ts, said in the version-effect
 * finding), stepped from the version the RFC states it starts from; and for a step to the wrong version, the right one.
 */
export function versionFixes(ctx: FixContext): Fix[] {
  const { finding } = ctx;
  // The finding's `actual` is the declared class alone for version-effect: the cell says what to replace.
  const written = cellAtFinding(ctx)?.text;
  if (!written) return [];
  if (finding.ruleId === 'version-effect') return effectFixes(ctx, written);
  if (finding.ruleId === 'version-sequence') {
    const m = MAKES.exec(finding.message);
    const effect = EFFECT.exec(written);
    if (!m?.[1] || !effect?.[3]) return [];
    const now = written.replace(new RegExp(`to ${effect[3].replace(/\./g, '\\.')}$`), `to ${m[1]}`);
    const edit = replaceAtFinding(ctx, written, now);
    return edit && now !== written ? [{ title: `Step to ${m[1]}: ${now}`, edits: [edit] }] : [];
  }
  return [];
}

/** "state RFC-0001's Version effect (Breaking: 0.1 to 0.2.0)": the form that makes an unreleased version together. */
const JOIN = /state (RFC-\d+)'s Version effect \(([^)]+)\)/;

function effectFixes(ctx: FixContext, written: string): Fix[] {
  const fixes: Fix[] = [];
  const offer = (title: string, now: string) => {
    const edit = replaceAtFinding(ctx, written, now);
    if (edit && now !== written) fixes.push({ title, edits: [edit] });
  };
  const join = JOIN.exec(ctx.finding.message);
  if (join?.[1] && join[2]) offer(`Make the version together with ${join[1]}: ${join[2]}`, join[2]);
  const computed = COMPUTED.exec(ctx.finding.message)?.[1];
  const from = EFFECT.exec(written)?.[2];
  if (computed && (from || computed === VERSION_CHANGES[2])) {
    const fromFull = from ? full(from) : null;
    const to = fromFull
      ? bump(fromFull, computed, versioningOf(modelOf(ctx.snapshot).model, nameIndex(ctx.snapshot.files).files))
      : null;
    const now = from && to && to !== fromFull ? `${word(computed)}: ${from} to ${to}` : word(computed);
    offer(`State the Version effect diff computes: ${now}`, now);
  }
  return fixes;
}
