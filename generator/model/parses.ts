import type { SpecDocument } from '../read/tables.js';

/** Parsed spec files, each by its path and exact text (`cacheKey`), for assembleModel to reuse. */
export interface ParseCache {
  get(key: string): SpecDocument | undefined;
  set(key: string, doc: SpecDocument): void;
}

export const cacheKey = (path: string, text: string): string => `${path}\0${text}`;

/**
 * The last `size` files parsed or reused. Least recently used goes first, so in watch mode the files nobody edits
 * stay parsed however many versions of the edited one pass through.
 */
export class RecentParses implements ParseCache {
  private readonly docs = new Map<string, SpecDocument>();

  constructor(private readonly size: number) {}

  has(key: string): boolean {
    return this.docs.has(key);
  }

  get(key: string): SpecDocument | undefined {
    const doc = this.docs.get(key);
    // A Map iterates in insertion order: set again, the entry is the newest.
    if (doc) this.set(key, doc);
    return doc;
  }

  set(key: string, doc: SpecDocument): void {
    this.docs.delete(key);
    if (this.docs.size >= this.size) this.docs.delete(this.docs.keys().next().value as string);
    this.docs.set(key, doc);
  }
}
