import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUST_MCP_DEPENDENCIES, RUST_MCP_MSRV } from '../../../generator/emit/rust/index.js';
import { fenced } from '../../helpers/readme.js';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';
import { requireTool, runScript, rustMissing, scriptToolMissing } from '../../helpers/toolchain.js';

/**
 * The Rust crate with MCP's official Rust SDK (rmcp, pinned in test/rust-mcp/Cargo.toml): a provider process and a
 * host over stdio, every conformance vector decoded with the crate's types and checked with its `check`, through the
 * README's "Use with MCP" example (scripts/rust-mcp-test.sh). The generated crate does not depend on MCP; this test
 * crate is apart.
 */
const MANIFEST = join(ROOT, 'test/rust-mcp/Cargo.toml');

describe('Rust with rmcp, MCP\'s Rust SDK', () => {
  it('the README names the tool that returns the answer, and the dependencies the test crate pins exactly', async () => {
    const model = await realModel();
    const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name;
    expect(tool).toBeDefined();
    const readme = await readFile(join(GENERATED, 'rust/README.md'), 'utf8');
    const example = fenced(readme, 'rust,ignore', '## Use with MCP');
    expect(example).toContain(`pub const TOOL: &str = ${JSON.stringify(tool)};`);
    const dependencies = fenced(readme, 'toml', '## Use with MCP').trim().split('\n');
    expect(dependencies).toEqual(['[dependencies]', ...RUST_MCP_DEPENDENCIES]);
    const manifest = await readFile(MANIFEST, 'utf8');
    // The Rust the README says the example needs is the test crate's.
    expect(/^rust-version = "([\d.]+)"$/m.exec(manifest)?.[1]).toBe(RUST_MCP_MSRV);
    expect(readme).toContain(`(rmcp needs Rust ${RUST_MCP_MSRV} or later)`);
    const pinned = manifest.slice(manifest.indexOf('[dependencies]')).split('\n').filter((line) => /^[\w-]+ = /.test(line));
    // The README's lines, and the generated crate by path; every registry crate exact.
    const crate = relative(join(ROOT, 'test/rust-mcp'), join(GENERATED, 'rust'));
    expect(pinned).toEqual([`element-model = { path = "${crate}" }`, ...RUST_MCP_DEPENDENCIES].sort());
    for (const line of RUST_MCP_DEPENDENCIES) expect(line).toMatch(/(version = |^[\w-]+ = )"=\d+\.\d+\.\d+"/);
    const lock = await readFile(join(ROOT, 'test/rust-mcp/Cargo.lock'), 'utf8');
    for (const line of RUST_MCP_DEPENDENCIES) {
      const [, name, version] = /^([\w-]+) = .*?"=([\d.]+)"/.exec(line) ?? [];
      expect(lock, `${name} in test/rust-mcp/Cargo.lock`).toContain(`name = "${name}"\nversion = "${version}"`);
    }
  });

  it('sends every conformance vector from rmcp\'s server over stdio to rmcp\'s client, each with the verdict it has on disk', { timeout: 20 * 60_000 }, async (ctx) => {
    const minimum = /^rust-version = "([\d.]+)"$/m.exec(await readFile(MANIFEST, 'utf8'))?.[1];
    expect(minimum).toBeDefined();
    requireTool(ctx, rustMissing(minimum));
    const model = await realModel();
    const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name;
    expect(tool).toBeDefined();
    const result = await runScript('scripts/rust-mcp-test.sh', ['', '', '', tool ?? '']);
    requireTool(ctx, scriptToolMissing(result));
    const { code, output } = result;
    expect(code, output).toBe(0);
    expect(output).toMatch(/^test every_vector_gets_the_verdict_it_has_on_disk \.\.\. ok$/m);
    expect(output).not.toMatch(/test result: FAILED|[1-9]\d* failed/);
    const vectors = (await readdir(join(GENERATED, 'conformance/vectors'))).filter((f) => f.endsWith('.json'));
    const sent = Number(/^McpRoundTrip: (\d+) vectors over stdio in [\d.]+ s$/m.exec(output)?.[1]);
    // Only an answer nested deeper than serde_json reads a message is left out (the deep-tree vector), and said.
    const leftOut = /^McpRoundTrip: left out, nested deeper than serde_json reads a message: (.*)$/m.exec(output)?.[1] ?? '';
    const left = leftOut === 'none' ? [] : leftOut.split(', ');
    expect(left.length).toBeLessThanOrEqual(1);
    expect(sent + left.length).toBe(vectors.length);
    console.log(output.split('\n').filter((line) => line.startsWith('McpRoundTrip:')).join('\n'));
  });
});
