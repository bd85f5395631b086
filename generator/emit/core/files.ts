import type { GeneratedFile } from './target.js';

/**
 * One file of a target: a template of the target's folder (or a runtime file, which its loader renders below the
 * runtime head) with the view it is rendered with, or text made already (a license, a bundled vector). A target
 * states what it writes as one list of these, and the views it renders beside them.
 */
export type FileEntry = { path: string; template: string; view: object } | GeneratedFile;

/** The files of the entries, each template rendered with its view, in the entries' order. */
export function renderEntries(
  entries: readonly FileEntry[],
  render: (template: string, view: object) => string,
): GeneratedFile[] {
  return entries.map((e) => ('contents' in e ? e : { path: e.path, contents: render(e.template, e.view) }));
}
