import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitAll, emitTarget } from '../generator/emit/index.js';
import { TARGETS, TEMPLATE_FOLDERS } from '../generator/emit/targets.js';
import type { CanonicalModel } from '../generator/model/types.js';
import { ROOT, realModel } from './helpers/spec.js';

const settings = (model: CanonicalModel) => ({ regenerate: 'npm run generate', versions: [model] });

describe('the target registry', () => {
  it('names each target and folder once, needs only targets it lists, in an order that ends (no cycle)', () => {
    const names = TARGETS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(TARGETS.map((t) => t.outDir)).size).toBe(names.length);
    const needs = new Map<string, readonly string[]>(TARGETS.map((t) => [t.name, t.needs]));
    const visiting = new Set<string>();
    const visit = (name: string): void => {
      expect(needs.has(name), name).toBe(true);
      expect(visiting.has(name), `a cycle through ${name}`).toBe(false);
      visiting.add(name);
      for (const n of needs.get(name) ?? []) visit(n);
      visiting.delete(name);
    };
    for (const name of names) visit(name);
    // A worker target's context crosses to another thread, where no other target's result can follow it.
    for (const t of TARGETS) if (t.thread === 'worker') expect(t.needs, t.name).toEqual([]);
  });

  it('gives the template folders that exist, each once', () => {
    for (const folder of Object.keys(TEMPLATE_FOLDERS)) expect(existsSync(join(ROOT, 'templates', folder)), folder).toBe(true);
    expect(Object.keys(TEMPLATE_FOLDERS).length).toBe(TARGETS.filter((t) => t.templates).length);
    // Each folder of the table is some target's, once, compiled as the table says.
    expect(TARGETS.flatMap((t) => (t.templates ? [t.templates.folder] : [])).sort()).toEqual(Object.keys(TEMPLATE_FOLDERS).sort());
    for (const t of TARGETS) if (t.templates) expect(t.templates.noEscape, t.name).toBe(TEMPLATE_FOLDERS[t.templates.folder as keyof typeof TEMPLATE_FOLDERS].noEscape);
  });

  it('runs a target with what it needs, and gives only its own files', async () => {
    const model = await realModel();
    const { files, diagnostics } = await emitTarget('docs', model, settings(model));
    expect(diagnostics).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.path.startsWith('docs/'), f.path).toBe(true);
  });

  it('reports a target that fails on a model as a diagnostic naming it, and never throws', async () => {
    const model = structuredClone(await realModel());
    // A model no valid spec makes: the tree's element type is missing.
    model.types = model.types.filter((t) => t.name !== model.tree.node);
    const { diagnostics } = await emitAll(model, settings(model));
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(d.message).toMatch(/^The [a-z]+ target\b/);
      expect(d.ruleId).toBe('emitter');
      expect(d.hint.length).toBeGreaterThan(0);
    }
  });
});
