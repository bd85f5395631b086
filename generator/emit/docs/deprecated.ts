import type { Deprecation, Role } from '../../model/types.js';
import { sentence } from '../shared/text.js';

/** VitePress's own badge component: shown beside a deprecated name's meaning on every reference page. */
const BADGE = '<Badge type="warning" text="deprecated" />';

/**
 * What a reference page adds to a deprecated name's meaning: the badge, the version and what to use instead, as
 * Markdown; the meaning alone when the name is not deprecated.
 */
export function withDeprecation(
  meaning: string,
  deprecated: Deprecation | undefined,
  cell: (markdown: string) => string,
): string {
  if (!deprecated) return meaning;
  const instead = deprecated.useInstead === null ? '' : `; use ${cell(deprecated.useInstead)}`;
  return `${BADGE} ${sentence(`Deprecated since ${deprecated.version}${instead}`)} ${meaning}`;
}

/** The old names a role is still read from (its deprecated aliases), for the role's note; null when it has none. */
export function aliasNote(role: Role | undefined): string | null {
  const aliases = role?.aliases ?? [];
  if (!aliases.length) return null;
  return `${BADGE} ${aliases.map((a) => `\`${a.name}\` (removed in ${a.version})`).join(', ')} still reads as this role, a deprecated alias.`;
}
