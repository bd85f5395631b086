import { type SpecData } from '../model.js';
export type Severity = 'error' | 'warning';
/** One problem found in an answer. `requirement` is null for problems of shape that no requirement names. */
export interface Finding {
    requirement: string | null;
    rule: string;
    severity: Severity;
    elementId: string | null;
    /** JSON Pointer to the offending value. */
    path: string;
    message: string;
}
/**
 * Limits the RFC leaves open (the largest tree, its depth, the size of content). Going past one is a `limit`
 * finding, never a crash.
 */
export interface CheckOptions {
    /** Most elements to read before reporting `limit` and stopping. Default 1,000,000. */
    maxElements?: number;
    /** Deepest nesting of elements to read; below it nothing is read. Default 100,000. */
    maxDepth?: number;
    /** Longest string, in UTF-16 code units, before a `limit` warning. Default 1,048,576 (1 Mi). */
    maxStringLength?: number;
}
/** The defaults of CheckOptions. */
export declare const LIMITS: Readonly<Required<CheckOptions>>;
/**
 * A checker for one protocol version's rules. It checks an answer against the structure and every requirement
 * the spec marks checkable, in one pass over the tree with an explicit stack, so depth and width are bounded
 * only by the limits in `options`.
 */
export declare function checkerFor(spec: SpecData): (answer: unknown, options?: CheckOptions) => Finding[];
/** Checks an answer by the rules of the version these types describe. */
export declare const check: (answer: unknown, options?: CheckOptions) => Finding[];
export declare function sortFindings(findings: Finding[]): Finding[];
/** True when none of the findings is an error. */
export declare const passes: (findings: readonly Finding[]) => boolean;
