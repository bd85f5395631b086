import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { assembleModel } from '../../generator/model/assemble.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { readSpecFiles } from '../../generator/spec-files.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SPEC = join(ROOT, 'spec');
export const GENERATED = join(ROOT, 'generated');
/** MCP's own example content blocks, vendored by MCP version (test/fixtures/mcp/README.md says from where). */
export const MCP_EXAMPLES = join(ROOT, 'test/fixtures/mcp');

/**
 * A scratch copy of spec/ in a temp folder, removed by `dispose`; with `true`, generated/ beside it; with 'model',
 * only generated/model, the released versions' records `generate` reads (a tenth of a second against a second for
 * the 460 files of the whole tree, which a test that generates anew or must write nothing does not need).
 */
export async function scratch(withGenerated: boolean | 'model' = false): Promise<{ dir: string; spec: string; out: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'element-spec-'));
  await cp(SPEC, join(dir, 'spec'), { recursive: true });
  if (withGenerated === 'model') await cp(join(GENERATED, 'model'), join(dir, 'generated/model'), { recursive: true });
  else if (withGenerated) await cp(GENERATED, join(dir, 'generated'), { recursive: true });
  return { dir, spec: join(dir, 'spec'), out: join(dir, 'generated'), dispose: () => rm(dir, { recursive: true, force: true }) };
}

export async function editFile(path: string, edit: (text: string) => string): Promise<void> {
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

let cached: Promise<CanonicalModel> | undefined;

/** The model of the real spec, built once per test file. */
export function realModel(): Promise<CanonicalModel> {
  cached ??= readSpecFiles(SPEC).then(async (files) => {
    const { model, diagnostics } = await assembleModel(files);
    if (!model) throw new Error(`The real spec has errors: ${JSON.stringify(diagnostics.items, null, 2)}`);
    return model;
  });
  return cached;
}

export async function listFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Every vendored MCP example block, each with its path under test/fixtures/mcp, sorted by path. */
export async function mcpExampleBlocks(): Promise<{ file: string; block: { type: string } & Record<string, unknown> }[]> {
  const files = (await listFiles(MCP_EXAMPLES)).filter((f) => f.endsWith('.json'));
  return Promise.all(files.map(async (file) => ({ file, block: JSON.parse(await readFile(join(MCP_EXAMPLES, file), 'utf8')) as { type: string } })));
}
