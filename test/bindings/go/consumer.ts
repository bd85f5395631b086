import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Consume, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';
import { ROOT, realModel } from '../../helpers/spec.js';
import { TOOLCHAIN_CACHE } from '../../helpers/toolchain.js';

/**
 * A fresh Go module: `go get` by the README's line from the module proxy folder the publish filled, the README's
 * "## Use" example as a program (a main around it) that prints the README's text block, and the "Use with MCP" code
 * with MCP's Go SDK at the version the README names, under the round trip of test/go-mcp (every conformance vector
 * from a provider process over stdio to a host), all of it through `gofmt`, `go vet` and staticcheck. This is the
 * only run of the README's MCP code (test/bindings/go/go-mcp.test.ts checks what the README states).
 */
export const consume: Consume = async (setup) => {
  const dir = join(setup.work, 'consumer');
  await mkdir(join(dir, 'use'), { recursive: true });
  await mkdir(join(dir, 'mcp'), { recursive: true });
  const gopath = join(setup.work, 'gopath');
  // The published module first; MCP's SDK and its dependencies from the module cache the installer filled (offline).
  const proxy = [`file://${setup.published.go}`, `file://${join(TOOLCHAIN_CACHE, 'go-path/pkg/mod/cache/download')}`].join(',');
  const env = {
    ...process.env, GOPATH: gopath, GOMODCACHE: join(gopath, 'mod'), GOFLAGS: '-modcacherw -mod=mod', GOPROXY: proxy,
    GOSUMDB: 'off', GOTOOLCHAIN: 'local', GOCACHE: join(TOOLCHAIN_CACHE, 'go-build'),
  };
  const go = async (args: string[], cwd = dir, extra: NodeJS.ProcessEnv = {}) => {
    const ran = await step('go', args, { cwd, env: { ...env, ...extra } });
    expect(ran.code, `go ${args.join(' ')}\n${ran.out}${ran.err}`).toBe(0);
    return ran.out;
  };
  await go(['mod', 'init', 'consumer.example/app']);

  // ## Install, as written: a module path whose first element has a dot (a path without one cannot be fetched).
  const [install] = fencedIn(setup.readme, 'sh', '## Install');
  const [, module, version] = /^go get (\S+)@v(\S+)$/.exec(install?.trim() ?? '') ?? [];
  expect(install?.trim(), 'the README\'s install line').toMatch(/^go get \S+@v\S+$/);
  expect(module?.split('/')[0]).toContain('.');
  expect(version).toBe(setup.sdk);
  const got = await step('bash', ['-c', install ?? ''], { cwd: dir, env });
  expect(got.code, got.err).toBe(0);

  // ## Use: the README's function in a program that prints what it returns for the README's answer.
  const [use] = fencedIn(setup.readme, 'go', '## Use');
  const program = ['package main', '', 'import (', '\t"fmt"', '\t"os"', '', `\telementmodel "${module}"`, ')', '', (use ?? '').trimEnd(), '',
    'func main() {', '\treport, err := describeAnswer(os.Args[1])', '\tif err != nil {', '\t\tfmt.Fprintln(os.Stderr, err)', '\t\tos.Exit(1)', '\t}', '\tfmt.Print(report)', '}', ''];
  await writeFile(join(dir, 'use/main.go'), program.join('\n'));
  await writeFile(join(dir, setup.example.file), setup.example.answer);

  // ## Use with MCP: `go get` of the SDK as the README names it, the README's code as written beside the round trip's
  // provider and test (test/go-mcp), whose import of the module names the published path.
  const section = /^## Use with MCP\n([\s\S]*?)^## /m.exec(setup.readme)?.[1] ?? '';
  const getSdk = /`(go get github\.com\/modelcontextprotocol\/go-sdk@v[\d.]+)`/.exec(section)?.[1];
  expect(getSdk, 'the README names the MCP SDK by a go get line').toBeDefined();
  const sdkGot = await step('bash', ['-c', getSdk ?? ''], { cwd: dir, env });
  expect(sdkGot.code, sdkGot.err).toBe(0);
  const [mcp] = fencedIn(setup.readme, 'go', '## Use with MCP');
  await writeFile(join(dir, 'mcp/readme_mcp.go'), `// The README's "Use with MCP" code, as written.\n\npackage main\n\n${mcp ?? ''}`);
  for (const file of ['main.go', 'roundtrip_test.go']) {
    const source = await readFile(join(ROOT, 'test/go-mcp', file), 'utf8');
    expect(source).toMatch(/^\t"elementmodel"$/m);
    await writeFile(join(dir, 'mcp', file), source.replace(/^\t"elementmodel"$/m, `\telementmodel "${module}"`));
  }

  // Strict: formatted as gofmt wants, and nothing go vet or staticcheck finds.
  const unformatted = await step('gofmt', ['-l', '.'], { cwd: dir, env });
  expect(unformatted.out + unformatted.err, 'files gofmt would change').toBe('');
  await go(['mod', 'tidy']);
  await go(['vet', './...']);
  const staticcheck = (await step('bash', [join(ROOT, 'scripts/install-toolchains.sh'), 'staticcheck-bin'], { cwd: ROOT })).out.trim();
  const checked = await step(staticcheck, ['./...'], { cwd: dir, env });
  expect(checked.code, `staticcheck\n${checked.out}${checked.err}`).toBe(0);

  const [shown] = fencedIn(setup.readme, 'text', '## Use');
  expect(shown).toBe(setup.example.output);
  expect(await go(['run', './use', setup.example.file])).toBe(shown);

  // The MCP round trip: every vector of the released project from the provider's process to the host.
  const model = await realModel();
  const tool = model.operations.find((o) => o.returns === model.tree.answer)?.name ?? '';
  expect(section).toMatch(new RegExp(`Name: +${JSON.stringify(tool)},`));
  const provider = join(setup.work, 'provider');
  await go(['build', '-o', provider, './mcp']);
  const conformance = join(setup.generated, 'conformance');
  const out = await go(['test', '-count=1', '-v', '-run', '^TestMcpRoundTrip$', './mcp'], dir, {
    ELEMENT_CONFORMANCE_DIR: conformance, ELEMENT_TOOLS: join(setup.generated, 'schema/tools.json'), ELEMENT_TOOL: tool, ELEMENT_PROVIDER: provider,
  });
  expect(out).toMatch(/^--- PASS: TestMcpRoundTrip /m);
  expect(out).not.toMatch(/^(FAIL|--- FAIL)/m);
  // Every vector on disk went through, those that decode as answers the host checked, the rest as the tool's error.
  const names = (await readdir(join(conformance, 'vectors'))).filter((f) => f.endsWith('.json'));
  const vectors = await Promise.all(names.map(async (f) => JSON.parse(await readFile(join(conformance, 'vectors', f), 'utf8')) as { decodes: boolean }));
  const refusedOnDisk = vectors.filter((v) => !v.decodes).length;
  const line = /^McpRoundTrip: (\d+) vectors over stdio in [\d.]+ s \((\d+) answers checked, (\d+) refused\)$/m.exec(out);
  expect(line, out).not.toBeNull();
  const [total, answered, refused] = (line ?? []).slice(1).map(Number);
  expect({ total, answered, refused }).toEqual({ total: vectors.length, answered: vectors.length - refusedOnDisk, refused: refusedOnDisk });
  expect(answered).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
};
