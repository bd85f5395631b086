import { readFile } from 'node:fs/promises';
import { diffModels } from './model/diff.js';
import { type Change, classify } from './model/diff-rules.js';
import type { CanonicalModel } from './model/types.js';
import { loadModelJson } from './model/validate.js';

export interface DiffReport {
  from: string | null;
  to: string;
  /** The RFC whose model each side is (the last one folded into it), or null for nothing. */
  fromRfc: string | null;
  toRfc: string | null;
  class: ReturnType<typeof classify>;
  changes: Change[];
}

/** A model by version (one the spec made) or by the path of a model JSON file. */
export async function pickModel(which: string, versions: readonly CanonicalModel[]): Promise<CanonicalModel> {
  // An editorial RFC keeps the version: the name means the version as it finally stood.
  const byVersion = [...versions].reverse().find((v) => v.protocolVersion === which);
  if (byVersion) return byVersion;
  try {
    return loadModelJson(await readFile(which, 'utf8'));
  } catch (error) {
    const known = versions.map((v) => v.protocolVersion).join(', ');
    throw new Error(
      `${which} is neither a version the spec makes (${known}) nor a readable model file: ${(error as Error).message}`,
    );
  }
}

/**
 * The two models `diff` compares. `all` holds the model after each counted RFC, the last being the current one.
 * Without --to: the current model, against the model of the counted RFCs before the newest one, released or not,
 * so an Editorial RFC (which keeps the version) shows its own edit rather than the whole model; an RFC that makes a
 * version with the RFC before it shows the whole version. With --to: that version as it finally stood, against the
 * version before it.
 */
export async function pickModels(
  opts: { from?: string; to?: string },
  all: readonly CanonicalModel[],
): Promise<{ from: CanonicalModel | null; to: CanonicalModel }> {
  const current = all.at(-1);
  if (!current) throw new Error('the spec makes no version');
  const to = opts.to ? await pickModel(opts.to, all) : current;
  if (opts.from) return { from: await pickModel(opts.from, all), to };
  // An RFC that makes a version with the one before it (the same step) is shown with the whole version, since
  // that version's class is theirs together.
  const joins =
    !opts.to && current.rfcs.at(-1)?.effect !== 'editorial' && all.at(-2)?.protocolVersion === current.protocolVersion;
  const index = opts.to || joins ? all.findIndex((v) => v.protocolVersion === to.protocolVersion) : all.length - 1;
  return { from: index > 0 ? (all[index - 1] ?? null) : null, to };
}

/** The RFC that made a model: the last one folded into it. */
const madeBy = (model: CanonicalModel | null) => model?.rfcs.at(-1)?.id ?? null;

export function diffReport(from: CanonicalModel | null, to: CanonicalModel): DiffReport {
  const changes = diffModels(from, to);
  return {
    from: from?.protocolVersion ?? null,
    to: to.protocolVersion,
    fromRfc: madeBy(from),
    toRfc: madeBy(to),
    class: classify(changes),
    changes,
  };
}

/** The line that heads a diff: both sides, with the RFC beside each version (after an Editorial RFC both have the same version). */
export function diffHeading(report: DiffReport): string {
  const side = (version: string | null, rfc: string | null) =>
    version === null ? '(nothing)' : rfc ? `${version} (${rfc})` : version;
  return `${side(report.from, report.fromRfc)} -> ${side(report.to, report.toRfc)}: ${report.class} (${report.changes.length} change${report.changes.length === 1 ? '' : 's'})`;
}

export function formatDiff(report: DiffReport): string {
  const head = diffHeading(report);
  const width = Math.max(0, ...report.changes.map((c) => c.rule.length));
  const lines = report.changes.map((c) => `  ${c.class.padEnd(9)} ${c.rule.padEnd(width)}  ${c.message}`);
  return `${[head, ...lines].join('\n')}\n`;
}

/** The changes in a review format: each at the row that states it, breaking ones as errors. */
export async function reviewDiff(
  format: 'markdown' | 'github' | 'sarif',
  report: DiffReport,
  from: CanonicalModel | null,
  to: CanonicalModel,
  specDir: string,
): Promise<string> {
  const [{ changeItems, formatReview }, { toolchain }] = await Promise.all([
    import('./review/index.js'),
    import('./review/tool.js'),
  ]);
  return formatReview(
    format,
    `**${diffHeading(report)}**`,
    changeItems(report.changes, from, to, specDir),
    await toolchain(),
  );
}
