import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolchainRoot } from './emit/shared/paths.js';
import { DEFAULT_DIRS } from './spec-files.js';

export interface Finding {
  requirement: string | null;
  rule: string;
  severity: 'error' | 'warning';
  elementId: string | null;
  path: string;
  message: string;
}

/** What `element-spec validate` takes from the generated package: it prints exactly what the package's validator does. */
export interface Validator {
  validateText: (text: string) => Finding[];
  validateBytes: (bytes: Uint8Array) => Finding[];
  formatFindings: (findings: readonly Finding[], name: string) => string;
  findingsJson: (findings: readonly Finding[]) => string;
  exitCodeOf: (findings: readonly Finding[]) => number;
}

export async function loadValidator(generatedDir = join(toolchainRoot(), 'generated')): Promise<Validator> {
  return (await import(pathToFileURL(join(generatedDir, 'typescript/dist/index.js')).href)) as Validator;
}

/**
 * The validator `element-spec validate` runs: the one of the generated folder named, else of ./generated when the
 * command runs in a project, else the toolchain's own; or why there is none, naming what to pass.
 */
export async function findValidator(
  generatedDir: string | undefined,
): Promise<{ validator: Validator } | { missing: string }> {
  const own = join(toolchainRoot(), 'generated');
  const candidates = generatedDir !== undefined ? [generatedDir] : [resolve(DEFAULT_DIRS.out), own];
  for (const dir of candidates) {
    if (existsSync(join(dir, 'typescript/dist/index.js'))) return { validator: await loadValidator(dir) };
  }
  return {
    missing: `no generated TypeScript package in ${candidates.join(' or ')} (typescript/dist/index.js); pass --out <the generated folder>, or run \`npm run generate\` in the project first`,
  };
}

/** A file's bytes, or standard input's for `-`: the validator reads bytes, so bytes that are not UTF-8 are a finding. */
export async function readInput(file: string): Promise<Buffer> {
  if (file !== '-') return readFile(file);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Findings for an answer's text, by the generated package's validator. */
export async function validateText(text: string, generatedDir?: string): Promise<Finding[]> {
  return (await loadValidator(generatedDir)).validateText(text);
}
