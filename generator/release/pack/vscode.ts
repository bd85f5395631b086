import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Publishing } from '../../emit/shared/publishing.js';
import { toolchainRoot } from '../../emit/shared/paths.js';
import type { Packer } from '../packer.js';
import { runTool } from '../tools.js';

/** The VS Code extension, a package of its own in the toolchain's repository (docs/vscode-extension.md). */
export const extensionDir = (): string => join(toolchainRoot(), 'editors/vscode');

/** What of the extension's folder the package is made from; its npm packages come from scripts/vscode-tools.sh. */
const SOURCES = ['src', 'tsconfig.json', 'README.md', '.vscodeignore'];

type Manifest = Record<string, unknown> & { name: string };

/** The extension's manifest as released: the release's SDK version, as every package of it, and its repository when publishing.json names one. */
function released(manifest: Manifest, publishing: Publishing): Manifest {
  return {
    ...manifest,
    version: publishing.sdkVersion,
    ...(publishing.repository ? { repository: { type: 'git', url: publishing.repository } } : {}),
  };
}

/**
 * The extension as a .vsix, made by the pinned @vscode/vsce from a scratch copy: compiled by the pinned TypeScript
 * against every package of its lock, then packed with only the packages it loads in the editor.
 */
export const vscode: Packer = {
  name: 'vscode',
  publishedTo: 'the Visual Studio Marketplace',
  async pack({ dest, scripts, publishing }) {
    const tools = (await runTool('bash', [join(scripts, 'vscode-tools.sh')])).trim();
    const dir = await mkdtemp(join(tmpdir(), 'element-release-vscode-'));
    try {
      const source = extensionDir();
      for (const name of SOURCES) await cp(join(source, name), join(dir, name), { recursive: true });
      await cp(join(toolchainRoot(), 'LICENSE'), join(dir, 'LICENSE'));
      const manifest = released(
        JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as Manifest,
        publishing,
      );
      await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await symlink(join(tools, 'all/node_modules'), join(dir, 'node_modules'), 'dir');
      await runTool(process.execPath, [join(tools, 'all/node_modules/typescript/bin/tsc'), '-p', dir]);
      await rm(join(dir, 'node_modules'));
      await cp(join(tools, 'runtime/node_modules'), join(dir, 'node_modules'), { recursive: true });
      const file = `${manifest.name}-${publishing.sdkVersion}.vsix`;
      const vsce = [join(tools, 'all/node_modules/@vscode/vsce/vsce'), 'package', '--out', join(dest, file)];
      const printed = await runTool(
        process.execPath,
        publishing.repository ? vsce : [...vsce, '--allow-missing-repository'],
        { cwd: dir },
      );
      const files = /\((\d+) files?,/.exec(printed)?.[1];
      return [{ package: 'vscode', file, checks: ['tsc', `vsce package${files ? `: ${files} files` : ''}`] }];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
