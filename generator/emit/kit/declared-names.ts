import { runtimeSources, templateSources } from '../core/templates.js';
import type { TemplateFolder } from '../core/template-folders.js';
import { declarationsOf } from './data-shape.js';
import { SpecDataSchema } from './spec-shape.js';

/**
 * The names a package declares itself, which no name of the model may take (quicktype's Namer hands names out
 * around what a renderer already occupies): read from the sources of its templates and runtime files, so a type
 * added there is avoided without a list to keep beside it. `find` gives a source's declared names; a template's
 * names built from expressions (`type {{name}}`) are the model's own and match no finder.
 */
export function declaredNames(folder: TemplateFolder, find: (source: string) => Iterable<string>): string[] {
  const sources = [...templateSources(folder).map((t) => t.source), ...runtimeSources(folder).values()];
  return [...new Set(sources.flatMap((source) => [...find(source)]))].sort();
}

/** The names a language's runtime files declare, for a target with no templates of code (TypeScript). */
export function runtimeDeclaredNames(folder: string, find: (source: string) => Iterable<string>): string[] {
  return [...new Set([...runtimeSources(folder).values()].flatMap((source) => [...find(source)]))].sort();
}

/**
 * Source text without its template expressions, comments, and string and character literals: the code alone. One
 * pass, so whichever starts first wins (a `//` in a string, a `"` in a character literal).
 */
const codeOf = (source: string): string =>
  source.replace(/\{\{[^}]*\}\}|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, ' ');

/**
 * The capitalised names a language's runtime and template code uses (outside comments and strings): the standard
 * library's types it names (`HashMap`, `Character`) besides its own. Where a type of the package shadows one of the
 * standard library's throughout the package (Kotlin's), no model type may take one of these either.
 * `extension` is the language's (`.kt`).
 */
export function usedTypeNames(folder: TemplateFolder, extension: string): string[] {
  // Templates of code only (`record.kt`, a partial): a README's or a manifest's words are no names.
  const code = templateSources(folder).filter((t) => t.name.endsWith(extension) || t.name.startsWith('_'));
  const sources = [...code.map((t) => t.source), ...runtimeSources(folder).values()];
  return [
    ...new Set(
      sources.flatMap((source) => [...codeOf(source).matchAll(/\b([A-Z][a-z]\w*)\b/g)].map((m) => m[1] as string)),
    ),
  ].sort();
}

/** Every match's first group that is set, for finders that are one regular expression with a flag `g`. */
export const matchesOf =
  (pattern: RegExp) =>
  (source: string): string[] =>
    [...source.matchAll(pattern)].flatMap((m) => m.slice(1).filter((g): g is string => g !== undefined));

/** The spec data's type names (each binding's Spec file declares them, from kit/spec-shape.ts's one declaration). */
export const specDataTypeNames = (): string[] => declarationsOf(SpecDataSchema).declarations.map((d) => d.name);

/**
 * The names of a language's runtime files without their extension: a target that writes a record to a file named
 * for it (Kotlin, Swift) keeps these from the model's types too, or a record named `Check` is a second Check.kt.
 */
export const runtimeFileNames = (folder: string): string[] =>
  [...runtimeSources(folder).keys()].map((name) => name.replace(/\.[^.]+$/, ''));
