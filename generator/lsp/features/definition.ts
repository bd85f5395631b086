import type { Location, Position } from 'vscode-languageserver/node';
import type { SpecSnapshot } from '../snapshot.js';
import { definitionsOf, nameIndex, occurrenceAt, rangeOf } from './name-index.js';
import { uriOf } from './uris.js';

/** The rows that define the name at a position (the first RFC's first; a later RFC's restatement after it). */
export function definition(snapshot: SpecSnapshot, specPath: string, position: Position): Location[] {
  const index = nameIndex(snapshot.files);
  const at = occurrenceAt(index, specPath, position.line, position.character);
  if (!at) return [];
  const all = definitionsOf(index, at.name);
  // From a defining row, the rows that define the same thing (Element's url, not Related's); from prose, all.
  const here = all.find(
    (d) => d.span.file === at.span.file && d.span.line === at.span.line && d.span.start === at.span.start,
  );
  const same = here ? all.filter((d) => d.kind === here.kind && d.owner === here.owner) : all;
  return same.map((d) => ({ uri: uriOf(snapshot, d.span.file), range: rangeOf(d.span) }));
}
