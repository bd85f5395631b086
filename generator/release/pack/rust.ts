import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/**
 * The `.crate` that `cargo publish` uploads, made by `cargo package`, which also builds the crate from the packed
 * files alone (offline, from the crates the toolchain install fetched; scripts/rust-env.sh).
 */
export const rust: Packer = {
  name: 'rust',
  publishedTo: 'crates.io',
  async pack({ out, dest, scripts }) {
    return withCopy(join(out, 'rust'), async (copy) => {
      const env = 'eval "$(bash "$1")" && cargo package --offline --allow-dirty --quiet && echo "$CARGO_TARGET_DIR"';
      const printed = await runTool('bash', ['-c', env, 'rust-package', join(scripts, 'rust-env.sh')], { cwd: copy });
      const packaged = join(printed.trim().split('\n').at(-1) ?? '', 'package');
      const crates = (await readdir(packaged)).filter((f) => f.endsWith('.crate'));
      const manifest = await runTool('bash', ['-c', 'eval "$(bash "$1")" && cargo read-manifest --offline', 'rust-manifest', join(scripts, 'rust-env.sh')], { cwd: copy });
      const { name, version } = JSON.parse(manifest) as { name: string; version: string };
      const file = `${name}-${version}.crate`;
      if (!crates.includes(file)) throw new Error(`cargo package made no ${file}`);
      await copyFile(join(packaged, file), join(dest, file));
      return [{ package: 'rust', file, checks: ['cargo package (built from the packed files)'] }];
    });
  },
};
