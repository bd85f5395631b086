import type { AssembledModel } from '../model/assemble.js';
import type { SpecFiles } from '../spec-files.js';

/**
 * The spec as the editor sees it at one moment: the files on disk with every open buffer laid over them, read
 * and assembled exactly as `check` reads them, so the editor and the command line never disagree.
 */
export interface SpecSnapshot {
  /** The spec folder on disk, absolute. */
  readonly specDir: string;
  /** The spec's files, open buffers laid over the disk; paths as diagnostics name them ("spec/rfcs/0001-....md"). */
  readonly files: SpecFiles;
  /** `assembleModel(files)`: the model, every version's model and the diagnostics. */
  readonly assembled: AssembledModel;
  /** The spec path ("spec/rfcs/0001-....md") of an absolute file path, or null outside the spec folder. */
  specPathOf(absolute: string): string | null;
  /** The absolute file path of a spec path. */
  absolutePathOf(specPath: string): string;
}
