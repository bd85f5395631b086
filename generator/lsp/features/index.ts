import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { SpecSnapshot } from '../snapshot.js';

// Placeholder while the features (hover, definition, references, completion, code actions, symbols, lenses) are
// written on their own branch; the server merges these capabilities into its own and calls registerFeatures.

/** The capabilities the features add to the server's initialize result. */
export const FEATURE_CAPABILITIES: ServerCapabilities = {};

/** Registers the features' request handlers; `snapshot` resolves to the newest spec as the editor sees it. */
export function registerFeatures(_connection: Connection, _snapshot: () => Promise<SpecSnapshot>): void {}
