import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolchainRoot } from './paths.js';

/** The repository's LICENSE, which every generated package ships a copy of, or why it cannot be read. */
export function licenseText(): { text: string } | { missing: string } {
  try {
    const text = readFileSync(join(toolchainRoot(), 'LICENSE'), 'utf8');
    return { text: text.endsWith('\n') ? text : `${text}\n` };
  } catch (e) {
    return { missing: `the repository's LICENSE cannot be read (${e instanceof Error ? e.message : String(e)})` };
  }
}
