import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Packer } from '../packer.js';
import { filesBelow, zipFiles } from './zip.js';

/** The package's name, as its manifest names it and as the archive's top folder. */
const PACKAGE = 'ElementModel';

/**
 * The package as SwiftPM reads it (Package.swift at the top, its sources and resources) in one folder named for the
 * package alone, as `swift package archive-source` lays it out: unzipped, it is a path dependency whose identity is
 * the package's name (a folder named with the version made SwiftPM know it as `ElementModel-<version>`, so the
 * README's `.product(name:package:)` line failed). The file's name carries the version.
 */
export const swift: Packer = {
  name: 'swift',
  publishedTo: 'the Swift package index (a git tag)',
  async pack({ out, dest, publishing }) {
    const name = PACKAGE;
    const file = `${name}-${publishing.sdkVersion}.zip`;
    const files = await filesBelow(join(out, 'swift'));
    await zipFiles(join(out, 'swift'), files, name, join(dest, file));
    return [{ package: 'swift', file, checks: [`source archive: ${files.length} files`] }];
  },
  publisher: {
    // SwiftPM takes a package from a git URL at a tag, from a local path, or from a package registry (SE-0292);
    // this project runs no registry, so the archive goes to a folder consumers unzip and name as a path dependency.
    registry: null,
    otherwise:
      'tag the release commit with the SDK version (no v) and push the tag; SwiftPM resolves the package from the repository',
    async publish({ from, to }) {
      const folder = to.startsWith('file://') ? fileURLToPath(to) : to;
      const archives = (await readdir(from)).filter((f) => f.startsWith(`${PACKAGE}-`) && f.endsWith('.zip'));
      if (archives.length !== 1)
        throw new Error(`the release folder holds ${archives.length} Swift source archives, not one`);
      const archive = archives[0] ?? '';
      await mkdir(folder, { recursive: true });
      await copyFile(join(from, archive), join(folder, archive));
      return `${archive} into ${folder}`;
    },
  },
};
