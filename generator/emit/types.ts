import type { CanonicalModel } from '../model/types.js';

/** One file an emitter produces, by its path under generated/. Emitters return data; only the writer writes. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

export interface EmitContext {
  /** The command that regenerates everything, for "do not edit" headers. */
  regenerate: string;
  /** The model of every version the counted RFCs made, oldest first; the last is the model being emitted. */
  versions: readonly CanonicalModel[];
}

/** One target language or artifact: a function from the model to files, in the manner of lsprotocol's plugins. */
export type Emit = (model: CanonicalModel, context: EmitContext) => GeneratedFile[] | Promise<GeneratedFile[]>;
