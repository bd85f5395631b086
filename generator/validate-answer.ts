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

interface Sdk {
  check: (answer: unknown) => Finding[];
  readJson: (text: string) => { value: unknown; problem?: undefined } | { problem: string };
}

/** The checker of the generated TypeScript package: the CLI reports exactly what the package's `check` does. */
async function loadSdk(generatedDir: string): Promise<Sdk> {
  return (await import(pathToFileURL(join(generatedDir, 'typescript/dist/index.js')).href)) as Sdk;
}

export async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Findings for an answer's text; text that is not JSON is one finding at the document's root. */
export async function validateText(text: string, generatedDir = join(toolchainRoot(), 'generated')): Promise<Finding[]> {
  const sdk = await loadSdk(generatedDir);
  const read = sdk.readJson(text);
  if (read.problem !== undefined) return [{ requirement: null, rule: 'json', severity: 'error', elementId: null, path: '', message: read.problem }];
  return sdk.check(read.value);
}

export function formatFindings(findings: readonly Finding[], name: string): string {
  if (findings.length === 0) return `${name}: no findings\n`;
  const lines = findings.map((f) => {
    const where = f.path === '' ? '/' : f.path;
    const id = f.elementId === null ? '' : ` (element ${JSON.stringify(f.elementId)})`;
    return `  ${where}${id}\n    ${f.severity} ${f.message}  ${[f.requirement, f.rule].filter(Boolean).join(' ')}`;
  });
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  return `${name}\n${lines.join('\n')}\n\n${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`;
}
