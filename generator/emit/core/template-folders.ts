import type { TemplateOptions } from './target.js';

/**
 * The folders of templates/ and how Handlebars compiles each (code templates write text as it is; HTML would
 * escape it). A target with templates names its folder here and in its registry entry (`templateFolder`); the
 * template loader and the build's precompile read this table, so neither imports the registry, which imports
 * every emitter.
 */
export const TEMPLATE_FOLDERS = {
  docs: { noEscape: true, strict: true },
  go: { noEscape: true, strict: true },
  kotlin: { noEscape: true, strict: true },
  python: { noEscape: true, strict: true },
  rust: { noEscape: true, strict: true },
  swift: { noEscape: true, strict: true },
} as const satisfies Record<string, { noEscape: boolean; strict: true }>;

export type TemplateFolder = keyof typeof TEMPLATE_FOLDERS;

/** A registry entry's `templates`: the folder, compiled as the table says. */
export const templateFolder = (folder: TemplateFolder): TemplateOptions => ({
  folder,
  noEscape: TEMPLATE_FOLDERS[folder].noEscape,
});
