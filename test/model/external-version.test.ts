import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { assembleModel } from '../../generator/model/assemble.js';
import { readSpecFiles } from '../../generator/spec-files.js';
import { editFile, realModel, scratch } from '../helpers/spec.js';

// Issue 29: MCP's version and content kinds are part of the protocol. The RFCs declare them (External type |
// Version | Kinds); a package that gives anything else is refused at that row, an RFC restating the row moves them,
// and diff classes the move.
const RFC = 'rfcs/0001-element-model.md';
const EXTERNAL = 'reference/external-types.md';
/** A stand-in for a newer SDK whose ContentBlock has one more kind, `video`, of the same MCP version. */
const NEWER_SDK = join(import.meta.dirname, '../fixtures/mcp-newer/types.mjs');
const KINDS = '`text`, `image`, `audio`, `resource_link`, `resource`';
/** Where RFC-0001 declares ContentBlock's version and kinds. */
const ROW = async () => (await readFile(join(import.meta.dirname, '../../spec', RFC), 'utf8')).split('\n').findIndex((l) => l.startsWith('| `ContentBlock` | `')) + 1;

function capture() {
  const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
  return io;
}

/** An RFC-0002 that restates ContentBlock's row: the way a maintainer moves to a newer MCP (spec/README.md). */
const moveRfc = (effect: string, version: string, kinds: string) => `# RFC-0002: A newer MCP

Moves content blocks to a newer MCP.

| Field | Value |
|---|---|
| Author | A fixture for the toolchain's tests |
| Status | Accepted |
| Version effect | ${effect} |
| Supersedes or amends | Amends RFC-0001 |

## 1. Specification changes

| External type | Version | Kinds |
|---|---|---|
| \`ContentBlock\` | \`${version}\` | ${kinds} |
`;

describe('the live model', () => {
  it("records ContentBlock's MCP version and kinds, at the RFC row that declares them", async () => {
    const model = await realModel();
    const ext = model.external.find((e) => e.name === 'ContentBlock');
    const text = await readFile(join(import.meta.dirname, '../../spec', RFC), 'utf8');
    const row = text.split('\n').findIndex((l) => l.startsWith('| `ContentBlock` | `')) + 1;
    expect(ext?.kinds).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    expect(ext?.source).toMatchObject({ document: 'RFC-0001', line: row, column: 3 });
    expect(text.split('\n')[row - 1]).toBe(`| \`ContentBlock\` | \`${ext?.protocolVersion}\` | ${KINDS} |`);
  });
});

describe('a scratch spec', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  beforeEach(async () => { s = await scratch(true); });
  afterEach(() => s.dispose());
  const build = async () => assembleModel(await readSpecFiles(s.spec, s.out));
  const generate = async (out = s.out) => {
    const io = capture();
    return { code: await main(['generate', '--spec', s.spec, '--out', out], io), text: io.text };
  };
  const newerSdk = () => editFile(join(s.spec, EXTERNAL), (t) => t.replace('`@modelcontextprotocol/sdk/types.js`', `\`${NEWER_SDK}\``));
  const otherVersion = () => editFile(join(s.spec, EXTERNAL), (t) => t.replace('`LATEST_PROTOCOL_VERSION`', '`DEFAULT_NEGOTIATED_PROTOCOL_VERSION`'));

  it('refuses a newer package that adds a content kind, at the row that declares the kinds, and writes nothing', async () => {
    await newerSdk();
    const before = await readFile(join(s.out, 'model/model.json'), 'utf8');
    const { code, text } = await generate();
    expect(code).toBe(1);
    expect(text).toContain(`${await ROW()}:3 error RFC-0001 says ContentBlock follows 2025-11-25 with kinds text, image, audio, resource_link, resource, but the installed ${NEWER_SDK}@unknown gives kinds added: video;`);
    expect(text).toContain('external-version');
    expect(await readFile(join(s.out, 'model/model.json'), 'utf8')).toBe(before);
  });

  it('takes the new kind from an RFC that restates the row, and diff classes it additive', async () => {
    await newerSdk();
    await writeFile(join(s.spec, 'rfcs/0002-newer-mcp.md'), moveRfc('Additive: 0.2.0 to 0.2.1', '2025-11-25', `${KINDS}, \`video\``));
    const { model } = await build();
    expect(model?.external[0]?.kinds.at(-1)).toBe('video');
    expect(model?.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule}: ${c.message}`)).toEqual(['additive content-kind-added: ContentBlock gains the kind video']);
    // Declared editorial, the same RFC is refused: the kind is on the wire.
    await editFile(join(s.spec, 'rfcs/0002-newer-mcp.md'), (t) => t.replace('Additive: 0.2.0 to 0.2.1', 'Editorial'));
    const refused = await build();
    expect(refused.diagnostics.items.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['version-effect 9:20']);
  });

  it('calls a kind an RFC drops breaking', async () => {
    // RFC-0002 takes video, RFC-0003 gives it up: the package gives what the last says.
    await writeFile(join(s.spec, 'rfcs/0002-newer-mcp.md'), moveRfc('Additive: 0.2.0 to 0.2.1', '2025-11-25', `${KINDS}, \`video\``));
    await writeFile(join(s.spec, 'rfcs/0003-no-newer-mcp.md'), moveRfc('Breaking: 0.2.1 to 0.3.0', '2025-11-25', KINDS).replace('RFC-0002: A newer MCP', 'RFC-0003: Back'));
    const { model, diagnostics } = await build();
    // RFC-0001's example is then left out as an answer of a version before a breaking change (a warning).
    expect(diagnostics.items.map((d) => `${d.severity} ${d.ruleId}`)).toEqual(['warning example-left-out']);
    expect(model?.rfcs.at(-1)?.changes.map((c) => `${c.class} ${c.rule}: ${c.message}`)).toEqual(['breaking content-kind-removed: ContentBlock loses the kind video']);
  });

  it('keeps a released version on the MCP it was released with when a later RFC moves it', async () => {
    await editFile(join(s.spec, RFC), (t) => t.replace('| Released in | — |', '| Released in | 0.2.0 |'));
    expect((await generate()).code).toBe(0);
    const released = await readFile(join(s.out, 'model/versions/0.2.0.json'), 'utf8');
    await otherVersion();
    await writeFile(join(s.spec, 'rfcs/0002-newer-mcp.md'), moveRfc('Additive: 0.2.0 to 0.2.1', '2025-03-26', KINDS));
    const run = await generate();
    expect(run.code, run.text).toBe(0);
    expect(await readFile(join(s.out, 'model/versions/0.2.0.json'), 'utf8')).toBe(released);
    expect(JSON.parse(await readFile(join(s.out, 'model/versions/0.2.1.json'), 'utf8')).external[0].protocolVersion).toBe('2025-03-26');
    const diff = capture();
    expect(await main(['diff', '--spec', s.spec, '--out', s.out], diff)).toBe(0);
    expect(diff.text).toBe('0.2.0 (RFC-0001) -> 0.2.1 (RFC-0002): additive (1 change)\n  additive  external-version-changed  ContentBlock follows 2025-03-26, was 2025-11-25\n');
    // Without the record, 0.2.0's MCP schema is not known: said at RFC-0001's row, nothing written.
    const fresh = await generate(join(s.dir, 'fresh'));
    expect(fresh.code).toBe(1);
    expect(fresh.text).toContain(`${await ROW()}:3 error 0.2.0 is released and ContentBlock follows 2025-11-25 in it, but the installed @modelcontextprotocol/sdk@`);
  }, 60_000);
});
