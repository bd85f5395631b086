import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toolchainRoot } from './emit/shared/paths.js';

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
