import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { toolchainRoot } from '../emit/shared/paths.js';

/**
 * Work `npm run build` does once instead of every `generate`: templates compiled to functions, the model
 * schema's validator as code, the TypeScript runtime transpiled. Each entry carries a hash of its input, and
 * a reader uses it only when the hash matches, so an edited template is compiled on the spot, never read stale.
 */
export const PRECOMPILED_FILES = {
  templates: 'templates.cjs',
  modelValidator: 'model-validator.cjs',
  typescriptRuntime: 'typescript-runtime.json',
} as const;

export const precompiledDir = (): string => join(toolchainRoot(), 'dist', 'precompiled');

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

const load = createRequire(import.meta.url);
const modules = new Map<string, unknown>();

/**
 * A precompiled file read once per process, or null when the build did not make it or when
 * ELEMENT_SPEC_PRECOMPILED=off (the tests compare both ways).
 */
export function precompiled<T>(file: (typeof PRECOMPILED_FILES)[keyof typeof PRECOMPILED_FILES]): T | null {
  if (!modules.has(file)) {
    const path = join(precompiledDir(), file);
    modules.set(file, process.env.ELEMENT_SPEC_PRECOMPILED !== 'off' && existsSync(path) ? (load(path) as T) : null);
  }
  return modules.get(file) as T | null;
}

/** Loads a CommonJS module synchronously (Handlebars and TypeScript are CommonJS; emitters render synchronously). */
export const requireModule = <T>(specifier: string): T => load(specifier) as T;
