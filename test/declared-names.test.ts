import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GO_NAMING } from '../generator/emit/go/naming.js';
import { PYTHON_NAMING } from '../generator/emit/python/naming.js';
import { RUST_NAMING } from '../generator/emit/rust/naming.js';
import { SWIFT_NAMING } from '../generator/emit/swift/naming.js';
import { ROOT, realModel, scratch } from './helpers/spec.js';
import { TOOLCHAIN_CACHE, requireTool } from './helpers/toolchain.js';

/**
 * Names allocated around what each package declares itself (issue 39, item 2): a model type named as one of the
 * package's own declarations (an RFC adding a record `RoleAlias`, which spec.go declares) must be given another
 * name, or the package does not compile. The names here are read with this test's own patterns from the runtime
 * and template sources, and from the generated spec data, apart from the emitters' finders.
 */
const PATTERNS: Record<string, { folder: string; pattern: RegExp; reserved: ReadonlySet<string> }> = {
  go: { folder: 'go', pattern: /^(?:type|func)\s+([A-Z]\w*)/gm, reserved: GO_NAMING.reservedTypes },
  swift: { folder: 'swift', pattern: /\b(?:struct|enum|class|protocol|typealias)\s+([A-Z]\w*)/g, reserved: SWIFT_NAMING.reservedTypes },
  rust: { folder: 'rust', pattern: /\b(?:struct|enum|trait|type)\s+([A-Z]\w*)/g, reserved: RUST_NAMING.reservedTypes },
  python: { folder: 'python', pattern: /^class\s+([A-Z]\w*)/gm, reserved: PYTHON_NAMING.reservedTypes },
};

function sourcesOf(folder: string): string[] {
  const dirs = [join(ROOT, 'runtime', folder), join(ROOT, 'templates', folder)];
  return dirs.flatMap((dir) => readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8')));
}

/** The spec data's declarations, as the generated package prints them (its Spec file). */
const SPEC_FILES: Record<string, string> = { go: 'go/spec.go', swift: 'swift/Sources/ElementModel/Spec.swift', rust: 'rust/src/spec.rs', python: 'python/src/element_model/spec.py' };

function declared(language: string): string[] {
  const { folder, pattern } = PATTERNS[language] as (typeof PATTERNS)[string];
  const texts = [...sourcesOf(folder), readFileSync(join(ROOT, 'generated', SPEC_FILES[language] as string), 'utf8')];
  return [...new Set(texts.flatMap((t) => [...t.matchAll(pattern)].map((m) => m[1] as string)))].sort();
}

describe('names the packages declare themselves', () => {
  it.each(Object.keys(PATTERNS))('%s: every type its runtime, templates and spec data declare is kept from the model', async (language) => {
    const model = await realModel();
    const own = new Set([...model.types.map((t) => t.name), 'Role', 'ContentBlock']);
    const names = declared(language).filter((n) => !own.has(n));
    expect(names.length).toBeGreaterThan(5);
    const reserved = (PATTERNS[language] as (typeof PATTERNS)[string]).reserved;
    expect(names.filter((n) => !reserved.has(n))).toEqual([]);
  });

  it('an RFC whose record types are named as the Go package\'s own declarations generates a Go package that builds and vets', async (ctx) => {
    const model = await realModel();
    const own = new Set(model.types.map((t) => t.name));
    // The TypeScript target still refuses a model type named as one of its own declarations (a located emitter
    // diagnostic, not a name allocated around it), so the RFC leaves those out.
    const typescript = new Set(readdirSync(join(ROOT, 'generated/typescript/src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(ROOT, 'generated/typescript/src', f), 'utf8').matchAll(/^export (?:interface|type|class|const|function) ([A-Z]\w*)/gm)].map((m) => m[1] as string)));
    // Kotlin and Swift write a record to a file named for it: a record named as a runtime file (Check) must not be a second one.
    const files = ['kotlin', 'swift'].flatMap((f) => readdirSync(join(ROOT, 'runtime', f)).map((n) => n.replace(/\.\w+$/, '')));
    const names = [...new Set([...declared('go'), ...files])].filter((n) => !own.has(n) && !typescript.has(n) && !n.startsWith('Test'));
    const s = await scratch(false);
    try {
      const sections = names.map((n, i) => `### 1.${i + 1} ${n}\n\n| Field | Type | Required | Meaning |\n|---|---|---|---|\n| \`note\` | \`string\` | no | A field |\n`);
      const rfc = `# RFC-0002: Names the packages use\n\nRecord types named as the packages' own declarations.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | Additive: 0.2.0 to 0.2.1 |\n| Supersedes or amends | Amends RFC-0001 |\n\n## 1. Specification changes\n\n| Type | Section | Kind | Meaning |\n|---|---|---|---|\n${names.map((n, i) => `| \`${n}\` | 1.${i + 1} | record | Named as a declaration of the packages |`).join('\n')}\n\n${sections.join('\n')}`;
      await writeFile(join(s.spec, 'rfcs/0002-names.md'), rfc);
      const generated = spawnSync(process.execPath, [join(ROOT, 'bin/element-spec.js'), 'generate', '--spec', s.spec, '--out', s.out], { encoding: 'utf8' });
      expect(generated.status, generated.stderr).toBe(0);
      const work = await mkdtemp(join(tmpdir(), 'element-names-go-'));
      try {
        await cp(join(s.out, 'go'), join(work, 'go'), { recursive: true });
        const env = { ...process.env, GOCACHE: join(TOOLCHAIN_CACHE, 'go-build'), GOPATH: join(TOOLCHAIN_CACHE, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
        const vet = spawnSync('go', ['vet', './...'], { cwd: join(work, 'go'), env, encoding: 'utf8' });
        if (vet.error) requireTool(ctx, `Go is not available: ${vet.error.message} (run: bash scripts/install-toolchains.sh go)`);
        expect(vet.status, vet.stderr).toBe(0);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    } finally {
      await s.dispose();
    }
  }, 600_000);
});
