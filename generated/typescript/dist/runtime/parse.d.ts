import { type Answer } from '../model.js';
import { type Finding } from './check.js';
export declare class AnswerError extends Error {
    readonly findings: readonly Finding[];
    constructor(message: string, findings?: readonly Finding[]);
}
/** The protocol versions this package reads. */
export declare const SUPPORTED_VERSIONS: readonly string[];
/**
 * Parses an answer's JSON text, reads its protocol version, and checks it by that version's rules. Throws an
 * AnswerError for text that is not JSON, that repeats a key in one object or holds a lone surrogate (refused as
 * the Swift and Kotlin bindings refuse them), a version this package does not know, or an answer with errors.
 */
export declare function parseAnswer(json: string): {
    answer: Answer;
    findings: Finding[];
};
