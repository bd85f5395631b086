import type { GeneratedFile } from '../core/target.js';

/**
 * The conformance target's files of the current version (not those under `versions/`), moved under `folder`: a
 * package's own copy of the vectors its tests run, byte for byte the same as generated/conformance.
 */
export function bundleVectors(conformance: readonly GeneratedFile[], folder: string): GeneratedFile[] {
  return conformance.flatMap((file) => {
    const rest = file.path.replace(/^[^/]+\//, '');
    return rest.startsWith('versions/') ? [] : [{ path: `${folder}/${rest}`, contents: file.contents }];
  });
}
