import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/** The npm tarball, as `npm pack` makes it from the TypeScript package. */
export const npm: Packer = {
  name: 'npm',
  publishedTo: 'npm',
  async pack({ out, dest }) {
    return withCopy(join(out, 'typescript'), async (copy) => {
      const printed = await runTool('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
        cwd: copy,
      });
      const [entry] = JSON.parse(printed.slice(printed.indexOf('['))) as { filename: string; files: unknown[] }[];
      if (!entry) throw new Error('npm pack printed no package');
      return [
        {
          package: 'npm',
          file: entry.filename.replace(/^@/, '').replace(/\//g, '-'),
          checks: [`npm pack: ${entry.files.length} files`],
        },
      ];
    });
  },
  publisher: {
    registry: 'https://registry.npmjs.org/',
    // The registry's credentials are npm's own (an auth token in .npmrc for the registry's address).
    async publish({ from, to }) {
      const tarballs = (await readdir(from)).filter((f) => f.endsWith('.tgz'));
      if (tarballs.length !== 1) throw new Error(`the release folder holds ${tarballs.length} npm tarballs, not one`);
      const tarball = join(from, tarballs[0] ?? '');
      await runTool('npm', ['publish', tarball, '--registry', to, '--access', 'public', '--ignore-scripts']);
      return `npm publish ${tarballs[0]} --registry ${to}`;
    },
  },
};
