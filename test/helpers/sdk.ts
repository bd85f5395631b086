import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GENERATED } from './spec.js';

/** The generated package, as a consumer imports it (its built dist/). */
export async function sdk(): Promise<typeof import('../../generated/typescript/dist/index.js')> {
  return import(pathToFileURL(join(GENERATED, 'typescript/dist/index.js')).href);
}

export interface Vector {
  name: string;
  covers: string[];
  input: unknown;
  decodes: boolean;
  strictValid: boolean;
  findings: { requirement: string | null; rule: string; severity: string; elementId: string | null; path: string }[];
  elements?: Record<string, string | boolean>[];
}

export async function vectors(): Promise<Vector[]> {
  const dir = join(GENERATED, 'conformance/vectors');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as Vector));
}

export async function schema(kind: 'strict' | 'lenient'): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(GENERATED, `schema/answer.${kind}.schema.json`), 'utf8'));
}
