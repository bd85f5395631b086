import { pathToFileURL } from 'node:url';
import type { SpecSnapshot } from '../snapshot.js';

/** The file URI of a spec path, as the editor names the document. */
export function uriOf(snapshot: SpecSnapshot, specPath: string): string {
  return pathToFileURL(snapshot.absolutePathOf(specPath)).href;
}
