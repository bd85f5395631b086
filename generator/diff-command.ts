import { readFile } from 'node:fs/promises';
import { type Change, classify, diffModels } from './model/diff.js';
import type { CanonicalModel } from './model/types.js';
import { loadModelJson } from './model/validate.js';

export interface DiffReport {
  from: string | null;
  to: string;
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
    throw new Error(`${which} is neither a version the spec makes (${known}) nor a readable model file: ${(error as Error).message}`);
  }
}

export function diffReport(from: CanonicalModel | null, to: CanonicalModel): DiffReport {
  const changes = diffModels(from, to);
  return { from: from?.protocolVersion ?? null, to: to.protocolVersion, class: classify(changes), changes };
}

export function formatDiff(report: DiffReport): string {
  const head = `${report.from ?? '(nothing)'} -> ${report.to}: ${report.class} (${report.changes.length} change${report.changes.length === 1 ? '' : 's'})`;
  const width = Math.max(0, ...report.changes.map((c) => c.rule.length));
  const lines = report.changes.map((c) => `  ${c.class.padEnd(9)} ${c.rule.padEnd(width)}  ${c.message}`);
  return `${[head, ...lines].join('\n')}\n`;
}
