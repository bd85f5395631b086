import { createHash } from 'node:crypto';
import type { SpecDocument } from '../../generator/read/tables.js';
import { type ParseCache, RecentParses } from '../../generator/model/parses.js';

/**
 * The fuzzer's parsed files: the recent ones, as assembleModel keeps them, and those of texts seen more than once,
 * each by its exact text. A mutation with few outcomes (a BOM, CRLF line ends, a row deleted or duplicated, a cell
 * changed) gives the same text again hundreds of inputs later, long after 64 other texts; most texts come once.
 */
export class FuzzParses implements ParseCache {
  private readonly recent = new RecentParses(64);
  private readonly again = new RecentParses(256);
  /** A hash of each text seen, not the text: a mutated RFC is 15 KB. */
  private readonly seen = new Set<string>();

  get(key: string): SpecDocument | undefined {
    const doc = this.again.get(key) ?? this.recent.get(key);
    if (doc && !this.again.has(key)) this.again.set(key, doc);
    return doc;
  }

  set(key: string, doc: SpecDocument): void {
    const hash = createHash('sha1').update(key).digest('base64');
    if (this.seen.has(hash)) this.again.set(key, doc);
    else this.recent.set(key, doc);
    this.seen.add(hash);
  }
}
