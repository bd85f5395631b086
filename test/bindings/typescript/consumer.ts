import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Consume, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';
import { ROOT } from '../../helpers/spec.js';

/**
 * A fresh npm project: `npm install` by the README's line from verdaccio, the README's examples as written (the
 * validator example as ESM, the API sketch and both MCP files type-checked under `strict` and
 * `exactOptionalPropertyTypes`), the package through CommonJS `require()` as the README promises, and the MCP
 * provider and host run against each other with MCP's TypeScript SDK.
 */
export const consume: Consume = async (setup) => {
  const dir = setup.work;
  const node = process.execPath;
  const env = { ...process.env, NPM_CONFIG_USERCONFIG: setup.published.npm.npmrc, NPM_CONFIG_REGISTRY: setup.published.npm.url, NPM_CONFIG_AUDIT: 'false', NPM_CONFIG_FUND: 'false' };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`);
  const [install] = fencedIn(setup.readme, 'sh', '## Install');
  expect(install?.trim()).toMatch(/^npm install \S+@\d+\.\d+\.\d+$/);
  const installed = await step('bash', ['-c', install ?? ''], { cwd: dir, env });
  expect(installed.code, installed.err).toBe(0);

  // ## Use: the file the README names, as written, on the README's answer.
  const [describe] = fencedIn(setup.readme, 'js', '## Use');
  await writeFile(join(dir, 'describe.mjs'), describe ?? '');
  await writeFile(join(dir, setup.example.file), setup.example.answer);
  const [shown] = fencedIn(setup.readme, 'text', '## Use');
  expect(shown).toBe(setup.example.output);
  const described = await step(node, ['describe.mjs', setup.example.file], { cwd: dir });
  expect(described.code, described.err).toBe(0);
  expect(described.out).toBe(shown);

  // From CommonJS: require() of the ESM package, the README's promise (Node ^20.19 loads ES modules synchronously).
  const name = /^npm install (\S+)@/.exec(install?.trim() ?? '')?.[1] ?? '';
  await writeFile(join(dir, 'describe.cjs'), [
    "const { readFileSync } = require('node:fs');",
    `const { formatFindings, validateText } = require(${JSON.stringify(name)});`,
    'process.stdout.write(formatFindings(validateText(readFileSync(process.argv[2], "utf8")), process.argv[2]));',
    '',
  ].join('\n'));
  const required = await step(node, ['describe.cjs', setup.example.file], { cwd: dir });
  expect(required.code, required.err).toBe(0);
  expect(shown?.startsWith(required.out)).toBe(true);

  // ## Use with MCP: provider.mjs and host.mjs as written, against the SDK version the README names: the one this
  // repository pins, linked in (verdaccio here serves only the released package).
  const named = /npm install @modelcontextprotocol\/sdk@(\d+\.\d+\.\d+)/.exec(setup.readme)?.[1];
  const pinned = JSON.parse(await readFile(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')) as { version: string };
  expect(named, 'the README names the MCP SDK version its examples run with').toBe(pinned.version);
  const [provider, host] = fencedIn(setup.readme, 'js', '## Use with MCP');
  const [sketch] = fencedIn(setup.readme, 'ts', '## Use with MCP');
  await writeFile(join(dir, 'provider.mjs'), provider ?? '');
  await writeFile(join(dir, 'host.mjs'), host ?? '');
  await mkdir(join(dir, 'node_modules/@modelcontextprotocol'), { recursive: true });
  await symlink(join(ROOT, 'node_modules/@modelcontextprotocol/sdk'), join(dir, 'node_modules/@modelcontextprotocol/sdk'));
  const hosted = await step(node, ['host.mjs'], { cwd: dir });
  expect(hosted.code, hosted.err).toBe(0);
  expect(hosted.out.trim()).toBe('[]');

  // Every example under the strictest settings a TypeScript consumer uses; the sketch names a `text` it leaves to the reader.
  await writeFile(join(dir, 'sketch.ts'), `declare const text: string;\n${sketch ?? ''}\nexport {};\n`);
  await writeFile(join(dir, 'require.cts'), `import sdk = require(${JSON.stringify(name)});\nconst findings: readonly sdk.Finding[] = sdk.check({});\nexport = findings;\n`);
  const tsconfig = {
    compilerOptions: {
      strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noImplicitOverride: true,
      module: 'nodenext', target: 'es2022', allowJs: true, checkJs: true, noEmit: true, skipLibCheck: false,
      types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')],
    },
    files: ['describe.mjs', 'provider.mjs', 'host.mjs', 'sketch.ts', 'require.cts'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const checked = await step(node, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir });
  expect(checked.code, `${checked.out}${checked.err}`).toBe(0);
};
