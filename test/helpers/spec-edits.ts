import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** One string edit to a spec file (a path under spec/): `find` must occur exactly once where the edit applies. */
export interface SpecEdit {
  file: string;
  find: string;
  replace: string;
}

/** A fixture's edit script: what it breaks and why, the edits in order, and any whole new files (a second RFC). */
export interface EditScript {
  why: string;
  edits: SpecEdit[];
  /** New spec files by path under spec/; a path that already exists is refused, so no fixture copies a live file. */
  add?: Record<string, string>;
}

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count++;
  return count;
}

/**
 * Applies an edit script to a copy of spec/ (never the live one). Each edit is applied to the file as the edits
 * before it left it, and must match exactly once: when the live RFC drifts so that a `find` no longer matches, or
 * matches twice, the fixture fails loudly here instead of quietly testing something else.
 */
export async function applyEditScript(specDir: string, script: EditScript, label: string): Promise<void> {
  for (const [i, edit] of script.edits.entries()) {
    const path = join(specDir, edit.file);
    const text = await readFile(path, 'utf8').catch(() => {
      throw new Error(`${label}: edit ${i + 1} names spec/${edit.file}, which does not exist`);
    });
    const count = occurrences(text, edit.find);
    if (count !== 1) {
      throw new Error(`${label}: edit ${i + 1} must find its text exactly once in spec/${edit.file}, found it ${count} times: ${JSON.stringify(edit.find)}`);
    }
    await writeFile(path, text.replace(edit.find, () => edit.replace));
  }
  for (const [file, text] of Object.entries(script.add ?? {})) {
    const path = join(specDir, file);
    const exists = await readFile(path).then(() => true, () => false);
    if (exists) throw new Error(`${label}: adds spec/${file}, which already exists; edit it instead`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}

export async function readEditScript(path: string): Promise<EditScript> {
  return JSON.parse(await readFile(path, 'utf8')) as EditScript;
}
