import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, ROOT } from './helpers/spec.js';
import { requireTool, runScript, swiftMissing } from './helpers/toolchain.js';

// The repository's root Package.swift lets SwiftPM add the Swift package by git URL; its targets live in
// generated/swift, which has its own manifest and builds alone. `generate` writes generated/ only, so this test is
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

  it('builds from the repository root, as a consumer adding it by URL gets it, and passes the package tests', { timeout: 20 * 60_000 }, async (ctx) => {
    requireTool(ctx, swiftMissing());
    // The root manifest and generated/swift, in the repository's layout, and nothing else of the repository.
    const dir = await mkdtemp(join(tmpdir(), 'element-swift-root-'));
    try {
      await copyFile(join(ROOT, 'Package.swift'), join(dir, 'Package.swift'));
      await mkdir(join(dir, 'generated'));
      await cp(join(GENERATED, 'swift'), join(dir, 'generated/swift'), { recursive: true, filter: (from) => !/\/swift\/\.(build|swiftpm)/.test(from) });
      const { code, output } = await runScript('scripts/swift-test.sh', [dir]);
      expect(code, output).toBe(0);
      const vectors = (JSON.parse(await readFile(join(GENERATED, 'conformance/index.json'), 'utf8')) as { vectors: string[] }).vectors;
      expect(output).toMatch(new RegExp(`ConformanceTests: checked ${vectors.length} vectors from \\S+/Conformance\\b`));
      expect(output).toMatch(/Executed [1-9]\d* tests?, with 0 failures \(0 unexpected\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
