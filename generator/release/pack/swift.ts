import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { filesBelow, zipFiles } from './zip.js';

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
    const name = 'ElementModel';
    const file = `${name}-${publishing.sdkVersion}.zip`;
    const files = await filesBelow(join(out, 'swift'));
    await zipFiles(join(out, 'swift'), files, name, join(dest, file));
    return [{ package: 'swift', file, checks: [`source archive: ${files.length} files`] }];
  },
};
