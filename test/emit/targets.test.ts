import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitAll, emitTarget } from '../../generator/emit/index.js';
import { TARGETS, TEMPLATE_FOLDERS } from '../../generator/emit/targets.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { ROOT, realModel } from '../helpers/spec.js';

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

describe('templates and runtimes', () => {
  /** The longest run of lines in a template that holds no Handlebars expression. */
  const longestStaticRun = (text: string): number => {
    let run = 0;
    let longest = 0;
    for (const line of text.split('\n')) {
      run = line.includes('{{') ? 0 : run + 1;
      longest = Math.max(longest, run);
    }
    return longest;
  };

  it('holds no 100 lines of code the spec does not decide in a template: that is runtime/<language>/ source', () => {
    const RUN = 100;
    const folders = readdirSync(join(ROOT, 'templates'));
    const long = folders.flatMap((folder) =>
      readdirSync(join(ROOT, 'templates', folder))
        .filter((f) => f.endsWith('.hbs'))
        .map((f) => ({ file: `templates/${folder}/${f}`, run: longestStaticRun(readFileSync(join(ROOT, 'templates', folder, f), 'utf8')) }))
        .filter((t) => t.run >= RUN),
    );
    expect(long).toEqual([]);
    // The measure itself: a run of RUN plain lines is caught, an expression ends a run.
    expect(longestStaticRun(`{{header}}\n${'x\n'.repeat(RUN)}`)).toBeGreaterThanOrEqual(RUN);
    expect(longestStaticRun(`${'x\n'.repeat(RUN / 2)}{{name}}\n${'x\n'.repeat(RUN / 2)}`)).toBeLessThan(RUN);
  });

  it('puts every runtime file of a language into its package, below the generated header', async () => {
    const model = await realModel();
    const { files } = await emitAll(model, settings(model));
    for (const language of readdirSync(join(ROOT, 'runtime'))) {
      if (language === 'typescript') continue; // compiled into the package's dist (typescript.test.ts)
      const made = files.filter((f) => f.path.startsWith(`${language}/`));
      for (const name of readdirSync(join(ROOT, 'runtime', language))) {
        const source = readFileSync(join(ROOT, 'runtime', language, name), 'utf8');
        // Cargo.lock's own entry takes the SDK's version (rust/cargo-lock.ts); its head is as Cargo wrote it.
        const body = name === 'Cargo.lock' ? source.slice(0, 200) : source;
        expect(made.some((f) => f.contents.includes(body)), `runtime/${language}/${name}`).toBe(true);
      }
    }
  });
});
