import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostics } from '../diagnostics/report.js';
import { type Publishing, PUBLISHING_FILE, readPublishing } from '../emit/shared/publishing.js';
import type { GeneratedFile } from '../emit/core/target.js';
import { generateInMemory } from '../pipeline.js';
import type { CanonicalModel, RfcSummary } from '../model/types.js';
import { diffTree } from '../write/tree.js';

/** The folder a release works on: the spec, its generated tree and its publishing.json, as the repository lays them out. */
export interface ReleaseRoot {
  root: string;
  spec: string;
  out: string;
}

export const rootOf = (root: string): ReleaseRoot => ({ root, spec: join(root, 'spec'), out: join(root, 'generated') });

/** What can be released: the version, the RFCs that make it, the model before it, and the files generated now. */
export interface ReleasePlan {
  model: CanonicalModel;
  previous: CanonicalModel | null;
  rfcs: RfcSummary[];
  publishing: Publishing;
  files: GeneratedFile[];
}

// Statuses an RFC may have when its version is released: counted, and not yet marked released or superseded.
const RELEASABLE_STATUSES = new Set(['Accepted', 'Implemented']);
const NOT_RELEASED = new Set(['—', '-', '']);

/**
 * Checks that the version the counted RFCs make now can be released: the spec builds with no error (so every
 * Version effect agrees with `diff`), generated/ matches it, the RFCs that make the version are Accepted (or
 * Implemented) and not released yet, and publishing.json does not list the SDK version as released. Every problem
 * is a located diagnostic (`not-releasable`); nothing is written.
 */
export async function planRelease(
  where: ReleaseRoot,
  wanted: string | undefined,
  d: Diagnostics,
): Promise<ReleasePlan | null> {
  const publishingPath = join(where.root, PUBLISHING_FILE);
  let publishing: Publishing | null = null;
  try {
    const read = readPublishing(JSON.parse(await readFile(publishingPath, 'utf8')));
    if ('problems' in read)
      for (const p of read.problems) d.error('not-releasable', { file: PUBLISHING_FILE, line: 1, column: 1 }, p);
    else publishing = read.publishing;
  } catch (error) {
    d.error(
      'not-releasable',
      { file: PUBLISHING_FILE, line: 1, column: 1 },
      `${PUBLISHING_FILE} cannot be read: ${(error as Error).message}`,
    );
  }
  if (!publishing) return null;

  const run = await generateInMemory(where.spec, where.out, publishing);
  for (const item of run.diagnostics) {
    if (item.severity === 'error') d.error(item.ruleId, item, item.message, item.actual, item.hint);
  }
  const model = run.model;
  if (!model) return null;

  if (wanted !== undefined && wanted !== model.protocolVersion) {
    const last = model.rfcs.at(-1);
    d.error(
      'not-releasable',
      last?.source ?? { file: 'spec/rfcs', line: 1, column: 1 },
      `The counted RFCs make ${model.protocolVersion}, not ${wanted}; only the version they make now can be released`,
      wanted,
    );
  }
  const rfcs = model.rfcs.filter((r) => r.version === model.protocolVersion);
  for (const rfc of rfcs) {
    if (!RELEASABLE_STATUSES.has(rfc.status)) {
      d.error(
        'not-releasable',
        rfc.source,
        `${rfc.id} makes ${model.protocolVersion} but its Status is ${rfc.status}, not Accepted`,
        rfc.status,
      );
    }
    const released = (rfc.metadata['Released in'] ?? '—').trim();
    if (!NOT_RELEASED.has(released)) {
      d.error(
        'not-releasable',
        rfc.source,
        `${rfc.id} is already released in ${released}; a released version is not released again`,
        released,
      );
    }
  }
  const sdk = publishing.released.find((r) => r.protocol === model.protocolVersion);
  if (sdk)
    d.error(
      'not-releasable',
      { file: PUBLISHING_FILE, line: 1, column: 1 },
      `SDK ${sdk.sdk} was already released for protocol ${model.protocolVersion}`,
    );

  const stale = await diffTree(where.out, run.files);
  const count = stale.stale.length + stale.missing.length + stale.extra.length;
  if (count > 0) {
    d.error(
      'not-releasable',
      { file: 'generated', line: 1, column: 1 },
      `generated/ does not match the spec (${count} files: ${[...stale.stale, ...stale.missing, ...stale.extra].slice(0, 3).join(', ')}${count > 3 ? ', …' : ''}); run \`npm run generate\` and commit first`,
    );
  }
  if (d.hasErrors) return null;
  const index = run.versions.findIndex((v) => v.protocolVersion === model.protocolVersion);
  return { model, previous: index > 0 ? (run.versions[index - 1] ?? null) : null, rfcs, publishing, files: run.files };
}
