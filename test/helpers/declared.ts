import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inCase } from '../../generator/emit/kit/naming.js';
import type { CanonicalModel } from '../../generator/model/types.js';
import { ROOT } from './spec.js';

/**
 * The names each generated package declares itself, read with this file's own patterns (apart from the emitters'
 * finders) from the runtime and template sources and from what the real spec generates: the oracle of
 * test/declared-names.test.ts. `files` are the folders of generated/ whose sources are one file per declaration
 * (Kotlin, Swift): a file's name there is taken too, or a record named `Check` is a second Check.kt.
 */
export interface Declared {
  folder: string;
  pattern: RegExp;
  /** Files of generated/<folder>/ that the package writes whatever the model (its spec data, its model file). */
  generated: string[];
  /** Folders of generated/<folder>/ whose file names are declarations. */
  files?: string[];
}

export const DECLARED: Record<string, Declared> = {
  typescript: {
    folder: 'typescript',
    pattern: /^export\s+(?:declare\s+)?(?:interface|type|class|const|function|enum|abstract class)\s+([A-Za-z_]\w*)/gm,
    generated: ['src/model.ts', 'src/operations.ts'],
  },
  go: { folder: 'go', pattern: /^(?:type|func)\s+([A-Z]\w*)/gm, generated: ['spec.go'] },
  rust: { folder: 'rust', pattern: /\b(?:struct|enum|trait|type)\s+([A-Z]\w*)/g, generated: ['src/spec.rs'] },
  python: { folder: 'python', pattern: /^(?:class\s+([A-Z]\w*)|([A-Z]\w*)\s*(?::[^=\n]*)?=)/gm, generated: ['src/element_model/spec.py'] },
  kotlin: {
    folder: 'kotlin',
    // Top-level only: a class nested in another (Spec.kt's `StateDefault.Value`) is named through its outer one.
    pattern: /^(?:(?:internal|private|public|data|sealed|open|abstract|enum|value|fun)\s+)*(?:class|object|interface|typealias)\s+([A-Z]\w*)/gm,
    generated: ['src/main/kotlin/dev/elementmodel/Spec.kt'],
    files: ['src/main/kotlin/dev/elementmodel'],
  },
  swift: {
    folder: 'swift',
    pattern: /\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)/g,
    generated: ['Sources/ElementModel/Spec.swift'],
    files: ['Sources/ElementModel'],
  },
};

function sourcesOf(folder: string): string[] {
  const dirs = [join(ROOT, 'runtime', folder), join(ROOT, 'templates', folder)];
  return dirs.flatMap((dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(dir, e.name), 'utf8')));
}

/** Every name a package declares by this file's patterns, and the names of its files where a file is a declaration. */
export function declared(language: string): string[] {
  const { folder, pattern, generated, files } = DECLARED[language] as Declared;
  const texts = [...sourcesOf(folder), ...generated.map((f) => readFileSync(join(ROOT, 'generated', folder, f), 'utf8'))];
  const names = texts.flatMap((t) => [...t.matchAll(pattern)].flatMap((m) => m.slice(1).filter((g): g is string => g !== undefined)));
  const fileNames = (files ?? []).flatMap((dir) => readdirSync(join(ROOT, 'generated', folder, dir), { withFileTypes: true })
    .filter((e) => e.isFile()).map((e) => e.name.replace(/\.\w+$/, '')));
  return [...new Set([...names, ...fileNames])].sort();
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
export function everyDeclaredName(own: ReadonlySet<string>): string[] {
  const spelt = new Set<string>([...own].map((n) => inCase(n, 'UpperCamel')));
  const names: string[] = [];
  for (const name of [...new Set(Object.keys(DECLARED).flatMap(declared))].sort()) {
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
