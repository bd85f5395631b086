import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inCase } from '../../generator/emit/kit/naming.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { withExpectations } from './binding-expectations.js';
import type { NamedBinding } from './bindings.js';
import { ROOT } from './spec.js';

/**
 * The names each generated package declares itself, read with each language's own pattern (test/bindings/<name>/expectations.ts,
 * apart from the emitters' finders) from its runtime and template sources and from the files its binding says it
 * writes whatever the model (`declares`): the oracle of test/emit/declared-names.test.ts. In a folder whose sources are
 * one file per declaration, a file's name is taken too, or a record named `Check` is a second Check.kt.
 */
function sourcesOf(folder: string): string[] {
  // Every binding has a runtime folder (test/project/registry.test.ts); a templates folder only when its target has templates.
  const dirs = [join(ROOT, 'runtime', folder), ...[join(ROOT, 'templates', folder)].filter((dir) => existsSync(dir))];
  return dirs.flatMap((dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(dir, e.name), 'utf8')));
}

/** Every name a package declares by its pattern, and the names of its files where a file is a declaration. */
export function declared(b: NamedBinding, pattern: RegExp): string[] {
  const { generated, fileNames } = b.declares;
  const texts = [...sourcesOf(b.name), ...generated.map((f) => readFileSync(join(ROOT, 'generated', b.outDir, f), 'utf8'))];
  const names = texts.flatMap((t) => [...t.matchAll(pattern)].flatMap((m) => m.slice(1).filter((g): g is string => g !== undefined)));
  const files = fileNames.flatMap((dir) => readdirSync(join(ROOT, 'generated', b.outDir, dir), { withFileTypes: true })
    .filter((e) => e.isFile()).map((e) => e.name.replace(/\.\w+$/, '')));
  return [...new Set([...names, ...files])].sort();
}

/** The names the model gives: its types', and those of each operation's request and response types. */
export function modelNames(model: CanonicalModel): Set<string> {
  const upper = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  return new Set([...model.types.map((t) => t.name), ...model.operations.flatMap((o) => [`${upper(o.name)}Request`, `${upper(o.name)}Response`])]);
}

/**
 * The union over every package of what it declares, less the model's own names and tests' names, one name for each
 * spelling in UpperCamel (`JSONValue` and `JsonValue` would be one Go type twice: two model names meeting in one
 * identifier is another check's matter), upper-case first only (the spec names its types so).
 */
export async function everyDeclaredName(own: ReadonlySet<string>): Promise<string[]> {
  const spelt = new Set<string>([...own].map((n) => inCase(n, 'UpperCamel')));
  const names: string[] = [];
  const every = (await withExpectations()).flatMap(([, b, expected]) => declared(b, expected.declarations.pattern));
  for (const name of [...new Set(every)].sort()) {
    const key = inCase(name, 'UpperCamel');
    if (!/^[A-Z]\w*$/.test(name) || name.startsWith('Test') || own.has(name) || spelt.has(key)) continue;
    spelt.add(key);
    names.push(name);
  }
  return names;
}

/** An RFC adding one record type for each name, each with one optional string field. */
export function collisionRfc(names: readonly string[]): string {
  const sections = names.map((n, i) => `### 1.${i + 1} ${n}\n\n| Field | Type | Required | Meaning |\n|---|---|---|---|\n| \`note\` | \`string\` | no | A field |\n`);
  return `# RFC-0002: Names the packages use

Record types named as the packages' own declarations.

| Field | Value |
|---|---|
| Status | Accepted |
| Version effect | Additive: 0.2.0 to 0.2.1 |
| Supersedes or amends | Amends RFC-0001 |

## 1. Specification changes

| Type | Section | Kind | Meaning |
|---|---|---|---|
${names.map((n, i) => `| \`${n}\` | 1.${i + 1} | record | Named as a declaration of the packages |`).join('\n')}

${sections.join('\n')}`;
}
