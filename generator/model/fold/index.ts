import semver from 'semver';
import { Diagnostics, type Place } from '../../diagnostics/report.js';
import type { AppleRoleRow, StatusRow } from '../../read/reference.js';
import type { RfcDraft } from '../../read/rfc.js';
import { isAbsent } from '../../read/cells.js';
import type { VersionRule } from '../types.js';
import { applyRfc } from './apply.js';
import { checkedModel } from './resolve.js';
import { type ExternalDeclaration, type FoldedModel, type FoldState, copyState, emptyState } from './state.js';

export interface FoldInput {
  rfcs: RfcDraft[];
  statuses: StatusRow[];
  appleRoles: AppleRoleRow[];
  appleNotReported: { name: string; reason: string; place: Place }[];
}

export type { FoldedModel } from './state.js';

type Effect = 'breaking' | 'additive' | 'editorial';

/** The model as it stood after one counted RFC, and where that RFC declared its Version effect. */
export interface VersionSnapshot {
  rfc: string;
  effect: Effect;
  effectPlace: Place;
  /** Whether the RFC's Released in row names a release: released versions are kept side by side. */
  released: boolean;
  /** Where that row names it: a change to a frozen release with no row of its own is reported there. */
  releasedPlace: Place | null;
  model: FoldedModel;
  /** What each external type follows after this RFC, by type: build.ts checks it against the package. */
  follows: ReadonlyMap<string, ExternalDeclaration>;
  /**
   * Whether this RFC states the same step as the version's first RFC (same FROM and TO) and so makes that unreleased
   * version with it: the version's class is then that of their changes together, from the version before.
   */
  joins: boolean;
}

export interface FoldResult {
  model: FoldedModel;
  /** One per counted RFC, in order; the last is `model`. */
  snapshots: VersionSnapshot[];
}

const EFFECT = /^(Breaking|Additive|Editorial)(?::\s*(\S+)\s+to\s+(\S+?)\.?)?$/i;

/** "0.1" -> "0.1.0": the RFC writes versions before 0.2.0 in two parts. */
function full(version: string): string | null {
  return semver.valid(version) ?? semver.valid(`${version}.0`);
}

/** The version an effect makes from `from` under the versioning rules; null when the rules do not say. */
export function bump(from: string, effect: string, rules: readonly VersionRule[]): string | null {
  const rule = rules.find((r) => r.change.toLowerCase() === effect);
  if (!rule) return null;
  const part = (semver.major(from) >= 1 ? rule.fromOne : rule.beforeOne).toLowerCase();
  if (part === 'none') return from;
  if (part === 'major' || part === 'minor' || part === 'patch') return semver.inc(from, part);
  return null;
}

/** A Version effect as read: its class, the versions it steps between, and where it is stated. */
interface ReadEffect {
  effect: Effect;
  from: string | null;
  to: string;
  place: Place;
  /** It restates the step of the unreleased version before it, and makes that version with it. */
  joins: boolean;
}

/** The step that made the current version: its first RFC's Version effect, and whether the version is released. */
export interface VersionStep {
  rfc: string;
  effect: Effect;
  from: string | null;
  to: string;
  /** The Version effect as its RFC writes it. */
  text: string;
  /** The RFC that released it, when one has. */
  releasedBy: string | null;
}

const stepText = (s: VersionStep) => s.text;

/**
 * The step an RFC declares, checked against the version before it; null when it cannot be read. An RFC that states
 * the same FROM and TO as the step that made the current version, while that version is unreleased, makes that
 * version with it (two RFCs for one version, or an RFC amending an unreleased one).
 */
function readEffect(rfc: RfcDraft, state: FoldState, step: VersionStep | null, d: Diagnostics): ReadEffect | null {
  const cell = rfc.metadata.get('Version effect');
  if (!cell) return null;
  const m = EFFECT.exec(cell.plain);
  const effect = m?.[1]?.toLowerCase() as Effect | undefined;
  if (!m || !effect || (effect !== 'editorial' && (!m[2] || !m[3]))) {
    d.error('bad-version', cell.place, 'The Version effect is not in the form the guide gives', cell.plain);
    return null;
  }
  const from = m[2] ? full(m[2]) : state.version;
  const to = m[3] ? full(m[3]) : state.version;
  if ((m[2] && !from) || (m[3] && !to) || !to) {
    d.error('bad-version', cell.place, 'A version in the Version effect is not a version number', cell.plain);
    return null;
  }
  const read = { effect, from, to, place: cell.place, joins: false };
  // The RFC's own versioning table governs its own step (RFC-0001 introduces the rule it follows).
  const rules = rfc.versioning.length ? rfc.versioning : state.versioning;
  if (state.version !== null && from !== state.version) {
    if (step && effect !== 'editorial' && from === step.from && to === step.to)
      return joinStep(rfc, read, step, cell.plain, d);
    const join =
      step && to === step.to && !step.releasedBy
        ? `; to make ${step.to} together with ${step.rfc}, state its Version effect, ${stepText(step)}`
        : '';
    d.error(
      'version-sequence',
      cell.place,
      `${rfc.id} starts from ${m[2] ?? from}, but the version before it is ${state.version}${join}`,
      cell.plain,
    );
  } else if (from) {
    const expected = bump(from, effect, rules);
    // Before 1.0 a breaking change may name 1.0.0 instead: the step that makes the protocol stable.
    const toOne = effect === 'breaking' && semver.major(from) === 0 && to === '1.0.0';
    if (expected && expected !== to && !toOne) {
      const same =
        step && to === step.to && !step.releasedBy
          ? `; to make ${to} together with ${step.rfc}, state its Version effect, ${stepText(step)}`
          : '';
      const beforeOne = semver.major(from) === 0;
      const one = beforeOne && to === '1.0.0' ? ' (only a breaking change may name 1.0.0)' : '';
      d.error(
        'version-sequence',
        cell.place,
        `${effect === 'additive' ? 'An' : 'A'} ${effect} change from ${from} makes ${expected}${effect === 'breaking' && beforeOne ? ' (or 1.0.0)' : ''}, not ${to}${one}${same}`,
        cell.plain,
      );
    }
  }
  return read;
}

/** An RFC restating the current version's step: it joins the version, unless that version is released. */
function joinStep(rfc: RfcDraft, read: ReadEffect, step: VersionStep, written: string, d: Diagnostics): ReadEffect {
  // A version is released with all its RFCs (element-spec release stamps each): only an RFC left out of it is late.
  const ownRelease = full(rfc.metadata.get('Released in')?.plain.split(/\s/)[0] ?? '');
  if (step.releasedBy && ownRelease !== step.to) {
    d.error(
      'version-sequence',
      read.place,
      `${step.to} is released (${step.releasedBy}), so ${rfc.id} cannot make it too; a released version is frozen: step from ${step.to}`,
      written,
    );
  } else if (read.effect !== step.effect) {
    d.error(
      'version-sequence',
      read.place,
      `${step.rfc} makes ${step.to} as ${stepText(step)}; to make that version with it, ${rfc.id} states the same Version effect`,
      written,
    );
  }
  return { ...read, joins: true };
}

/** Released in is `—` until the version is released, then the version this RFC makes. */
function readReleased(rfc: RfcDraft, version: string, d: Diagnostics): Place | null {
  const cell = rfc.metadata.get('Released in');
  if (!cell || cell.plain === '' || isAbsent(cell)) return null;
  const named = full(cell.plain.split(/\s/)[0] ?? '');
  if (!named) {
    d.error(
      'bad-version',
      cell.place,
      `Released in is — until a release, then the version released (${version})`,
      cell.plain,
    );
    return null;
  }
  if (named !== version) {
    d.error(
      'bad-version',
      cell.place,
      `${rfc.id} makes ${version}, but its Released in row names ${named}`,
      cell.plain,
    );
    return null;
  }
  return cell.place;
}

/**
 * Folds the counted RFCs, in number order, into one model; every problem goes to `d`. An RFC that does not count
 * (a Draft) and one whose metadata cannot be read are still checked, on a copy of the model as it stands before
 * them, so every problem is reported in one run; a Draft's problems are warnings and change nothing.
 */
export function fold(input: FoldInput, d: Diagnostics): FoldResult | null {
  const statusOf = new Map(input.statuses.map((s) => [s.status, s]));
  const appleByName = new Map(input.appleRoles.map((row) => [row.name, row]));
  let state = emptyState();
  const snapshots: VersionSnapshot[] = [];
  const seenNumbers = new Map<number, string>();

  const foldOne = (target: FoldState, rfc: RfcDraft, sink: Diagnostics, effect: ReadEffect | null, status: string) => {
    const hasEarlierVersion = target.version !== null;
    if (rfc.versioning.length)
      target.versioning = rfc.versioning.map(({ change, beforeOne, fromOne }) => ({ change, beforeOne, fromOne }));
    const to = effect?.to ?? target.version ?? '0.0.0';
    target.version = to;
    const amends = rfc.metadata.get('Supersedes or amends');
    target.rfcs.push({
      id: rfc.id,
      number: rfc.number,
      title: rfc.title,
      summary: rfc.summary,
      status,
      effect: effect?.effect ?? 'editorial',
      from: effect?.from ?? null,
      version: to,
      supersedesOrAmends: amends?.markdown ?? '',
      metadata: Object.fromEntries([...rfc.metadata].map(([k, v]) => [k, v.markdown])),
      sections: rfc.sections.map(({ number, title }) => ({ number, title })),
      body: rfc.body,
      changes: [],
      source: { document: rfc.id, section: null, ...rfc.place },
    });
    const changes = applyRfc(target, { rfc, since: to, hasEarlierVersion, appleByName, d: sink });
    return checkedModel(target, {
      appleRoles: input.appleRoles,
      appleNotReported: input.appleNotReported,
      rfcPlace: rfc.place,
      changes,
      d: sink,
    });
  };

  /** Checks an RFC that does not change the model against a copy of it; its problems go to `sink`. */
  const checkAside = (rfc: RfcDraft, sink: Diagnostics, status: string) => {
    const effect = readEffect(rfc, state, step, sink);
    foldOne(copyState(state), rfc, sink, effect, status);
  };

  let unfolded = false;
  /** The step that made the current version, which a later RFC may restate to make that version with it. */
  let step: VersionStep | null = null;
  for (const rfc of [...input.rfcs].sort((a, b) => a.number - b.number || (a.file < b.file ? -1 : 1))) {
    const earlier = seenNumbers.get(rfc.number);
    if (earlier) {
      d.error('bad-rfc-file', rfc.place, `${rfc.id} is also the number of ${earlier}`, rfc.id);
      continue;
    }
    seenNumbers.set(rfc.number, rfc.file);

    const statusCell = rfc.metadata.get('Status');
    for (const key of ['Status', 'Version effect', 'Supersedes or amends'] as const) {
      if (rfc.hasMetadataTable && !rfc.metadata.has(key))
        d.error('missing-metadata', rfc.place, `The metadata table has no ${key} row`, key);
    }
    const status = statusCell ? statusOf.get(statusCell.plain) : undefined;
    if (statusCell && !status)
      d.error('unknown-status', statusCell.place, 'The Status is not one spec/process.md lists', statusCell.plain);
    // A closed RFC (Rejected, Withdrawn) will never be accepted: it is read, but not checked against a model that
    // moved on since it was written, which would warn on every run with nothing a maintainer could clear.
    if (status && !status.counted && !status.open) continue;
    if (status && !status.counted) {
      // A Draft is read and checked as if it were accepted next; what it would break is said, as warnings.
      const aside = new Diagnostics();
      checkAside(rfc, aside, status.status);
      for (const item of aside.items)
        d.warning(item.ruleId, item, `${rfc.id} is ${status.status}: ${item.message}`, item.actual, item.hint);
      continue;
    }
    const effect: ReadEffect | null = status ? readEffect(rfc, state, step, d) : null;
    if (!status || !effect) {
      // Without a status or a version this RFC cannot be folded, but its tables can still be checked.
      unfolded = true;
      checkAside(rfc, d, statusCell?.plain ?? '');
      continue;
    }
    const model = foldOne(state, rfc, d, effect, status.status);
    const releasedPlace = readReleased(rfc, effect.to, d);
    if (effect.effect !== 'editorial' && !effect.joins)
      step = {
        rfc: rfc.id,
        effect: effect.effect,
        from: effect.from,
        to: effect.to,
        text: rfc.metadata.get('Version effect')?.plain ?? '',
        releasedBy: null,
      };
    if (step && releasedPlace) step = { ...step, releasedBy: step.releasedBy ?? rfc.id };
    if (model)
      snapshots.push({
        rfc: rfc.id,
        effect: effect.effect,
        effectPlace: effect.place,
        released: releasedPlace !== null,
        releasedPlace,
        model,
        follows: new Map(state.follows),
        joins: effect.joins,
      });
    // The next RFC builds on a copy, so this version's maps stay as they are.
    state = copyState(state);
  }
  const last = snapshots.at(-1);
  // An example that is not an answer leaves the model sound: the run goes on to what else is wrong (a released
  // RFC edited, which often breaks its example too), and fails at the end.
  if (d.hasErrorsBesides('bad-example') || !last) {
    // An RFC left unfolded has had its own problem said; "no version" would only repeat it.
    if (state.version === null && !unfolded) {
      d.error(
        'missing-table',
        { file: input.rfcs[0]?.file ?? 'spec/rfcs', line: 1, column: 1 },
        'No counted RFC states a version',
      );
    }
    return null;
  }
  return { model: last.model, snapshots };
}
