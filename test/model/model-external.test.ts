import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics/report.js';
import type { ExternalTypeRow } from '../../generator/read/reference.js';
import { loadExternalTypes } from '../../generator/model/external.js';
import { ROOT } from '../helpers/spec.js';

// loadExternalTypes on rows written here, not read from the spec: what it loads from the pinned MCP package, and
// what it says of a row it cannot load.
const MCP = '@modelcontextprotocol/sdk/types.js';
const place = { file: 'spec/reference/external-types.md', line: 13, column: 3 };
const row = (over: Partial<ExternalTypeRow> = {}): ExternalTypeRow => ({
  name: 'ContentBlock', module: MCP, export: 'ContentBlockSchema', format: 'zod', versionExport: 'LATEST_PROTOCOL_VERSION', prefix: 'Mcp', place, ...over,
});
const said = (d: Diagnostics) => d.items.map((i) => `${i.ruleId} ${i.line}:${i.column} ${i.message}`);

/** Every key of every object in a JSON value, and every `$ref` it holds. */
function walk(value: unknown, keys: Set<string>, refs: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) walk(v, keys, refs);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      if (k === '$ref' && typeof v === 'string') refs.add(v);
      walk(v, keys, refs);
    }
  }
}

describe('loadExternalTypes', () => {
  it('loads a zod type with the installed package version, the other spec\'s version, and only the definitions it reaches', async () => {
    const d = new Diagnostics();
    const [type] = await loadExternalTypes([row()], new Set(['Role', 'Element']), d);
    expect(said(d)).toEqual([]);
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')) as { version: string };
    const { LATEST_PROTOCOL_VERSION } = await import(MCP);
    expect(type).toMatchObject({ name: 'ContentBlock', module: MCP, export: 'ContentBlockSchema', format: 'zod', package: '@modelcontextprotocol/sdk', packageVersion: installed.version, protocolVersion: LATEST_PROTOCOL_VERSION });
    const names = Object.keys(type?.definitions ?? {});
    expect(names).toEqual([...names].sort());
    // Their Role clashes with ours, so it takes the prefix; a name that clashes with nothing keeps its own.
    expect(names).toContain('McpRole');
    expect(names).not.toContain('Role');
    expect(names).toContain('TextContent');
    // The root is the type itself, not a definition; nothing unreached (a request type) is kept.
    expect(names).not.toContain('ContentBlock');
    expect(names.some((n) => n.endsWith('Request'))).toBe(false);
    const keys = new Set<string>();
    const refs = new Set<string>();
    walk({ schema: type?.schema, definitions: type?.definitions }, keys, refs);
    expect(keys.has('$schema')).toBe(false);
    expect(keys.has('$id')).toBe(false);
    expect(refs.size).toBeGreaterThan(0);
    // Every reference names a definition kept, or the type itself.
    for (const ref of refs) expect(['ContentBlock', ...names]).toContain(ref.replace('#/$defs/', ''));
    // Each definition kept is reached from the root.
    const reached = new Set<string>();
    const queue = [type?.schema];
    while (queue.length) {
      const innerRefs = new Set<string>();
      walk(queue.pop(), new Set(), innerRefs);
      for (const r of innerRefs) {
        const n = r.replace('#/$defs/', '');
        if (!reached.has(n) && n !== 'ContentBlock') { reached.add(n); queue.push(type?.definitions[n]); }
      }
    }
    expect([...reached].sort()).toEqual(names);
  });

  it('keeps a name that clashes with none of ours, and gives no version when the row names no export for it', async () => {
    const d = new Diagnostics();
    const [type] = await loadExternalTypes([row({ versionExport: null })], new Set(['Element']), d);
    expect(said(d)).toEqual([]);
    expect(type?.protocolVersion).toBeNull();
    expect(Object.keys(type?.definitions ?? {})).toContain('Role');
    expect(Object.keys(type?.definitions ?? {})).not.toContain('McpRole');
  });

  it('prefixes a name again while the prefixed one is a type of ours too (a spec with a McpRole type)', async () => {
    const d = new Diagnostics();
    const [type] = await loadExternalTypes([row()], new Set(['Role', 'McpRole', 'Element']), d);
    expect(said(d)).toEqual([]);
    const names = Object.keys(type?.definitions ?? {});
    expect(names).toContain('McpMcpRole');
    expect(names).not.toContain('McpRole');
    expect(JSON.stringify(type)).toContain('"#/$defs/McpMcpRole"');
  });

  it('hands each caller its own copy of a conversion it made once', async () => {
    const [first] = await loadExternalTypes([row()], new Set(['Role']), new Diagnostics());
    if (!first) throw new Error('not loaded');
    first.definitions = {};
    first.schema = {};
    const [second] = await loadExternalTypes([row()], new Set(['Role']), new Diagnostics());
    expect(Object.keys(second?.definitions ?? {}).length).toBeGreaterThan(0);
    expect(second?.schema).not.toEqual({});
  });

  it('says which formats there are for one it does not know, and loads nothing for that row', async () => {
    const d = new Diagnostics();
    const out = await loadExternalTypes([row({ format: 'typebox' })], new Set(), d);
    expect(out).toEqual([]);
    expect(said(d)).toEqual(['bad-cell 13:3 The Format must be one of: zod']);
  });

  it('says what went wrong for an export that is not a zod schema, and for a module that is not there, each time asked', async () => {
    for (let round = 0; round < 2; round++) {
      const d = new Diagnostics();
      const out = await loadExternalTypes([row({ export: 'LATEST_PROTOCOL_VERSION' }), row({ module: 'no-such-package/types.js' })], new Set(), d);
      expect(out).toEqual([]);
      expect(said(d)).toEqual([
        `external-type 13:3 ContentBlock could not be loaded from ${MCP}: LATEST_PROTOCOL_VERSION is not a zod schema`,
        expect.stringMatching(/^external-type 13:3 ContentBlock could not be loaded from no-such-package\/types\.js: .*no-such-package/),
      ]);
    }
  });
});
