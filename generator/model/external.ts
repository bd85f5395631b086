import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostics } from '../diagnostics/report.js';
import type { ExternalTypeRow } from '../read/reference.js';
import type { ExternalType } from './types.js';

type JsonSchema = Record<string, unknown>;

/** The package a module specifier belongs to: `@scope/name/sub.js` -> `@scope/name`; a path is its own. */
function packageOf(specifier: string): string {
  if (/^[./]/.test(specifier)) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The installed version of a package, found by walking up from the file the module resolved to. */
function installedVersion(pkg: string, resolvedUrl: string): string {
  let dir = dirname(fileURLToPath(resolvedUrl));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === pkg && manifest.version) return manifest.version;
    } catch {
      // no package.json at this level
    }
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

function refsIn(schema: unknown, into: string[]): void {
  if (Array.isArray(schema)) for (const item of schema) refsIn(item, into);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') into.push(value.replace('#/$defs/', ''));
      else refsIn(value, into);
    }
  }
}

function renameRefs(schema: unknown, rename: Map<string, string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => renameRefs(item, rename));
  if (schema && typeof schema === 'object') {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$schema' || key === '$id') continue;
      if (key === '$ref' && typeof value === 'string') {
        const target = value.replace('#/$defs/', '');
        out[key] = `#/$defs/${rename.get(target) ?? target}`;
      } else out[key] = renameRefs(value, rename);
    }
    return out;
  }
  return schema;
}

/**
 * Loads a zod-written type from its package and converts it to JSON Schema with zod's own converter. Every schema
 * the module exports is named after its export (`TextContentSchema` -> `TextContent`), so the definitions keep the
 * other specification's names; only those the type reaches are kept.
 */
async function loadZod(row: ExternalTypeRow, reserved: ReadonlySet<string>): Promise<LoadedExternal> {
  const resolved = import.meta.resolve(row.module);
  const mod = (await import(row.module)) as Record<string, unknown>;
  const root = mod[row.export];
  const z = await import('zod/v4');
  if (!root || typeof root !== 'object' || !('_zod' in root)) throw new Error(`${row.export} is not a zod schema`);
  const registry = z.registry<{ id: string }>();
  const named = new Set<unknown>();
  // A module namespace lists its exports sorted by name, so an alias is always named after its first name.
  for (const [key, value] of Object.entries(mod)) {
    if (key.endsWith('Schema') && value && typeof value === 'object' && '_zod' in value && !named.has(value)) {
      named.add(value);
      registry.add(value as Parameters<typeof registry.add>[0], { id: key.slice(0, -'Schema'.length) });
    }
  }
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id: string) => `#/$defs/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const rootId = row.export.slice(0, -'Schema'.length);
  const reached = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (reached.has(id) || !converted.schemas[id]) continue;
    reached.add(id);
    refsIn(converted.schemas[id], stack);
  }
  reached.delete(rootId);
  const rename = new Map<string, string>([[rootId, row.name]]);
  // A definition named as a model type takes the prefix, again while that name is a model type's too (`Role`, then
  // `McpRole` where the spec has a type of that name).
  const free = (id: string): string => (reserved.has(id) ? free(`${row.prefix}${id}`) : id);
  for (const id of reached) rename.set(id, free(id));
  const definitions: Record<string, JsonSchema> = {};
  // Sorted by the names they are given here, as every other name list of the model is.
  for (const [id, name] of [...reached]
    .map((r) => [r, rename.get(r) as string] as const)
    .sort(([, a], [, b]) => (a < b ? -1 : 1))) {
    definitions[name] = renameRefs(converted.schemas[id], rename) as JsonSchema;
  }
  const pkg = packageOf(row.module);
  const version = row.versionExport ? mod[row.versionExport] : null;
  const schema = renameRefs(converted.schemas[rootId], rename) as JsonSchema;
  return {
    name: row.name,
    module: row.module,
    export: row.export,
    format: row.format,
    package: pkg,
    packageVersion: installedVersion(pkg, resolved),
    protocolVersion: typeof version === 'string' ? version : null,
    kinds: [...kindDefinitions({ schema, definitions }).keys()],
    schema,
    definitions,
  };
}

/** An external type as its package gives it, before the RFC row that declares what it follows is attached. */
export type LoadedExternal = Omit<ExternalType, 'source'>;

/** A union's kinds (each member's `type` constant, as MCP tags its content blocks) and the definition each names. */
export function kindDefinitions(ext: Pick<ExternalType, 'schema' | 'definitions'>): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const member of (ext.schema.anyOf ?? []) as { $ref?: string }[]) {
    const name = member.$ref?.replace('#/$defs/', '');
    const type = name
      ? (ext.definitions[name]?.properties as Record<string, { const?: unknown }> | undefined)?.type?.const
      : undefined;
    if (name && typeof type === 'string') kinds.set(type, name);
  }
  return kinds;
}

/** A kind's wire format: its definition and every definition it reaches, so a change deep in it is seen. */
export function kindShape(ext: Pick<ExternalType, 'definitions'>, definition: string): Record<string, unknown> {
  const shape: Record<string, unknown> = {};
  const stack = [definition];
  while (stack.length) {
    const id = stack.pop() as string;
    if (id in shape || !ext.definitions[id]) continue;
    shape[id] = ext.definitions[id];
    refsIn(ext.definitions[id], stack);
  }
  return shape;
}

const LOADERS: Record<string, typeof loadZod> = { zod: loadZod };

/** Conversions are pure for a pinned package, so each is done once per process (watch mode rebuilds often). */
const loaded = new Map<string, Promise<LoadedExternal>>();

export async function loadExternalTypes(
  rows: readonly ExternalTypeRow[],
  reserved: ReadonlySet<string>,
  diagnostics: Diagnostics,
): Promise<LoadedExternal[]> {
  const out: LoadedExternal[] = [];
  for (const row of rows) {
    const loader = LOADERS[row.format];
    if (!loader) {
      diagnostics.error(
        'bad-cell',
        row.place,
        `The Format must be one of: ${Object.keys(LOADERS).join(', ')}`,
        row.format,
      );
      continue;
    }
    const key = JSON.stringify([
      row.name,
      row.module,
      row.export,
      row.format,
      row.versionExport,
      row.prefix,
      [...reserved].sort(),
    ]);
    let pending = loaded.get(key);
    if (!pending) loaded.set(key, (pending = loader(row, reserved)));
    try {
      out.push(structuredClone(await pending));
    } catch (error) {
      loaded.delete(key);
      diagnostics.error(
        'external-type',
        row.place,
        `${row.name} could not be loaded from ${row.module}: ${(error as Error).message}`,
        row.export,
      );
    }
  }
  return out;
}
