import type { Lines } from '../core/lines.js';

// Small pieces of Go every declaration writer uses.

/** What writes Go into the lines it is given. */
export type Write = (w: Lines) => void;

/** `if err != nil { <returns> }`. */
export const ifErr = (w: Lines, returns: string) => w.block('if err != nil {', (b) => b.line(returns), '}');

/** A deprecation as Go's tools read it: a paragraph that starts "Deprecated: " ("Deprecated: since 0.2.1; use Text."). */
export const goDeprecated = (message: string) => `Deprecated: ${message.replace(/^Deprecated /, '')}`;
