import { createRequire } from 'node:module';

/**
 * ts-morph, loaded with require. ts-morph is CommonJS; an ESM `import` of it first runs Node's CommonJS export
 * lexer over its 950 KB bundle to find the named exports (about 90 ms, and as much again in the optimizing
 * compiler's threads), which require skips.
 */
const morph = createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph');

export const { StructureKind, VariableDeclarationKind, printStructure, ts } = morph;
