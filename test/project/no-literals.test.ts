import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../generator/emit/targets.js';
import { ROOT, listFiles, realModel } from '../helpers/spec.js';

/**
 * The emitters, the templates and the runtimes: where no fact of the spec may be typed. (The extractor reads the spec's
 * notation, whose words, such as the Rule phrase "The root", may coincide with names in the model.)
 */
async function sources(): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const dir of ['generator/emit', 'templates', 'runtime']) {
    for (const rel of await listFiles(join(ROOT, dir))) {
      out.push({ path: `${dir}/${rel}`, text: await readFile(join(ROOT, dir, rel), 'utf8') });
    }
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the spec is the one source of truth', () => {
  it('no role name, field name, Apple role or requirement id is written into the generator or a template', async () => {
    const model = await realModel();
    const fields = new Set<string>();
    for (const t of model.types) if (t.kind === 'record') for (const f of t.fields) fields.add(f.name);
    for (const a of model.attributes) fields.add(a.name);
    for (const st of model.states) fields.add(st.field);
    const words = [...new Set([...model.roles.map((r) => r.name), ...fields, ...model.appleRoles.map((a) => a.name)])];
    const quoted = new RegExp(`(['"\`])(${words.map(escape).join('|')})\\1`, 'g');
    const apple = new RegExp(`\\b(${model.appleRoles.flatMap((a) => [a.value, ...(a.constant ? [a.constant] : [])]).map(escape).join('|')})\\b`, 'g');
    const requirement = new RegExp(`\\b(${model.requirements.map((r) => escape(r.id)).join('|')})\\b`, 'g');
    const leaks: string[] = [];
    for (const { path, text } of await sources()) {
      text.split('\n').forEach((line, i) => {
        // A target language's reserved words (Swift's `protocol`, Kotlin's `List`) may coincide with the spec's.
        if (path.endsWith('/naming.ts') && /KEYWORDS|RESERVED/i.test(text)) return;
        // `attributes` is also one of the spec's type kinds (the Kind column), which emitters do test for, or list
        // with the others.
        let line2 = /kind|Kind|'record', 'enum'/.test(line) ? line.replace(/(['"`])attributes\1/g, '') : line;
        // An HTML attribute set on a rendered page (a heading's `id`) is HTML's word, not the spec's.
        if (path.startsWith('generator/emit/site/')) line2 = line2.replace(/\.attr(Set|Get)\((['"`])[a-z]+\2/g, '');
        for (const re of [quoted, apple, requirement]) {
          for (const m of line2.matchAll(re)) leaks.push(`${path}:${i + 1}: ${m[0]}`);
        }
      });
    }
    expect(leaks).toEqual([]);
  });

  it('no operation name is written into the generator or a template', async () => {
    const model = await realModel();
    expect(model.operations.length).toBeGreaterThan(0);
    // Quoted as a string, the way a name would be used; a doc comment may cite one in backticks.
    const quoted = new RegExp(`(['"])(${model.operations.map((o) => escape(o.name)).join('|')})\\1`, 'g');
    const leaks: string[] = [];
    for (const { path, text } of await sources()) {
      text.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(quoted)) leaks.push(`${path}:${i + 1}: ${m[0]}`);
      });
    }
    expect(leaks).toEqual([]);
  });

  it('looks at every target of the registry: its emitter folder and its templates', async () => {
    const paths = (await sources()).map((s) => s.path);
    for (const t of TARGETS) {
      expect(paths.some((p) => p.startsWith(`generator/emit/${t.name}/`)), t.name).toBe(true);
      if (t.templates) expect(paths.some((p) => p.startsWith(`templates/${t.templates.folder}/`)), t.name).toBe(true);
    }
  });
});
