import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUST_MCP_DEPENDENCIES, RUST_MCP_MSRV } from '../../../generator/emit/rust/index.js';
import { fenced } from '../../helpers/readme.js';
import { GENERATED, ROOT, realModel } from '../../helpers/spec.js';

/**
 * What the Rust README says of rmcp, MCP's official Rust SDK (pinned in test/rust-mcp/Cargo.toml). The README's "Use
 * with MCP" example is built and run once per suite, in the Rust consumer after the publish
 * (test/bindings/rust/consumer.ts): test/rust-mcp's provider and round trip around it, every conformance vector over
 * stdio, with the crate installed from the registry.
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
});
