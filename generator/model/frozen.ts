import semver from 'semver';
import type { Diagnostics, Place } from '../diagnostics/report.js';
import { diffModels } from './diff.js';
import { placeOfChange } from './diff-place.js';
import type { CanonicalModel } from './types.js';
import { loadModelJson } from './validate.js';

/**
 * A released version: the model its RFCs make now (with any Editorial RFC after it, which keeps the version), the RFC
 * that released it, and where it says so.
 */
export interface Release {
  version: string;
  rfc: string;
  model: CanonicalModel;
  place: Place;
}

/** An editorial change that is no wording (an order) keeps the version, so it cannot go into a released one alone. */
const EDITORIAL_HINT =
  'A released version is frozen, and an Editorial RFC keeps the version: restore the order its record has, and make the new order in the next RFC that steps the version (Additive or Breaking, with the change that steps it).';

const placeOf = (s: { file: string; line: number; column: number }): Place => ({
  file: s.file,
  line: s.line,
  column: s.column,
});

/** A released version's record, read once; one that cannot be read is reported at its file, and then is none. */
export function readRecord(
  version: string,
  recorded: { path: string; text: string },
  d: Diagnostics,
): CanonicalModel | null {
  const at = { file: recorded.path, line: 1, column: 1 };
  let model: CanonicalModel;
  try {
    model = loadModelJson(recorded.text);
  } catch (error) {
    const why = (error as Error).message.split('\n').slice(0, 3).join('; ');
    d.error(
      'frozen-version',
      at,
      `The record of released ${version} cannot be read, so its tables cannot be checked against it: ${why}`,
    );
    return null;
  }
  if (model.protocolVersion === version) return model;
  d.error(
    'frozen-version',
    at,
    `The record of released ${version} holds protocol ${model.protocolVersion}`,
    model.protocolVersion,
  );
  return null;
}

/**
 * A released version is frozen: the model its RFCs make now may differ from the committed record of it
 * (`<out>/model/versions/<v>.json`) only in wording, so a release cannot change under the people who built on it.
 * Each other change is reported at the row that states it, or, for a row taken out, at its type or the release.
 */
export function checkFrozen(release: Release, before: CanonicalModel, recordPath: string, d: Diagnostics): void {
  const { version, rfc, model } = release;
  for (const change of diffModels(before, model)) {
    // Only wording may change: a new order or a role moved to another kind is editorial, and still a change of the
    // released SDKs and schemas.
    if (change.rule === 'wording-changed') continue;
    const typeName = change.subject.includes(' ') ? undefined : change.subject.split('.')[0];
    const at =
      placeOfChange(change, before, model) ?? model.types.find((t) => t.name === typeName)?.source ?? release.place;
    d.error(
      'frozen-version',
      placeOf(at),
      `${version} is released (${rfc}) and frozen, but this changes it from its record ${recordPath}: ${change.message} (${change.rule}, ${change.class})`,
      change.subject,
      change.class === 'editorial' ? EDITORIAL_HINT : undefined,
    );
  }
}

/** The version a Released in cell names, or null (`—`). */
export const releasedIn = (markdown: string | undefined): string | null => {
  const first = (markdown ?? '').trim().split(/\s/)[0] ?? '';
  return semver.valid(first) ?? semver.valid(`${first}.0`);
};

/**
 * A version stays released: a record whose own RFCs say it was released (their Released in row) while no counted
 * RFC releases it now means its RFC was unmarked or taken out, which would drop the record in silence.
 */
export function checkStillReleased(
  recorded: ReadonlyMap<string, { path: string; text: string }>,
  released: ReadonlySet<string>,
  model: Pick<CanonicalModel, 'rfcs'>,
  d: Diagnostics,
): void {
  for (const [version, file] of recorded) {
    if (released.has(version) || !file.text.includes('"Released in"')) continue;
    let record: Partial<CanonicalModel>;
    try {
      record = JSON.parse(file.text) as Partial<CanonicalModel>;
    } catch {
      continue; // a record of a version not released now is only rewritten
    }
    const by = (record.rfcs ?? []).find(
      (r) => r.version === version && releasedIn(r.metadata?.['Released in']) === version,
    );
    if (!by) continue;
    const at = model.rfcs.find((r) => r.id === by.id)?.source;
    d.error(
      'frozen-version',
      at ? placeOf(at) : { file: file.path, line: 1, column: 1 },
      `${version} was released by ${by.id}, as its record ${file.path} says, but no counted RFC releases it now: a release stays released (if it was never published, delete the record)`,
      version,
    );
  }
}
