import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './spec.js';
import { TOOLCHAIN_CACHE } from './toolchain.js';

/** Where scripts/install-toolchains.sh registries put a server (the script prints each path, so the two agree). */
function installed(what: 'verdaccio-bin' | 'cargo-http-registry-bin'): string {
  return spawnSync('bash', [join(ROOT, 'scripts/install-toolchains.sh'), what], { encoding: 'utf8' }).stdout.trim();
}

const REGISTRIES_REQUIREMENTS = join(ROOT, 'scripts/registries-requirements.txt');

/** The venv scripts/python-venv.sh makes for pypiserver's requirements (the same key: the file's hash). */
const pypiserverVenv = () => join(TOOLCHAIN_CACHE, `python-venv-${createHash('sha256').update(readFileSync(REGISTRIES_REQUIREMENTS)).digest('hex').slice(0, 16)}`);

/** The wheels of generated/python's test requirements that scripts/python-wheelhouse.sh downloads (the same key). */
export const pythonWheelhouse = () => join(TOOLCHAIN_CACHE, `python-wheels-${createHash('sha256').update(readFileSync(join(ROOT, 'generated/python/requirements-test.txt'))).digest('hex').slice(0, 16)}`);

/** Why the local registries cannot run here, or null. */
export function registriesMissing(): string | null {
  const hint = '(run: bash scripts/install-toolchains.sh registries)';
  if (!existsSync(installed('verdaccio-bin'))) return `verdaccio is not installed ${hint}`;
  if (!existsSync(join(pypiserverVenv(), '.complete'))) return `pypiserver is not installed ${hint}`;
  if (!existsSync(join(pythonWheelhouse(), '.complete'))) return `the wheels pypiserver serves are not downloaded ${hint}`;
  if (!existsSync(installed('cargo-http-registry-bin'))) return `cargo-http-registry is not installed ${hint}`;
  return null;
}

/** A server the test started, on 127.0.0.1, stopped (with everything it started) by `stop`. */
export interface LocalServer {
  url: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Starts a server in a process group of its own (so stopping it stops its children) and waits until `ready` says so. */
async function start(command: string, args: string[], ready: () => Promise<boolean>, url: () => string, cwd: string): Promise<LocalServer> {
  const child: ChildProcess = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // A spawn that fails (no such program) ends the wait below with its message rather than as an uncaught error.
  child.once('error', (error) => (output += `${error.message}\n`));
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', () => done());
  });
  let alive = true;
  // Should the test's process end before `stop` is called (a worker ended at a timeout), the server ends with it.
  const orphan = () => {
    if (alive && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  };
  process.once('exit', orphan);
  void exited.then(() => {
    alive = false;
    process.off('exit', orphan);
  });
  const stop = async () => {
    if (!alive || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    const killed = setTimeout(() => child.pid !== undefined && alive && process.kill(-child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };
  const deadline = Date.now() + 60_000;
  while (!(await ready().catch(() => false))) {
    if (!alive || Date.now() > deadline) {
      await stop();
      throw new Error(`${command} did not start:\n${output.slice(-2000)}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { url: url(), stop };
}

const answers = (url: string) => async () => (await fetch(url)).ok;

/** verdaccio with a storage of its own, anyone may read, a user it made may publish; `npmrc` holds that user's token. */
export async function startVerdaccio(dir: string): Promise<LocalServer & { npmrc: string }> {
  await mkdir(dir, { recursive: true });
  const config = join(dir, 'config.yaml');
  const yaml = [`storage: ${join(dir, 'storage')}`, 'auth:', '  htpasswd:', `    file: ${join(dir, 'htpasswd')}`, 'uplinks: {}', 'packages:',
    "  '**':", '    access: $all', '    publish: $authenticated', 'log: { type: stdout, format: pretty, level: warn }'];
  await writeFile(config, `${yaml.join('\n')}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await start(installed('verdaccio-bin'), ['--config', config, '--listen', `127.0.0.1:${port}`], answers(`${url}-/ping`), () => url, dir);
  // npm's own way of making a user (`npm adduser` sends the same request); the token it answers goes to an .npmrc.
  const made = await fetch(`${url}-/user/org.couchdb.user:publisher`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }) });
  const { token } = (await made.json()) as { token?: string };
  if (!token) {
    await server.stop();
    throw new Error('verdaccio made no user');
  }
  const npmrc = join(dir, 'npmrc');
  await writeFile(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);
  return { ...server, npmrc };
}

/**
 * pypiserver serving (and taking uploads into) a folder of its own, with no authentication, and serving the
 * folders of wheels given beside it (read only: uploads go to the first folder).
 */
export async function startPypiserver(dir: string, wheels: readonly string[] = []): Promise<LocalServer> {
  await mkdir(join(dir, 'packages'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  return start(join(pypiserverVenv(), 'bin/python'), ['-m', 'pypiserver', 'run', '-i', '127.0.0.1', '-p', String(port), '-a', '.', '-P', '.', join(dir, 'packages'), ...wheels], answers(`${url}simple/`), () => url, dir);
}

/** cargo-http-registry: a git index in the folder (cargo reads it as file://) and the publish API on a port it picks. */
export async function startCargoRegistry(dir: string): Promise<LocalServer & { index: string }> {
  const root = join(dir, 'registry');
  await mkdir(dir, { recursive: true });
  const api = async () => (JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as { api?: string }).api;
  const server = await start(installed('cargo-http-registry-bin'), [root], async () => Boolean(await api()) && (await fetch(`${await api()}`).catch(() => null)) !== null, () => '', dir);
  return { ...server, url: (await api()) ?? '', index: `file://${root}` };
}
