import type { Location, Position } from 'vscode-languageserver/node';
import type { SpecSnapshot } from '../snapshot.js';
import { definitionsOf, nameIndex, occurrenceAt, rangeOf } from './name-index.js';
import { uriOf } from './uris.js';

/** Every row and code span that names the name at a position; without `includeDeclaration`, not the defining cells. */
export function references(
  snapshot: SpecSnapshot,
  specPath: string,
  position: Position,
  includeDeclaration = true,
): Location[] {
  const index = nameIndex(snapshot.files);
  const at = occurrenceAt(index, specPath, position.line, position.character);
  if (!at) return [];
  const defining = new Set(definitionsOf(index, at.name).map((d) => `${d.span.file}:${d.span.line}:${d.span.start}`));
  return index.occurrences
    .filter(
      (o) =>
        o.name === at.name && (includeDeclaration || !defining.has(`${o.span.file}:${o.span.line}:${o.span.start}`)),
    )
    .map((o) => ({ uri: uriOf(snapshot, o.span.file), range: rangeOf(o.span) }));
}
