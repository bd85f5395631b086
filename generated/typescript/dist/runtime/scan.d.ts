/**
 * A pass over JSON text that refuses what JSON.parse would quietly accept but the Swift and Kotlin bindings
 * refuse, so all three read the same text the same way: a key repeated in one object (JSON.parse keeps the last)
 * and a lone surrogate, escaped or raw. One pass, an explicit stack, no recursion. Returns null when the text
 * passes, or what is wrong; malformed JSON is left to JSON.parse.
 */
export declare function scanJson(text: string): string | null;
