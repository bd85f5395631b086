import type { TypeRef } from './types.js';

/** A type as a message names it. */
export const notation = (t: TypeRef): string => (t.kind === 'array' ? `${notation(t.items)}[]` : t.name);

/** Equal as JSON values, whatever the order of their keys (a model read from a file keeps its own order). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
/** A list that holds the very objects of the one before it (versions share them, model/fold.ts) has no changes. */
export const unchanged = <T>(a: readonly T[] | undefined, b: readonly T[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The items both lists hold, where their order differs: the stretch from the first to the last that moved, as each
 * list has it; null when the common items stand in the same order.
 */
export function reordered(
  before: readonly string[],
  after: readonly string[],
): { was: string[]; now: string[] } | null {
  const was = before.filter((x) => after.includes(x));
  const now = after.filter((x) => before.includes(x));
  const first = now.findIndex((x, i) => was[i] !== x);
  if (first < 0) return null;
  let last = now.length - 1;
  while (last > first && was[last] === now[last]) last--;
  return { was: was.slice(first, last + 1), now: now.slice(first, last + 1) };
}
/** Names as a message lists them. */
export const listed = (names: readonly string[]) => names.join(', ');
