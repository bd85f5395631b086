import { SPEC, type ContentBlock } from '../model.js';

/**
 * A content block of a kind this version does not define (a later MCP version may add kinds), kept as it was
 * sent: `check` flags it with a warning, and a receiver reads past it.
 */
export interface UnknownContentBlock {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A content block as a receiver reads it: a kind this version defines, typed, or any other kind, kept whole. */
export type ReadContent = { readonly known: true; readonly block: ContentBlock } | { readonly known: false; readonly block: UnknownContentBlock };

const KINDS: ReadonlySet<string> = new Set(SPEC.contentKinds.map((k) => k.type));

/**
 * Reads a content block of a parsed answer, as `readRole` reads a role: an element's content blocks may hold
 * kinds this version does not define, which `parseAnswer` keeps (they are warnings, not errors) though the
 * `ContentBlock` type does not name them.
 */
export function readContent(block: ContentBlock | UnknownContentBlock): ReadContent {
  return KINDS.has(block.type) ? { known: true, block: block as ContentBlock } : { known: false, block };
}
