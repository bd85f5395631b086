/**
 * The reader's own names: one idea, one set of words, in every binding, each spelled in its language's cases
 * (`EffectiveState` and `effectiveElements` in a language of camelCase members; `EffectiveState` and
 * `effective_elements` in one of snake_case). A binding's templates take these names from here rather than spelling them, and
 * its naming config reserves the type names, so no model type can take one. TypeScript's runtime is written by hand
 * (runtime/typescript); test/emit/kit.test.ts holds its exports to the same names.
 */

import { type Case, inCase } from './naming.js';

/** Each name's words and whether it names a type or a function (a method of the answer in Swift and Kotlin). */
export const READER_WORDS = {
  /** Every state of one element as a receiver reads it, each absent state filled in. */
  effectiveState: { words: 'effective state', kind: 'type' },
  /** One element of an answer with its JSON Pointer, its depth (0 for the root) and its effective state. */
  effectiveElement: { words: 'effective element', kind: 'type' },
  /** Every element of an answer in pre-order, each an effective element. */
  effectiveElements: { words: 'effective elements', kind: 'function' },
  /** The elements on the path state's path, from the root's child down. */
  focusPath: { words: 'focus path', kind: 'function' },
} as const;

export type ReaderNames = { readonly [K in keyof typeof READER_WORDS]: string };

/** The reader's names in a language's cases for types and for functions. */
export function readerNames(cases: { readonly types: Case; readonly members: Case }): ReaderNames {
  const entries = Object.entries(READER_WORDS).map(([key, { words, kind }]) => [
    key,
    inCase(words, kind === 'type' ? cases.types : cases.members),
  ]);
  return Object.fromEntries(entries) as ReaderNames;
}

/** The reader's type names in a language's case for types, for its naming config's reserved type names. */
export function readerTypeNames(types: Case): string[] {
  return Object.values(READER_WORDS).flatMap(({ words, kind }) => (kind === 'type' ? [inCase(words, types)] : []));
}
