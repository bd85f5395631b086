import { Diagnostics } from '../diagnostics/report.js';
import { extractAppleRoles, extractExternalTypes, extractProcess } from '../read/reference.js';
import { type RfcDraft, extractRfc } from '../read/rfc.js';
import { documentOf, reportStrayRows } from '../read/tables.js';
import { parseMarkdown } from '../read/markdown.js';
import { SPEC_LAYOUT, type SpecFiles } from '../spec-files.js';
import { loadExternalTypes } from './external.js';
import { type Change, classify, diffModels, placeOfChange } from './diff.js';
import { currentExample, currentProblem, exampleStanding } from './examples.js';
import { fold } from './fold/index.js';
import { declaredExternals, externalsOf } from './follows.js';
import { type Release, checkFrozen, checkStillReleased, readRecord } from './frozen.js';
import { type ParseCache, RecentParses, cacheKey } from './parses.js';
import type { CanonicalModel, Example } from './types.js';
import { modelProblems } from './validate.js';

export interface AssembledModel {
  model: CanonicalModel | null;
  /** The model of every released version (an RFC's Released in row names it), oldest first, then `model`. */
  versions: CanonicalModel[];
  /** The model after each counted RFC, released or not, oldest first; the last is `model`. For `diff`. */
  allVersions: CanonicalModel[];
  diagnostics: Diagnostics;
}

/** Parsed files: in watch mode only the file that was saved is parsed again. */
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
      found = documentOf(path, parseMarkdown(bare), bare);
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
  const externalRows = files.externalTypes ? extractExternalTypes(doc(files.externalTypes.path, files.externalTypes.text), d) : [];
  const rfcs = files.rfcs
    .map((f) => extractRfc(doc(f.path, f.text), f.baseName, d))
    .filter((r): r is RfcDraft => r !== null);

  const result = fold(
    { rfcs, statuses, appleRoles: apple.appleRoles, appleNotReported: apple.notReported },
    d,
  );
  if (!result) return { model: null, versions: [], allVersions: [], diagnostics: d };
  const folded = result.model;

  const externalTypeNames = new Set(folded.types.filter((t) => t.kind === 'external').map((t) => t.name));
  for (const row of externalRows) {
    if (!externalTypeNames.has(row.name)) d.error('unknown-type', row.place, 'No Types table declares this external type', row.name);
  }
  for (const name of externalTypeNames) {
    if (!externalRows.some((r) => r.name === name)) {
      const t = folded.types.find((x) => x.name === name);
      d.error('missing-table', { file: t?.source.file ?? 'spec', line: t?.source.line ?? 1, column: t?.source.column ?? 1 }, `spec/${SPEC_LAYOUT.externalTypes} does not say where ${name} comes from`, name);
    }
  }
  const reserved = new Set(folded.types.map((t) => t.name));
  const loaded = await loadExternalTypes(externalRows.filter((r) => externalTypeNames.has(r.name)), reserved, d);
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
  let previous: CanonicalModel | null = null;
  const byVersion = new Map<string, CanonicalModel>();
  const releases = new Map<string, Release>();
  const allVersions: CanonicalModel[] = [];
  for (const snap of result.snapshots) {
    const own = snap === lastSnapshot ? null : externalsOf(snap, external, recordOf(snap.model.protocolVersion, snap.released), files.recorded?.get(snap.model.protocolVersion)?.path ?? null, d);
    const current: CanonicalModel = own === null ? model : { ...snap.model, external: own };
    allVersions.push(current);
    const changes = diffModels(previous, current);
    const computed = classify(changes);
    if (computed !== snap.effect) {
      d.error('version-effect', snap.effectPlace, `${snap.rfc} declares its change ${snap.effect}, but what it changes is ${computed}: ${whatMakes(computed, changes, previous, current)}`, snap.effect);
    }
    for (const m of [model, current]) {
      const rfc = m.rfcs.find((r) => r.id === snap.rfc);
      if (rfc) rfc.changes = changes;
    }
    if (snap.released) byVersion.set(current.protocolVersion, current);
    if (snap.releasedPlace) releases.set(current.protocolVersion, { version: current.protocolVersion, rfc: snap.rfc, model: current, place: snap.releasedPlace });
    previous = current;
  }
  // A released version is frozen: its record, when there is one, says what it was (model/frozen.ts).
  for (const release of releases.values()) {
    const record = recordOf(release.version, true);
    if (record) checkFrozen(release, record, files.recorded?.get(release.version)?.path ?? '', d);
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
    d.error('missing-example', { file: at?.file ?? 'spec', line: at?.line ?? 1, column: at?.column ?? 1 }, 'The spec gives no example answer: no json block in an RFC holds one');
    return { model: null, versions: [], allVersions: [], diagnostics: d };
  }
  // The README example must be an answer of this version: the newest RFC example that is (model/examples.ts).
  if (!currentExample(model)) {
    const last = model.examples.at(-1) as Example;
    const { file, line, column } = last.source;
    d.error('no-current-example', { file, line, column }, `No RFC example is an answer of ${model.protocolVersion}, so no package has a README example: the newest, of ${last.source.document}, is not (${currentProblem(model, last)})`);
    return { model: null, versions: [], allVersions: [], diagnostics: d };
  }
  byVersion.set(model.protocolVersion, model);
  // An example the conformance vectors cannot carry is said, not dropped in silence (model/examples.ts).
  for (const ex of model.examples) {
    const standing = exampleStanding(model, ex, [...byVersion.keys()]);
    if (standing.kind !== 'left-out') continue;
    const { file, line, column } = ex.source;
    d.warning('example-left-out', { file, line, column }, `The example of ${ex.source.document} section ${ex.source.section ?? '?'} is not a conformance vector of ${model.protocolVersion}: ${standing.why}`);
  }
  return { model, versions: [...byVersion.values()], allVersions, diagnostics: d };
}

/** Up to five of the changes that give an RFC its class, each with the place that states it. */
function whatMakes(computed: string, changes: readonly Change[], before: CanonicalModel | null, after: CanonicalModel): string {
  const making = changes.filter((c) => c.class === computed);
  const shown = making.slice(0, 5).map((c) => {
    const at = placeOfChange(c, before, after);
    return `${c.rule} ${c.subject}${at ? ` (${at.file}:${at.line}:${at.column})` : ''}`;
  });
  return `${shown.join('; ')}${making.length > 5 ? `; and ${making.length - 5} more` : ''}`;
}
