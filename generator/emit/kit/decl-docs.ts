import type { Deprecation } from '../../model/types.js';
import { plainText, sentence } from '../shared/text.js';
import type { DeprecationView } from './decl-types.js';

/** A model's or a schema's description as one plain sentence (or empty). */
export const docOf = (markdown: string | null | undefined): string =>
  sentence(plainText(markdown ?? '').replace(/\s+/g, ' '));

/** The sentence a binding shows for a deprecation, and its replacement's member name (`memberOf` the name Use instead gives). */
export function deprecationView(d: Deprecation, memberOf: (name: string | null) => string | null): DeprecationView {
  const instead =
    d.useInstead === null ? '' : `; use ${plainText(d.useInstead).replace(/`/g, '').replace(/\s+/g, ' ')}`;
  return { message: sentence(`Deprecated since ${d.version}${instead}`), replacement: memberOf(d.useInsteadName) };
}
