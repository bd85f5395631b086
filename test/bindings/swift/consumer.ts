import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Consume, step } from '../../helpers/consumers.js';
import { fencedIn } from '../../helpers/readme.js';
import { consumerManifest } from './consumer-manifest.js';
import { ROOT } from '../../helpers/spec.js';

/**
 * A fresh Swift package, with no registry to install from: the source archive `element-spec publish` put in its folder,
 * unzipped beside the package, is its dependency by the README's own lines for an archive (`.package(path:)` and
 * `.product(name:package:)`), and an executable target runs the README's "## Use" example as written, built with
 * `-warnings-as-errors` in the Swift chroot (scripts/swift-test.sh, whose build folder is named for the package's
 * content, so an unchanged release is not compiled again). It must print the README's text block, byte for byte.
 */
export const consume: Consume = async (setup) => {
  const dir = setup.work;
  const archives = (await readdir(setup.published.swift)).filter((f) => f.endsWith('.zip'));
  expect(archives).toHaveLength(1);
  const archive = archives[0] ?? '';
  // The README's lines for the archive: the block that names the package by path.
  const lines = fencedIn(setup.readme, 'swift', '## Install').find((block) => block.includes('.package(path:'));
  expect(lines, 'the README shows how to depend on the unzipped archive').toBeDefined();
  expect(setup.readme).toContain(`\`${archive}\``);
  const dependency = /^\.package\(path: "([^"]+)"\),?$/m.exec(lines ?? '');
  const product = /^\.product\(name: "[^"]+", package: "[^"]+"\),?$/m.exec(lines ?? '')?.[0];
  expect(dependency, 'a .package(path:) line').not.toBeNull();
  expect(product, 'a .product(name:package:) line').toBeDefined();
  // Unzipped where the README's path points, beside the consumer's manifest.
  const unzipped = await step('unzip', ['-q', join(setup.published.swift, archive), '-d', dir], { cwd: dir });
  expect(unzipped.code, unzipped.err).toBe(0);
  await writeFile(join(dir, 'Package.swift'), consumerManifest(dependency?.[0] ?? '', product ?? ''));
  await mkdir(join(dir, 'Sources/Consumer'), { recursive: true });
  // The README's example as written, then a line that prints what it returns for the file it is given.
  const [describe] = fencedIn(setup.readme, 'swift', '## Use');
  await writeFile(join(dir, 'Sources/Consumer/main.swift'), `${describe}\nprint(try describeAnswer(atPath: CommandLine.arguments[1]), terminator: "")\n`);
  await writeFile(join(dir, setup.example.file), setup.example.answer);
  const [shown] = fencedIn(setup.readme, 'text', '## Use');
  expect(shown).toBe(setup.example.output);
  // The build's own output goes to stderr, so stdout is what the example printed.
  const flags = '-Xswiftc -warnings-as-errors';
  const command = `swift build ${flags} >&2 && "$(swift build ${flags} --show-bin-path)/Consumer" ${setup.example.file}`;
  const ran = await step('bash', [join(ROOT, 'scripts/swift-test.sh'), dir], { cwd: ROOT, env: { ...process.env, ELEMENT_SWIFT_COMMAND: command } });
  expect(ran.code, `${ran.out}${ran.err}`).toBe(0);
  // Less the line the script's build folder says on stdout (scripts/lib/build-slot.sh).
  expect(ran.out.replace(/^swift-test: .*\n/gm, '')).toBe(shown);
};
