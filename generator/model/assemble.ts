import { Diagnostics } from '../diagnostics/report.js';
import { extractAppleRoles, extractExternalTypes, extractProcess } from '../read/reference.js';
import { type RfcDraft, extractRfc } from '../read/rfc.js';
import { documentOf, reportStrayRows } from '../read/tables.js';
import { parseMarkdownInParts } from '../read/markdown.js';
import { SPEC_LAYOUT, type SpecFiles } from '../spec-files.js';
import { loadExternalTypes } from './external.js';
import { diffModels } from './diff.js';
import { placeOfChange } from './diff-place.js';
import { type Change, classify } from './diff-rules.js';
import { deprecatedUses } from './deprecated-uses.js';
import { currentExample, currentProblem, exampleStanding } from './examples.js';
import { type VersionSnapshot, fold } from './fold/index.js';
import { declaredExternals, externalsOf } from './follows.js';
import { type Release, checkFrozen, checkStillReleased, readRecord } from './frozen.js';
import { type ParseCache, RecentParses, cacheKey } from './parses.js';
import type { CanonicalModel, Example, RfcSummary } from './types.js';
import { modelProblems } from './validate.js';

export interface AssembledModel {
  model: CanonicalModel | null;
  /** The model of every released version (an RFC's Released in row names it), oldest first, then `model`. */
  versions: CanonicalModel[];
  /** The model after each counted RFC, released or not, oldest first; the last is `model`. For `diff`. */
  allVersions: CanonicalModel[];
  diagnostics: Diagnostics;
}

/** Parsed files: in watch mode and in the editor only the file that changed is parsed again (and of it, only the section that changed). */
const RECENT = new RecentParses(64);

/**
 * parse -> extract -> fold -> resolve external types -> validate: the spec's files to one canonical model. A file
 * whose path and text `parses` holds is not parsed again.
 */
export async function assembleModel(files: SpecFiles, parses: ParseCache = RECENT): Promise<AssembledModel> {
  const d = new Diagnostics();
  const doc = (path: string, text: string) => {
    const key = cacheKey(path, text);
    let found = parses.get(key);
    if (!found) {
      const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      found = documentOf(path, parseMarkdownInParts(bare), bare);
      parses.set(key, found);
    }
    reportStrayRows(found, d);
    return found;
  };
  const missing = (rel: string) =>
    d.error('missing-table', { file: `spec/${rel}`, line: 1, column: 1 }, `The spec has no ${rel}`);

  if (!files.process) missing(SPEC_LAYOUT.process);
  if (!files.appleRoles) missing(SPEC_LAYOUT.appleRoles);
  if (!files.externalTypes) missing(SPEC_LAYOUT.externalTypes);
  if (files.rfcs.length === 0) missing(`${SPEC_LAYOUT.rfcs}/NNNN-*.md`);

  const statuses = files.process ? extractProcess(doc(files.process.path, files.process.text), d) : [];
  const apple = files.appleRoles
    ? extractAppleRoles(doc(files.appleRoles.path, files.appleRoles.text), d)
    : { appleRoles: [], notReported: [] };
  const externalRows = files.externalTypes
    ? extractExternalTypes(doc(files.externalTypes.path, files.externalTypes.text), d)
    : [];
  const rfcs = files.rfcs
    .map((f) => extractRfc(doc(f.path, f.text), f.baseName, d))
    .filter((r): r is RfcDraft => r !== null);

  const result = fold({ rfcs, statuses, appleRoles: apple.appleRoles, appleNotReported: apple.notReported }, d);
  if (!result) return { model: null, versions: [], allVersions: [], diagnostics: d };
  const folded = result.model;

  const externalTypeNames = new Set(folded.types.filter((t) => t.kind === 'external').map((t) => t.name));
  for (const row of externalRows) {
    if (!externalTypeNames.has(row.name))
      d.error('unknown-type', row.place, 'No Types table declares this external type', row.name);
  }
  for (const name of externalTypeNames) {
    if (!externalRows.some((r) => r.name === name)) {
      const t = folded.types.find((x) => x.name === name);
      d.error(
        'missing-table',
        { file: t?.source.file ?? 'spec', line: t?.source.line ?? 1, column: t?.source.column ?? 1 },
        `spec/${SPEC_LAYOUT.externalTypes} does not say where ${name} comes from`,
        name,
      );
    }
  }
  const reserved = new Set(folded.types.map((t) => t.name));
  const loaded = await loadExternalTypes(
    externalRows.filter((r) => externalTypeNames.has(r.name)),
    reserved,
    d,
  );
  const lastSnapshot = result.snapshots.at(-1) as (typeof result.snapshots)[number];
  // Only an RFC moves the other specification's version: the package must give what the RFCs declare.
  const external = declaredExternals(loaded, folded, lastSnapshot, d);
  if (d.hasErrorsBesides('bad-example')) return { model: null, versions: [], allVersions: [], diagnostics: d };
  // Each released version's record, read once: a released version is frozen, and keeps the external types it had.
  const records = new Map<string, CanonicalModel | null>();
  const recordOf = (version: string, released: boolean) => {
    const recorded = released ? files.recorded?.get(version) : undefined;
    if (!recorded) return null;
    if (!records.has(version)) records.set(version, readRecord(version, recorded, d));
    return records.get(version) ?? null;
  };

  const model: CanonicalModel = { ...folded, external };

  // Each RFC's declared effect must be what its changes are; the changes also become its changelog.
  const { allVersions, releases, byVersion } = checkEffects(
    result.snapshots,
    lastSnapshot,
    model,
    (snap) =>
      externalsOf(
        snap,
        external,
        recordOf(snap.model.protocolVersion, snap.released),
        files.recorded?.get(snap.model.protocolVersion)?.path ?? null,
        d,
      ),
    d,
  );
  // A released version is frozen: its record, when there is one, says what it was (model/frozen.ts). The version is
  // compared as it finally stands, so an Editorial RFC after the release is held to the record too.
  for (const release of releases.values()) {
    const record = recordOf(release.version, true);
    const final = [...allVersions].reverse().find((v) => v.protocolVersion === release.version) ?? release.model;
    if (record) checkFrozen({ ...release, model: final }, record, files.recorded?.get(release.version)?.path ?? '', d);
  }
  if (files.recorded) checkStillReleased(files.recorded, new Set(releases.keys()), model, d);
  if (d.hasErrors) return { model: null, versions: [], allVersions: [], diagnostics: d };

  const problems = modelProblems(model);
  for (const problem of problems) d.error('bad-model', { file: 'spec', line: 1, column: 1 }, problem);
  if (problems.length) return { model: null, versions: [], allVersions: [], diagnostics: d };
  // Every package's README example, and the test that runs it, read an RFC example answer
  // (emit/shared/readme-example.ts): a spec with none is said once, here, not by every target.
  const first = model.examples[0]?.value;
  if (typeof first !== 'object' || first === null || Array.isArray(first)) {
    const at = model.examples[0]?.source ?? model.rfcs[0]?.source;
    d.error(
      'missing-example',
      { file: at?.file ?? 'spec', line: at?.line ?? 1, column: at?.column ?? 1 },
      'The spec gives no example answer: no json block in an RFC holds one',
    );
    return { model: null, versions: [], allVersions: [], diagnostics: d };
  }
  // The README example must be an answer of this version: the newest RFC example that is (model/examples.ts).
  const readme = currentExample(model);
  if (!readme) {
    const last = model.examples.at(-1) as Example;
    const { file, line, column } = last.source;
    d.error(
      'no-current-example',
      { file, line, column },
      `No RFC example is an answer of ${model.protocolVersion}, so no package has a README example: the newest, of ${last.source.document}, is not (${currentProblem(model, last)})`,
    );
    return { model: null, versions: [], allVersions: [], diagnostics: d };
  }
  // Only an example with deprecated names is left: the READMEs print its warnings, as the checker gives them.
  const uses = deprecatedUses(model, readme.value);
  if (uses.length > 0) {
    const { file, line, column } = readme.source;
    d.warning(
      'example-with-findings',
      { file, line, column },
      `The README example (${readme.source.document} section ${readme.source.section ?? '?'}) uses deprecated names (${[...new Set(uses.map((u) => u.name))].join(', ')}): every package's README prints the checker's ${uses.length === 1 ? 'warning' : `${uses.length} warnings`} for it, since no RFC example of ${model.protocolVersion} is free of them`,
    );
  }
  byVersion.set(model.protocolVersion, model);
  // An example the conformance vectors cannot carry is said, not dropped in silence (model/examples.ts).
  for (const ex of model.examples) {
    const standing = exampleStanding(model, ex, [...byVersion.keys()]);
    if (standing.kind !== 'left-out') continue;
    const { file, line, column } = ex.source;
    d.warning(
      'example-left-out',
      { file, line, column },
      `The example of ${ex.source.document} section ${ex.source.section ?? '?'} is not a conformance vector of ${model.protocolVersion}: ${standing.why}`,
    );
  }
  return { model, versions: [...byVersion.values()], allVersions, diagnostics: d };
}

interface Member {
  snap: VersionSnapshot;
  rfc: RfcSummary | undefined;
  own: Change[];
}

/**
 * Checks each counted RFC's Version effect against its changes and gives each RFC its changes. An RFC that joins a
 * version (the same step as the version's first RFC) is checked by the version's changes together, from the version
 * before; the version's changes are then shared out among its RFCs, each to the first that touched its subject, so
 * the changelog lists what the version changed, once.
 */
function checkEffects(
  snapshots: readonly VersionSnapshot[],
  last: VersionSnapshot,
  model: CanonicalModel,
  externalsOfSnap: (snap: VersionSnapshot) => CanonicalModel['external'],
  d: Diagnostics,
) {
  let previous: CanonicalModel | null = null;
  let start: CanonicalModel | null = null;
  let members: Member[] = [];
  const byVersion = new Map<string, CanonicalModel>();
  const releases = new Map<string, Release>();
  const allVersions: CanonicalModel[] = [];
  const share = () => {
    const end = allVersions.at(-1);
    if (end && members.some((m) => m.snap.joins))
      shareChanges(
        diffModels(start, end),
        members.filter((m) => m.snap.effect !== 'editorial'),
      );
  };
  for (const snap of snapshots) {
    const current: CanonicalModel = snap === last ? model : { ...snap.model, external: externalsOfSnap(snap) };
    if (snap.effect !== 'editorial' && !snap.joins) {
      share();
      start = previous;
      members = [];
    }
    const own = diffModels(previous, current);
    const changes = snap.joins ? diffModels(start, current) : own;
    const computed = classify(changes);
    const rfc = model.rfcs.find((r) => r.id === snap.rfc) ?? current.rfcs.find((r) => r.id === snap.rfc);
    if (computed !== snap.effect && !declaresStable(snap, rfc)) {
      const together = snap.joins
        ? `${current.protocolVersion} as its RFCs make it together (from ${start?.protocolVersion ?? 'nothing'})`
        : 'what it changes';
      d.error(
        'version-effect',
        snap.effectPlace,
        `${snap.rfc} declares its change ${snap.effect}, but ${together} is ${computed}: ${whatMakes(computed, changes, snap.joins ? start : previous, current)}${joinHint(snap, current, releases)}`,
        snap.effect,
      );
    }
    if (rfc) rfc.changes = own;
    members.push({ snap, rfc, own });
    allVersions.push(current);
    if (snap.released) byVersion.set(current.protocolVersion, current);
    if (snap.releasedPlace)
      releases.set(current.protocolVersion, {
        version: current.protocolVersion,
        rfc: snap.rfc,
        model: current,
        place: snap.releasedPlace,
      });
    previous = current;
  }
  share();
  return { allVersions, releases, byVersion };
}

/**
 * The step to 1.0.0 is a maintainer declaring the protocol stable: stated as Breaking, it is breaking whatever it
 * changes (nothing, or only additions), since from 1.0.0 the versioning table's other column applies. Only a
 * Breaking step from 0.x may name 1.0.0 (fold/index.ts refuses any other).
 */
const declaresStable = (snap: VersionSnapshot, rfc: RfcSummary | undefined): boolean =>
  snap.effect === 'breaking' && rfc?.version === '1.0.0' && rfc.from !== null && rfc.from.startsWith('0.');

/** Each of a version's changes goes to the first of its RFCs whose own changes name that subject (else the first). */
function shareChanges(net: readonly Change[], members: readonly Member[]): void {
  const owner = (c: Change) => members.find((m) => m.own.some((x) => x.subject === c.subject)) ?? members[0];
  for (const m of members) if (m.rfc) m.rfc.changes = net.filter((c) => owner(c) === m);
}

/** For an Editorial RFC that adds to an unreleased version: the form that makes that version with its first RFC. */
function joinHint(snap: VersionSnapshot, current: CanonicalModel, releases: ReadonlyMap<string, Release>): string {
  if (snap.effect !== 'editorial' || releases.has(current.protocolVersion)) return '';
  const first = current.rfcs.filter((r) => r.version === current.protocolVersion && r.effect !== 'editorial').at(0);
  const text = first?.metadata['Version effect'];
  return first && text
    ? `. ${current.protocolVersion} is unreleased: to add this to it, state ${first.id}'s Version effect (${text}), and the two make that version together`
    : '';
}

/** Up to five of the changes that give an RFC its class, each with the place that states it. */
function whatMakes(
  computed: string,
  changes: readonly Change[],
  before: CanonicalModel | null,
  after: CanonicalModel,
): string {
  const making = changes.filter((c) => c.class === computed);
  const shown = making.slice(0, 5).map((c) => {
    const at = placeOfChange(c, before, after);
    return `${c.rule} ${c.subject}${at ? ` (${at.file}:${at.line}:${at.column})` : ''}`;
  });
  return `${shown.join('; ')}${making.length > 5 ? `; and ${making.length - 5} more` : ''}`;
}
