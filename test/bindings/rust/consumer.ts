import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Consume, type ConsumerSetup, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';
import { ROOT, realModel } from '../../helpers/spec.js';

/**
 * A fresh Cargo project: the crate by the README's install line from the registry `cargo publish` uploaded to, the
 * MCP example's dependencies as the README lists them (from the crates.io cache of scripts/rust-env.sh, offline),
 * `cargo clippy --all-targets -- -D warnings` on the README's "## Use" example (its doctest's hidden lines the
 * harness) and on the "Use with MCP" code, both run: the first prints the README's text block, the second serves
 * every conformance vector of the release to rmcp's client through test/rust-mcp's provider and round trip. This is
 * the only build of the README's MCP code (test/bindings/rust/rust-mcp.test.ts checks what the README states).
 */
export const consume: Consume = async (setup) => {
  // The Rust the README says the MCP example needs; cargo is at least that (rust-env.sh fails otherwise).
  const mcpRust = /\(rmcp needs Rust ([\d.]+) or later\)/.exec(setup.readme)?.[1];
  const crateRust = /\bRust ([\d.]+) or later \(edition/.exec(setup.readme)?.[1];
  expect({ mcpRust, crateRust }).toEqual({ mcpRust: expect.any(String), crateRust: expect.any(String) });
  const exported = (await step('bash', [join(ROOT, 'scripts/rust-env.sh'), mcpRust ?? ''], { cwd: ROOT })).out;
  const vars = Object.fromEntries([...exported.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
  // The target folder of the MCP build, shared so rmcp, tokio and serde are compiled once; cargo locks it while it builds.
  const env = { ...process.env, ...vars, CARGO_TARGET_DIR: `${vars.CARGO_TARGET_DIR}-mcp` };
  const offline = { ...env, CARGO_NET_OFFLINE: 'true' };

  // Cargo's way to a registry beside crates.io: a name for its index in .cargo/config.toml, and `registry = "..."` on
  // the dependency (the one change the README's line needs; the version requirement stays as written).
  await mkdir(join(setup.work, '.cargo'), { recursive: true });
  await writeFile(join(setup.work, '.cargo/config.toml'), `[registries.published]\nindex = "${setup.published.rust}"\n`);
  const [install] = fencedIn(setup.readme, 'toml', '## Install');
  const line = /^\[dependencies\]\nelement-model = ("[^"]+")\n$/.exec(install ?? '');
  expect(install, 'the README\'s install line').toMatch(/^\[dependencies\]\nelement-model = "[^"]+"\n$/);
  const [mcpDependencies] = fencedIn(setup.readme, 'toml', '## Use with MCP');
  expect(mcpDependencies?.startsWith('[dependencies]\n')).toBe(true);
  const app = join(setup.work, 'app');
  await mkdir(join(app, 'src/bin'), { recursive: true });
  await mkdir(join(app, 'tests'), { recursive: true });
  // The package is named as test/rust-mcp's, whose provider and round trip it builds.
  const manifest = ['[package]', 'name = "element-model-mcp-round-trip"', 'version = "0.0.0"', 'edition = "2024"', 'publish = false', '',
    '[dependencies]', `element-model = { version = ${line?.[1]}, registry = "published" }`, mcpDependencies?.slice('[dependencies]\n'.length) ?? ''];
  await writeFile(join(app, 'Cargo.toml'), manifest.join('\n'));
  // Only the scratch registry's index is fetched (cargo info); everything after is offline.
  const info = await step('cargo', ['info', `element-model@${setup.sdk}`, '--registry', 'published'], { cwd: setup.work, env });
  expect(info.code, info.err).toBe(0);

  // ## Use: the doctest as rustdoc compiles it (hidden lines shown: its main asserts), and the function again in a
  // program that prints what it returns for the README's answer.
  const [use] = fencedIn(setup.readme, 'rust', '## Use');
  const lines = (use ?? '').split('\n');
  const hidden = /^#(?: |$)/;
  await writeFile(join(app, 'src/bin/doctest.rs'), lines.map((l) => l.replace(hidden, '')).join('\n'));
  const shownCode = lines.filter((l) => !hidden.test(l)).join('\n');
  await writeFile(join(app, 'src/bin/describe.rs'), `${shownCode}\nfn main() -> std::io::Result<()> {\n    let path = std::env::args().nth(1).unwrap_or_default();\n    print!("{}", describe_answer(&path)?);\n    Ok(())\n}\n`);
  await writeFile(join(app, setup.example.file), setup.example.answer);

  // ## Use with MCP: the README's code as the library test/rust-mcp's provider and round trip call.
  const [mcp] = fencedIn(setup.readme, 'rust,ignore', '## Use with MCP');
  await writeFile(join(app, 'src/readme_mcp.rs'), mcp ?? '');
  for (const file of ['src/lib.rs', 'src/bin/provider.rs', 'tests/round_trip.rs']) await copyFile(join(ROOT, 'test/rust-mcp', file), join(app, file));

  const cargo = async (args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const ran = await step('cargo', args, { cwd: app, env: { ...offline, ...extra } });
    expect(ran.code, `cargo ${args.join(' ')}\n${ran.out}${ran.err}`).toBe(0);
    return ran.out;
  };
  let cleaned = { code: -1, out: '', err: '' };
  try {
    await built(setup, { cargo, app, mcp, crateRust, mcpRust });
  } finally {
    // The crate comes from a new registry address each run and the project from a new folder, so their builds are new
    // each run too (about 150 MB): removed, every hash of them, while the shared dependencies stay.
    cleaned = await step('cargo', ['clean', '--quiet', '-p', 'element-model', '-p', 'element-model-mcp-round-trip'], { cwd: app, env: offline });
  }
  expect(cleaned.code, cleaned.err).toBe(0);
};

/** The checks and runs of the project `consume` wrote. */
async function built(setup: ConsumerSetup, at: { cargo: (args: string[], extra?: NodeJS.ProcessEnv) => Promise<string>; app: string; mcp: string | undefined; crateRust: string | undefined; mcpRust: string | undefined }): Promise<void> {
  const { cargo, app, mcp, crateRust, mcpRust } = at;
  await cargo(['clippy', '--all-targets', '--quiet', '--', '-D', 'warnings']);

  // What was resolved: the crate from the registry, depending by range (a consumer on a newer serde resolves), and
  // no crate needing a newer Rust than the README says (the crate's for it alone, the MCP example's for all).
  const metadata = JSON.parse(await cargo(['metadata', '--format-version', '1'])) as Metadata;
  const crate = metadata.packages.find((p) => p.name === 'element-model');
  expect(crate?.source ?? '').toContain(setup.published.rust);
  expect(crate?.version).toBe(setup.sdk);
  for (const d of crate?.dependencies ?? []) expect(d.req, `element-model's ${d.name}`).not.toMatch(/^=/);
  const newest = (ids: Iterable<string>) => [...ids].map((id) => metadata.packages.find((p) => p.id === id)?.rust_version ?? '0').sort(byVersion).at(-1) ?? '0';
  expect(byVersion(newest(dependenciesOf(metadata, crate?.id ?? '')), crateRust ?? '')).toBeLessThanOrEqual(0);
  expect(byVersion(newest(metadata.packages.map((p) => p.id)), mcpRust ?? '')).toBeLessThanOrEqual(0);

  await cargo(['run', '--quiet', '--bin', 'doctest']);
  const [shown] = fencedIn(setup.readme, 'text', '## Use');
  expect(shown).toBe(setup.example.output);
  expect(await cargo(['run', '--quiet', '--bin', 'describe', '--', setup.example.file])).toBe(shown);

  // The MCP round trip: every vector of the released project from rmcp's server, in the provider's process, to rmcp's client.
  const model = await realModel();
  const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name ?? '';
  expect(mcp).toContain(`pub const TOOL: &str = ${JSON.stringify(tool)};`);
  const conformance = join(setup.generated, 'conformance');
  const out = await cargo(['test', '--quiet', '--test', 'round_trip', '--', '--nocapture'], {
    ELEMENT_CONFORMANCE_DIR: conformance, ELEMENT_TOOLS: join(setup.generated, 'schema/tools.json'), ELEMENT_TOOL: tool,
  });
  expect(out).not.toMatch(/test result: FAILED|[1-9]\d* failed/);
  const vectors = (await readdir(join(conformance, 'vectors'))).filter((f) => f.endsWith('.json'));
  const sent = Number(/^McpRoundTrip: (\d+) vectors over stdio in [\d.]+ s$/m.exec(out)?.[1]);
  // Only an answer nested deeper than serde_json reads a message is left out (the deep-tree vector), and said.
  const leftOut = /^McpRoundTrip: left out, nested deeper than serde_json reads a message: (.*)$/m.exec(out)?.[1] ?? '';
  const left = leftOut === 'none' ? [] : leftOut.split(', ');
  expect(left.length).toBeLessThanOrEqual(1);
  expect(sent + left.length).toBe(vectors.length);
  expect(await readFile(join(app, 'Cargo.lock'), 'utf8')).toContain('name = "rmcp"');
}

interface Metadata {
  packages: { id: string; name: string; version: string; source: string | null; rust_version: string | null; dependencies: { name: string; req: string }[] }[];
  resolve: { nodes: { id: string; deps: { pkg: string }[] }[] };
}

/** Every package the one with `id` depends on, directly or not. */
function dependenciesOf(metadata: Metadata, id: string): Set<string> {
  const seen = new Set<string>();
  const visit = (at: string) => {
    for (const d of metadata.resolve.nodes.find((n) => n.id === at)?.deps ?? []) if (!seen.has(d.pkg)) (seen.add(d.pkg), visit(d.pkg));
  };
  visit(id);
  return seen;
}

/** Two Rust versions ("1.85", "1.88.0") compared as numbers. */
function byVersion(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x?.[i] ?? 0) !== (y?.[i] ?? 0)) return (x?.[i] ?? 0) - (y?.[i] ?? 0);
  return 0;
}
