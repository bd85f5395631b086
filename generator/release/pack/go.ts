import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Packer } from '../packer.js';
import { runTool } from '../tools.js';
import { filesBelow, zipFiles } from './zip.js';

/** The module path go.mod declares. */
async function modulePathOf(out: string): Promise<string> {
  const mod = await readFile(join(out, 'go/go.mod'), 'utf8');
  const path = /^module\s+(\S+)/m.exec(mod)?.[1];
  if (!path) throw new Error('generated/go/go.mod declares no module');
  return path;
}

/** Whether `go get` takes the path: its first element must hold a dot (a host name), or it is a malformed module path. */
const fetchable = (module: string) => (module.split('/')[0] ?? '').includes('.');

/** How the module proxy protocol writes a path in a URL or a folder: each capital letter as `!` and its small one. */
const escaped = (path: string) => path.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);

/** The repository tag `go get` resolves the version by: the module's folder in the repository, then the version. */
function tagOf(module: string, version: string): string {
  const folder = module.split('/').slice(3).join('/');
  return folder ? `${folder}/${version}` : version;
}

/**
 * The module as a Go module proxy serves it (https://go.dev/ref/mod#goproxy-protocol): under go/<module>/@v/ the
 * version's .zip, .mod and .info and the list, so the folder can be served as GOPROXY (or copied into one). `go mod
 * download` from that folder checks the zip the way `go get` will.
 */
export const go: Packer = {
  name: 'go',
  publishedTo: 'the Go module proxy (a git tag)',
  async notInstallable({ out }) {
    const module = await modulePathOf(out);
    return fetchable(module)
      ? null
      : `The Go module path is "${module}", which has no dot in its first element, so \`go get\` refuses it (malformed module path); set "repository" in publishing.json and regenerate, which makes it <repository>/generated/go`;
  },
  async pack({ out, dest, publishing, date }) {
    const module = await modulePathOf(out);
    const version = `v${publishing.sdkVersion}`;
    const at = join('go', escaped(module), '@v');
    await mkdir(join(dest, at), { recursive: true });
    // What a module zip may hold: no nested module, no vendor folder, no version control files.
    const files = await filesBelow(join(out, 'go'), (p) => /(^|\/)(vendor|\.git|\.hg)\//.test(p));
    await zipFiles(join(out, 'go'), files, `${module}@${version}`, join(dest, at, `${version}.zip`));
    await writeFile(join(dest, at, `${version}.mod`), await readFile(join(out, 'go/go.mod')));
    await writeFile(
      join(dest, at, `${version}.info`),
      `${JSON.stringify({ Version: version, Time: `${date}T00:00:00Z` })}\n`,
    );
    await writeFile(join(dest, at, 'list'), `${version}\n`);
    const checks = [
      `module zip: ${files.length} files`,
      await downloaded(dest, module, version),
      `tag ${tagOf(module, version)} in the repository`,
    ];
    return [
      { package: 'go', file: `${at}/${version}.zip`, checks },
      ...[`${version}.mod`, `${version}.info`, 'list'].map((name) => ({
        package: 'go',
        file: `${at}/${name}`,
        checks: ['as the proxy serves it'],
      })),
    ];
  },
  publisher: {
    // proxy.golang.org serves what the repository's tag holds: nothing is uploaded there.
    registry: null,
    otherwise:
      'push the tag the release table names (such as generated/go/v<sdk>); the Go module proxy fetches the module from the repository',
    publish: ({ from, to }) => intoProxy(join(from, 'go'), to.startsWith('file://') ? fileURLToPath(to) : to),
  },
};

/**
 * Adds the release's module versions to a module proxy folder (what GOPROXY=file://<folder>, or a web server
 * serving the folder, reads): each version's .zip, .mod and .info, and the version in the module's list. A version
 * the folder already holds with other bytes is refused: a proxy never changes a published version.
 */
async function intoProxy(release: string, proxy: string): Promise<string> {
  const lists = (await readdir(release, { recursive: true })).filter((f) => f.endsWith('/@v/list'));
  const added: string[] = [];
  for (const list of lists) {
    const at = list.slice(0, -'/list'.length);
    await mkdir(join(proxy, at), { recursive: true });
    for (const name of (await readdir(join(release, at))).filter((n) => n !== 'list')) {
      const there = await readFile(join(proxy, at, name)).catch(() => null);
      const mine = await readFile(join(release, at, name));
      if (there && !there.equals(mine))
        throw new Error(
          `${join(proxy, at, name)} already holds other bytes; a published module version is never changed`,
        );
      await copyFile(join(release, at, name), join(proxy, at, name));
    }
    const versions = new Set(
      [await readFile(join(proxy, at, 'list'), 'utf8').catch(() => ''), await readFile(join(release, list), 'utf8')]
        .join('\n')
        .split('\n')
        .filter(Boolean),
    );
    await writeFile(join(proxy, at, 'list'), `${[...versions].join('\n')}\n`);
    added.push(relative(release, join(release, at)));
  }
  if (!added.length) throw new Error('the release folder holds no Go module (go/<module>/@v/list)');
  return `${added.join(', ')} into the module proxy folder ${proxy}`;
}

/** `go mod download` of the version from the folder just written, in a module cache of its own, or why it was not tried. */
async function downloaded(dest: string, module: string, version: string): Promise<string> {
  if (!fetchable(module)) return 'not downloadable by go (module path without a dot)';
  const gopath = await mkdtemp(join(tmpdir(), 'element-release-go-'));
  try {
    const env = {
      ...process.env,
      GOPATH: gopath,
      GOMODCACHE: join(gopath, 'mod'),
      GOPROXY: `file://${join(dest, 'go')}`,
      GOSUMDB: 'off',
      GOFLAGS: '-modcacherw',
      GOTOOLCHAIN: 'local',
    };
    await runTool('go', ['mod', 'download', '-json', `${module}@${version}`], { cwd: gopath, env });
    return 'go mod download from the proxy folder';
  } finally {
    await rm(gopath, { recursive: true, force: true });
  }
}
