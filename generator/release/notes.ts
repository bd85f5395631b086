import { diffReport } from '../diff-command.js';
import { sdkVersionTable } from '../emit/shared/publishing.js';
import { placeOfChange } from '../model/diff-place.js';
import type { CanonicalModel } from '../model/types.js';
import type { ReleasePlan } from './releasable.js';

/** Where a line of the spec is, as a link: on the repository's site when publishing.json names it, else a path from the root. */
function specLink(plan: ReleasePlan, file: string, line: number): string {
  const repo = plan.publishing.repository;
  return repo ? `${repo}/blob/${plan.publishing.sdkVersion}/${file}#L${line}` : `${file}#L${line}`;
}

/** Names as a sentence lists them: a, b and c. */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/**
 * RELEASE_NOTES.md: the version and its effect against the version before it, each change with its class and a
 * link to the RFC row that makes it, the SDK version the packages get, and the SDK-to-protocol table.
 */
export function releaseNotes(
  plan: ReleasePlan,
  sdk: string,
  date: string | null,
  registries: readonly string[],
): string {
  const { model, previous } = plan;
  const report = diffReport(previous, model);
  const heading = `## ${model.protocolVersion}${date ? ` (${date})` : ''}`;
  const article = report.class === 'additive' || report.class === 'editorial' ? 'an' : 'a';
  const what = previous
    ? `${article} ${report.class} change from ${previous.protocolVersion}`
    : 'the first version the RFCs make';
  const rfcs = plan.rfcs
    .map((r) => `[${r.id}: ${r.title}](${specLink(plan, r.source.file, r.source.line)})`)
    .join(', ');
  const changes = report.changes.map((c) => {
    const at = placeOfChange(c, previous, model);
    const where = at
      ? ` ([${at.document}${at.section ? ` §${at.section}` : ''}](${specLink(plan, at.file, at.line)}))`
      : '';
    return `- **${c.class}** \`${c.rule}\`: ${c.message}${where}`;
  });
  const table = sdkVersionTable({ ...plan.publishing, sdkVersion: sdk }, model as CanonicalModel);
  return [
    heading,
    '',
    `Protocol ${model.protocolVersion}, ${what}; made by ${rfcs || 'no RFC'}.`,
    '',
    `Every package is SDK ${sdk}${registries.length ? `: ${listed(registries)}` : ''}.`,
    '',
    `### Changes (${report.changes.length})`,
    '',
    ...(changes.length ? changes : ['None.']),
    '',
    '### SDK and protocol versions',
    '',
    table,
    '',
  ].join('\n');
}
