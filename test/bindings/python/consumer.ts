import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Consume, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';

/**
 * A fresh venv: `pip install` by the README's lines (the package, then its `mcp` extra) from pypiserver, which
 * serves the published wheel and sdist beside the wheels of their dependencies; the README's examples as written,
 * type-checked by `mypy --strict`; the "## Use" example run on the README's answer; and the "Use with MCP" provider
 * served over stdio to a host that connects as the README says and gets `[]` from its `ask`.
 */
export const consume: Consume = async (setup) => {
  const dir = setup.work;
  const made = await step('python3', ['-m', 'venv', join(dir, 'venv')], { cwd: dir });
  expect(made.code, made.err).toBe(0);
  const bin = join(dir, 'venv/bin');
  // Only the index's address is given; the machine's own wheel folder and pip's cache are left out.
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, PIP_INDEX_URL: `${setup.published.python.url}simple/`, PIP_FIND_LINKS: '', PIP_NO_CACHE_DIR: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1' };
  const [install] = fencedIn(setup.readme, 'sh', '## Install');
  expect(install?.trim()).toMatch(/^pip install \S+==\d+\.\d+\.\d+$/);
  const extra = /`(pip install "[^"`]+\[mcp\]==[^"`]+")`/.exec(setup.readme)?.[1];
  expect(extra, 'the README names the mcp extra\'s install line').toBeDefined();
  for (const line of [install ?? '', extra ?? '']) {
    const installed = await step('bash', ['-c', line], { cwd: dir, env });
    expect(installed.code, `${line}\n${installed.out}${installed.err}`).toBe(0);
  }
  // The installed package is the published one: pip reports the version the README names.
  const shownVersion = await step(join(bin, 'python'), ['-c', 'import element_model; print(element_model.__version__)'], { cwd: dir, env });
  expect(shownVersion.out.trim()).toBe(setup.sdk);

  // ## Use: the README's function, and a main that prints what it returns for the answer the README shows.
  const [describe] = fencedIn(setup.readme, 'python', '## Use');
  await writeFile(join(dir, 'describe.py'), `${describe ?? ''}\n\nif __name__ == "__main__":\n    import sys\n\n    print(describe_answer(sys.argv[1]), end="")\n`);
  await writeFile(join(dir, setup.example.file), setup.example.answer);
  const described = await step(join(bin, 'python'), ['describe.py', setup.example.file], { cwd: dir, env });
  expect(described.code, described.err).toBe(0);
  expect(described.out).toBe(setup.example.output);
  expect(fencedIn(setup.readme, 'text', '## Use')[0]).toBe(setup.example.output);

  // ## Use with MCP: the provider as written, served over stdio; the host connects as the README's prose says.
  const [provider, sketch] = fencedIn(setup.readme, 'python', '## Use with MCP');
  await writeFile(join(dir, 'provider.py'), `${provider ?? ''}\n\nif __name__ == "__main__":\n    server.run("stdio")\n`);
  await writeFile(join(dir, 'host.py'), [
    'import asyncio',
    'import sys',
    '',
    'from mcp import Client, StdioServerParameters',
    '',
    'from provider import ask',
    '',
    '',
    'async def main() -> None:',
    '    async with Client(StdioServerParameters(command=sys.executable, args=["provider.py"])) as client:',
    '        print([finding.message for finding in await ask(client)])',
    '',
    '',
    'asyncio.run(main())',
    '',
  ].join('\n'));
  const hosted = await step(join(bin, 'python'), ['host.py'], { cwd: dir, env });
  expect(hosted.code, hosted.err).toBe(0);
  expect(hosted.out.trim()).toBe('[]');

  // Every example under mypy --strict, with the `text` the API sketch leaves to the reader declared.
  await writeFile(join(dir, 'sketch.py'), `text: str = ""\n${sketch ?? ''}`);
  // mypy, the version the package's own tests pin, from the same index.
  const mypy = /^mypy==(\S+)$/m.exec(await readFile(join(setup.generated, 'python/requirements-test.txt'), 'utf8'))?.[1];
  expect(mypy).toBeDefined();
  const tool = await step('bash', ['-c', `pip install -q mypy==${mypy ?? ''}`], { cwd: dir, env });
  expect(tool.code, tool.err).toBe(0);
  const typed = await step(join(bin, 'python'), ['-m', 'mypy', '--strict', '--no-incremental', 'describe.py', 'provider.py', 'host.py', 'sketch.py'], { cwd: dir, env });
  expect(typed.code, `${typed.out}${typed.err}`).toBe(0);
};
