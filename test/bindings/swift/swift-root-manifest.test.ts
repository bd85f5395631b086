import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, ROOT } from '../../helpers/spec.js';
import { requireTool, runScript, swiftMissing } from '../../helpers/toolchain.js';
import { consumerManifest } from './consumer-manifest.js';

// The repository's root Package.swift lets SwiftPM add the Swift package by git URL; its targets live in
// generated/swift, which has its own manifest and builds alone (test/bindings/swift/swift.test.ts builds it and runs its tests). `generate` writes generated/ only, so this test is
// what keeps the root manifest from drifting: it must declare what generated/swift/Package.swift declares, each
// target at its place under generated/swift.

/** The declarations of a manifest, one per line: platforms, products and targets, with each target's `path:` apart. */
function declarationsOf(manifest: string): { lines: string[]; paths: Map<string, string> } {
  const lines: string[] = [];
  const paths = new Map<string, string>();
  for (const raw of manifest.split('\n')) {
    const line = raw.trim();
    if (!/^(platforms:|\.(library|executable|target|executableTarget|testTarget)\()/.test(line)) continue;
    const path = /, path: "([^"]*)"/.exec(line);
    const name = /name: "([^"]*)"/.exec(line)?.[1] ?? '';
    if (path) paths.set(name, path[1] ?? '');
    lines.push(line.replace(/, path: "[^"]*"/, ''));
  }
  return { lines, paths };
}

describe('the root Package.swift', () => {
  it('declares the platforms, products, targets and resources of generated/swift/Package.swift', async () => {
    const root = declarationsOf(await readFile(join(ROOT, 'Package.swift'), 'utf8'));
    const generated = declarationsOf(await readFile(join(GENERATED, 'swift/Package.swift'), 'utf8'));
    expect(generated.lines.some((l) => l.startsWith('platforms:'))).toBe(true);
    expect(generated.lines.filter((l) => l.startsWith('.executable('))).toHaveLength(1);
    expect(root.lines).toEqual(generated.lines);
    expect(generated.paths.size).toBe(0);
  });

  it('points every target at its folder in generated/swift, where SwiftPM would look for it there', async () => {
    const { lines, paths } = declarationsOf(await readFile(join(ROOT, 'Package.swift'), 'utf8'));
    const targets = lines.filter((l) => /^\.(target|executableTarget|testTarget)\(/.test(l));
    expect(targets.length).toBeGreaterThan(0);
    for (const line of targets) {
      const name = /name: "([^"]*)"/.exec(line)?.[1] ?? '';
      const folder = line.startsWith('.testTarget(') ? 'Tests' : 'Sources';
      expect(paths.get(name), name).toBe(`generated/swift/${folder}/${name}`);
      expect(existsSync(join(ROOT, `generated/swift/${folder}/${name}`)), name).toBe(true);
    }
    expect(paths.size).toBe(targets.length);
  });

  // The README's example runs, built, in the consumer of the released archive (test/bindings/swift/consumer.ts); here
  // SwiftPM only loads a consumer's package graph, which needs no compile.
  it('a consumer package adds the repository by its root manifest and depends on the product the README names', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, swiftMissing());
    const readme = await readFile(join(GENERATED, 'swift/README.md'), 'utf8');
    // The consumer: a package of its own with the repository (its root manifest and generated/swift, nothing else)
    // beside it as a dependency, by path, as SwiftPM takes it by URL (the chroot has no git to clone with).
    const dir = await mkdtemp(join(tmpdir(), 'element-swift-consumer-'));
    try {
      const repo = join(dir, 'element-model');
      await mkdir(join(repo, 'generated'), { recursive: true });
      await copyFile(join(ROOT, 'Package.swift'), join(repo, 'Package.swift'));
      await cp(join(GENERATED, 'swift'), join(repo, 'generated/swift'), { recursive: true, filter: (from) => !/\/swift\/\.(build|swiftpm)/.test(from) });
      const product = /\.product\(name: "([^"]+)"/.exec(readme)?.[1];
      expect(product, 'the README names the product to depend on').toBeTruthy();
      await writeFile(join(dir, 'Package.swift'), consumerManifest('.package(path: "element-model")', `.product(name: "${product}", package: "element-model")`));
      await mkdir(join(dir, 'Sources/Consumer'), { recursive: true });
      await writeFile(join(dir, 'Sources/Consumer/main.swift'), `import ${product}\n`);
      const { code: exit, output } = await runScript('scripts/swift-test.sh', [dir], { ELEMENT_SWIFT_COMMAND: 'swift package show-dependencies --format json' });
      // SwiftPM loads the graph, so a product the root manifest does not declare fails here.
      expect(exit, output).toBe(0);
      expect(output).toMatch(/"identity": "element-model",\s*"name": "[^"]+"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
