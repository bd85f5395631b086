import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** How the language server is started in a workspace folder: a program and its arguments. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** Set for npm's `.cmd` shim on Windows, which Node runs only through a shell (so its path is quoted). */
  shell?: true;
}

/** The toolchain's command for an editor: the language server on standard input and output. */
export const LSP_ARGS = ['lsp', '--stdio'];

/** A `.js` file is run by the `node` on PATH: the toolchain needs Node 20.19 or later, newer than some editors' own. */
const started = (program: string): ServerCommand =>
  program.endsWith('.js') ? { command: 'node', args: [program, ...LSP_ARGS] } : { command: program, args: [...LSP_ARGS] };

/**
 * The server for a workspace folder, or why there is none. In order: the `elementSpec.server.path` setting (a
 * command on PATH, or a path from the folder); the folder's own install (`node_modules/.bin/element-spec`); the
 * toolchain's entry when the folder is the toolchain's repository (`bin/element-spec.js`).
 */
export function findServer(folder: string, configured: string, platform: NodeJS.Platform = process.platform): ServerCommand | { missing: string } {
  const setting = configured.trim();
  if (setting) {
    if (!setting.includes('/') && !setting.includes('\\')) return started(setting);
    const path = isAbsolute(setting) ? setting : join(folder, setting);
    return existsSync(path) ? started(path) : { missing: `elementSpec.server.path names ${path}, which does not exist.` };
  }
  const installed = join(folder, 'node_modules', '.bin', platform === 'win32' ? 'element-spec.cmd' : 'element-spec');
  if (existsSync(installed)) return platform === 'win32' ? { command: `"${installed}"`, args: [...LSP_ARGS], shell: true } : started(installed);
  const own = join(folder, 'bin', 'element-spec.js');
  if (existsSync(own)) return started(own);
  return {
    missing:
      `No element-spec language server in ${folder}: run \`npm install\` there (the project's package.json brings the toolchain into ` +
      'node_modules/.bin), or set elementSpec.server.path to the element-spec command.',
  };
}
