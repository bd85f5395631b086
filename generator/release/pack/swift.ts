import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { filesBelow, zipFiles } from './zip.js';

/**
 * The package as SwiftPM reads it (Package.swift at the top, its sources and resources), as `swift package
 * archive-source` lays it out: one folder named for the package and version.
 */
export const swift: Packer = {
  name: 'swift',
  publishedTo: 'the Swift package index (a git tag)',
  async pack({ out, dest, publishing }) {
    const name = `ElementModel-${publishing.sdkVersion}`;
    const file = `${name}.zip`;
    const files = await filesBelow(join(out, 'swift'));
    await zipFiles(join(out, 'swift'), files, name, join(dest, file));
    return [{ package: 'swift', file, checks: [`source archive: ${files.length} files`] }];
  },
};
