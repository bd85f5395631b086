import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publishing } from '../../generator/emit/shared/publishing.js';
import { release, type ReleaseResult } from '../../generator/release/index.js';
import { releasePackers } from '../../generator/release/packers.js';
import { rootOf } from '../../generator/release/releasable.js';
import { ROOT, scratch } from '../helpers/spec.js';

const run = promisify(execFile);

/** The activation every test below expects, written out by hand from editors/vscode/README.md. */
const LSP_ARGS = ['lsp', '--stdio'];
const SELECTOR = [{ scheme: 'file', language: 'markdown', pattern: '**/spec/**/*.md' }];

/** What the fake editor and the fake language client saw during one activation. */
interface Seen {
  errors: string[];
  clients: { id: string; name: string; server: { command: string; args: string[]; options: { cwd: string } }; client: { documentSelector: unknown }; started: number; stopped: number }[];
}

/**
 * A hand-written stand-in for the part of VS Code's `vscode` module the extension uses: one workspace folder, settings
 * from a plain object, and `findFiles` answering whether the folder has Markdown under spec/.
 */
function fakeVscode(folder: string, settings: Record<string, string>, hasSpec: boolean, seen: Seen) {
  class RelativePattern {
    constructor(readonly base: unknown, readonly pattern: string) {}
  }
  const uri = { fsPath: folder, scheme: 'file' };
  return {
    RelativePattern,
    window: { showErrorMessage: async (message: string) => void seen.errors.push(message) },
    workspace: {
      workspaceFolders: [{ uri, name: 'project', index: 0 }],
      findFiles: async (pattern: RelativePattern) => (hasSpec && pattern.pattern.startsWith('spec/') ? [{ fsPath: join(folder, 'spec/rfcs/0001.md') }] : []),
      getConfiguration: (section: string) => ({ get: <T>(key: string, fallback: T) => (settings[`${section}.${key}`] as T | undefined) ?? fallback }),
      createFileSystemWatcher: () => ({ dispose: () => {} }),
    },
  };
}

/** A stand-in for vscode-languageclient/node that records the server and client options it is given. */
function fakeLanguageClient(seen: Seen) {
  class LanguageClient {
    private readonly entry: Seen['clients'][number];
    constructor(id: string, name: string, server: Seen['clients'][number]['server'], client: Seen['clients'][number]['client']) {
      this.entry = { id, name, server, client, started: 0, stopped: 0 };
      seen.clients.push(this.entry);
    }
    async start() {
      this.entry.started++;
    }
    async stop() {
      this.entry.stopped++;
    }
    dispose() {}
  }
  return { LanguageClient };
}

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve; _cache: Record<string, NodeModule> };

/**
 * Loads the packed entry with `vscode` and `vscode-languageclient/node` resolved to the fakes (as modules in
 * Node's cache under names no file has), activates it in `folder` and deactivates it.
 */
async function activateIn(entry: string, folder: string, options: { settings?: Record<string, string>; hasSpec?: boolean } = {}) {
  const seen: Seen = { errors: [], clients: [] };
  const fakes = new Map<string, unknown>([
    ['vscode', fakeVscode(folder, options.settings ?? {}, options.hasSpec ?? true, seen)],
    ['vscode-languageclient/node', fakeLanguageClient(seen)],
  ]);
  const original = moduleInternals._resolveFilename;
  const names = new Map([...fakes.keys()].map((request) => [request, join(tmpdir(), `fake-${request.replace(/\//g, '-')}.cjs`)]));
  for (const [request, exports] of fakes) {
    const name = names.get(request) ?? '';
    const fake = new Module(name);
    fake.filename = name;
    fake.loaded = true;
    fake.exports = exports;
    moduleInternals._cache[name] = fake as unknown as NodeModule;
  }
  moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return names.get(request) ?? original.call(this, request, ...rest);
  };
  const outDir = join(entry, '..');
  try {
    for (const name of Object.keys(moduleInternals._cache)) if (name.startsWith(outDir)) delete moduleInternals._cache[name];
    const extension = createRequire(import.meta.url)(entry) as { activate: (c: { subscriptions: unknown[] }) => Promise<void>; deactivate: () => unknown };
    const context = { subscriptions: [] as unknown[] };
    await extension.activate(context);
    const subscribed = context.subscriptions.length;
    await extension.deactivate();
    return { seen, subscribed };
  } finally {
    moduleInternals._resolveFilename = original;
    for (const name of names.values()) delete moduleInternals._cache[name];
  }
}

/** A workspace folder with an RFC under spec/ and, when given, files placed at their paths (executable). */
async function workspace(files: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'element-vscode-workspace-'));
  await mkdir(join(dir, 'spec/rfcs'), { recursive: true });
  await writeFile(join(dir, 'spec/rfcs/0001.md'), '# RFC-0001\n');
  for (const file of files) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), '#!/bin/sh\n');
    await chmod(join(dir, file), 0o755);
  }
  return dir;
}

describe('the VS Code extension (editors/vscode/), as the release packs it', () => {
  let s: Awaited<ReturnType<typeof scratch>>;
  let result: ReleaseResult;
  let vsix = '';
  let unpacked = '';
  const folders: string[] = [];
  beforeAll(async () => {
    // The live spec in a scratch project, released as a dry run with the extension's packer alone, taken from the
    // release's own list.
    s = await scratch(true);
    const publishing = JSON.parse(await readFile(join(ROOT, 'publishing.json'), 'utf8')) as Publishing;
    await writeFile(join(s.dir, 'publishing.json'), `${JSON.stringify(publishing, null, 2)}\n`);
    const packers = (await releasePackers()).filter((p) => p.name === 'vscode');
    result = await release({ where: rootOf(s.dir), scripts: join(ROOT, 'scripts'), dryRun: true, packers }, { progress: () => {} });
    vsix = join(result.dest ?? '', result.artifacts[0]?.file ?? '');
    unpacked = join(s.dir, 'unpacked');
    await run('unzip', ['-q', vsix, '-d', unpacked]);
  }, 300_000);
  afterAll(async () => {
    await s.dispose();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('is a .vsix beside the other packages, named in the notes and the checksums', async () => {
    expect(result.diagnostics.items).toEqual([]);
    const sdk = result.sdk ?? '';
    expect(result.artifacts.map((a) => [a.package, a.file])).toEqual([['vscode', `element-spec-${sdk}.vsix`]]);
    expect(result.dest).toMatch(/build\/release\/\d+\.\d+\.\d+$/);
    const sum = createHash('sha256').update(await readFile(vsix)).digest('hex');
    expect((await readFile(join(result.dest ?? '', 'SHA256SUMS'), 'utf8')).split('\n')).toContain(`${sum}  element-spec-${sdk}.vsix`);
    expect(await readFile(join(result.dest ?? '', 'RELEASE_NOTES.md'), 'utf8')).toContain(`Every package is SDK ${sdk}: the Visual Studio Marketplace.`);
  });

  it('holds the manifest VS Code reads, the compiled entry and the language client, and nothing of the build', async () => {
    const entries = (await run('unzip', ['-Z1', vsix])).stdout.split('\n').filter(Boolean);
    expect(entries).toEqual(expect.arrayContaining(['extension.vsixmanifest', 'extension/package.json', 'extension/out/extension.js', 'extension/LICENSE.txt',
      'extension/node_modules/vscode-languageclient/package.json', 'extension/node_modules/vscode-languageclient/lib/node/main.js']));
    expect(entries.filter((e) => /\.ts$|^extension\/src\/|node_modules\/(typescript|@vscode|@types)\//.test(e))).toEqual([]);
    const manifest = JSON.parse(await readFile(join(unpacked, 'extension/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'element-spec', publisher: 'element-model', version: result.sdk, license: 'Apache-2.0', main: './out/extension.js',
      engines: { vscode: '^1.91.0' }, activationEvents: ['workspaceContains:spec/**/*.md'],
    });
    expect(Object.keys((manifest.contributes as { configuration: { properties: object } }).configuration.properties)).toEqual(['elementSpec.server.path', 'elementSpec.trace.server']);
    // The language client it carries asks for no newer VS Code than the extension says it runs on.
    const client = JSON.parse(await readFile(join(unpacked, 'extension/node_modules/vscode-languageclient/package.json'), 'utf8')) as { version: string; engines: { vscode: string } };
    expect([client.version, client.engines.vscode]).toEqual(['11.0.0', '^1.91.0']);
    // The entry finds the packed client where the editor loads it from (not the repository's node_modules).
    expect(createRequire(join(unpacked, 'extension/out/extension.js')).resolve('vscode-languageclient/node')).toBe(join(unpacked, 'extension/node_modules/vscode-languageclient/lib/node/main.js'));
    expect(await readFile(join(unpacked, 'extension/LICENSE.txt'), 'utf8')).toBe(await readFile(join(ROOT, 'LICENSE'), 'utf8'));
    expect(await readFile(join(unpacked, 'extension.vsixmanifest'), 'utf8')).toMatch(new RegExp(`<Identity [^>]*Version="${result.sdk?.replace(/\./g, '\\.')}"[^>]*Publisher="element-model"`));
  });

  it.each([
    ['a project that installed the toolchain', ['node_modules/.bin/element-spec'], {}, (w: string) => ({ command: join(w, 'node_modules/.bin/element-spec'), args: LSP_ARGS })],
    ["the toolchain's own repository", ['bin/element-spec.js'], {}, (w: string) => ({ command: 'node', args: [join(w, 'bin/element-spec.js'), ...LSP_ARGS] })],
    ['the setting, over an install', ['node_modules/.bin/element-spec', 'tools/server.js'], { 'elementSpec.server.path': 'tools/server.js' }, (w: string) => ({ command: 'node', args: [join(w, 'tools/server.js'), ...LSP_ARGS] })],
    ['the setting naming a command on PATH', [], { 'elementSpec.server.path': 'element-spec' }, () => ({ command: 'element-spec', args: LSP_ARGS })],
  ])('in %s, activates and starts `element-spec lsp --stdio` there for spec/**/*.md', async (_name, files, settings, expected) => {
    const folder = await workspace(files);
    folders.push(folder);
    const { seen, subscribed } = await activateIn(join(unpacked, 'extension/out/extension.js'), folder, { settings });
    expect(seen.errors).toEqual([]);
    expect(seen.clients).toEqual([{ id: 'elementSpec', name: 'Element model RFCs', server: { ...expected(folder), options: { cwd: folder } }, client: expect.objectContaining({ documentSelector: SELECTOR }), started: 1, stopped: 1 }]);
    expect(subscribed).toBe(1);
  });

  it("runs npm's .cmd shim on Windows through a shell, its path quoted", async () => {
    const folder = await workspace(['node_modules/.bin/element-spec.cmd']);
    folders.push(folder);
    const { findServer } = createRequire(import.meta.url)(join(unpacked, 'extension/out/server.js')) as { findServer: (f: string, c: string, p: string) => unknown };
    const shim = join(folder, 'node_modules/.bin/element-spec.cmd');
    expect(findServer(folder, '', 'win32')).toEqual({ command: `"${shim}"`, args: LSP_ARGS, shell: true });
    expect(findServer(folder, '', 'linux')).toEqual({ missing: expect.stringContaining('No element-spec language server') });
  });

  it('says how to install the server when the workspace has none, or the setting names a missing file, and starts nothing', async () => {
    const folder = await workspace([]);
    folders.push(folder);
    const entry = join(unpacked, 'extension/out/extension.js');
    const none = await activateIn(entry, folder);
    expect(none.seen.clients).toEqual([]);
    expect(none.seen.errors).toEqual([expect.stringMatching(new RegExp(`^Element model RFCs: No element-spec language server in ${folder}: run \`npm install\` there.*elementSpec\\.server\\.path`))]);
    const wrong = await activateIn(entry, folder, { settings: { 'elementSpec.server.path': './missing.js' } });
    expect(wrong.seen.errors).toEqual([`Element model RFCs: elementSpec.server.path names ${join(folder, 'missing.js')}, which does not exist.`]);
    expect(wrong.seen.clients).toEqual([]);
    // A workspace with no Markdown under spec/ is not the extension's: no message, no server.
    const other = await activateIn(entry, folder, { hasSpec: false });
    expect([other.seen.errors, other.seen.clients]).toEqual([[], []]);
  });
});
