import type { Diagnostic } from '../../diagnostics/report.js';
import type { CanonicalModel } from '../../model/types.js';
import type { Packer } from '../../release/packer.js';
import type { Publishing } from '../shared/publishing.js';
import type { Binding } from './binding.js';

/** One file an emitter produces, by its path under generated/. Emitters return data; only the writer writes. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

/** What every target is given, besides the model. Plain data, so it can go to the worker thread. */
export interface EmitSettings {
  /** The command that regenerates everything, for "do not edit" headers. */
  regenerate: string;
  /** The model of every version the counted RFCs made, oldest first; the last is the model being emitted. */
  versions: readonly CanonicalModel[];
  /**
   * The packaging facts (SDK version, repository, developers) to publish with; absent, the project's
   * publishing.json (shared/publishing.ts). Tests set them to sample values.
   */
  publishing?: Publishing;
}

/**
 * What a target hands the targets that declare it in `needs`, beyond its files: the data it built them from, so
 * a dependent reuses the work instead of importing and repeating it. Each target that shares adds its own entry,
 * by its name, where it is defined (`declare module '../types.js'`), so this interface knows no target; a target
 * with nothing to share is absent.
 */
// biome-ignore lint/suspicious/noEmptyInterface: targets add their entries by declaration merging, which a type alias cannot take.
export interface SharedData {}

/** The output of one target: its files, what it found wrong on the way, and any data it shares. */
export interface TargetResult<Data = undefined> {
  files: GeneratedFile[];
  /** Problems the target met in the model; a target reports them here and never throws on a model. */
  diagnostics: Diagnostic[];
  data?: Data;
}

export type ResultOf<Name extends string> = TargetResult<Name extends keyof SharedData ? SharedData[Name] : undefined>;

export interface EmitContext extends EmitSettings {
  /** The result of a target this one declares in `needs`; asking for any other is an error in the registry. */
  needed<Name extends string>(name: Name): Promise<ResultOf<Name>>;
}

/** An emitter that needs no other target and finds nothing to report: files alone, made a result by the registry. */
export type EmitFiles = (model: CanonicalModel, settings: EmitSettings) => GeneratedFile[] | Promise<GeneratedFile[]>;

/** How a folder of Handlebars templates is compiled: code templates write text as it is, HTML escapes it. */
export interface TemplateOptions {
  /** The folder under templates/. */
  folder: string;
  noEscape: boolean;
}

/**
 * One target language or artifact, in the manner of lsprotocol's plugins. Everything the toolchain knows about a
 * target is here: the registry (targets.ts) lists them once, and the template folders, the precompile list and
 * the worker split are read from that list.
 */
export interface Target {
  /** Its name on the command line and in `needs`. */
  readonly name: string;
  /** The folder under generated/ it owns; it writes nothing outside it. */
  readonly outDir: string;
  /** Its Handlebars templates, or null when it has none. */
  readonly templates: TemplateOptions | null;
  /** The targets whose results it reads (through `context.needed`), so they run first. */
  readonly needs: readonly string[];
  /**
   * Where it runs: 'worker' targets (which must need nothing, as their context crosses to another thread) go to
   * the worker thread when one is running, in registry order; the rest run on the main thread meanwhile.
   */
  readonly thread: 'main' | 'worker';
  /** Its files and diagnostics. Loads the target's code when first called, so an unused target costs nothing. */
  emit(model: CanonicalModel, context: EmitContext): Promise<TargetResult<unknown>>;
  /** How `release` packs its folder, loaded when a release runs; absent for a target that is not released on its own. */
  readonly packer?: () => Promise<Packer>;
  /** What a language binding joins beyond its files (toolchain, runner, suites, test files); absent for an artifact that is no language. */
  readonly binding?: Binding;
}
