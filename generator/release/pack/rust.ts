import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/** cargo's default registry, where `cargo publish` goes without --index. */
const CRATES_IO = 'https://crates.io';
/** The name cargo knows another registry by while publishing (CARGO_REGISTRIES_ELEMENT_MODEL_INDEX names its index). */
const CARGO_REGISTRY_NAME = 'element-model';

/**
 * The `.crate` that `cargo publish` uploads, made by `cargo package`, which also builds the crate from the packed
 * files alone (offline, from the crates the toolchain install fetched; scripts/rust-env.sh).
 */
export const rust: Packer = {
  name: 'rust',
  publishedTo: 'crates.io',
  async pack({ out, dest, scripts }) {
    return withCopy(join(out, 'rust'), async (copy) => {
      const manifest = await runTool(
        'bash',
        ['-c', 'eval "$(bash "$1")" && cargo read-manifest --offline', 'rust-manifest', join(scripts, 'rust-env.sh')],
        { cwd: copy },
      );
      const { name, version } = JSON.parse(manifest) as { name: string; version: string };
      const file = `${name}-${version}.crate`;
      // The target folder is shared with every other cargo run of the toolchain (scripts/rust-test.sh empties its
      // package/ folder): cargo package and the copy out hold its lock, where flock exists, as rust-test.sh does.
      const locked = 'if command -v flock >/dev/null; then exec 9>"$CARGO_TARGET_DIR.lock" && flock 9; fi';
      const script = `eval "$(bash "$1")" && ${locked} && cargo package --offline --allow-dirty --quiet && cp "$CARGO_TARGET_DIR/package/$2" "$3"`;
      await runTool('bash', ['-c', script, 'rust-package', join(scripts, 'rust-env.sh'), file, join(dest, file)], {
        cwd: copy,
      });
      if (!existsSync(join(dest, file))) throw new Error(`cargo package made no ${file}`);
      return [{ package: 'rust', file, checks: ['cargo package (built from the packed files)'] }];
    });
  },
  publisher: {
    registry: CRATES_IO,
    async publish({ from, to, scripts }) {
      const crates = (await readdir(from)).filter((f) => f.endsWith('.crate'));
      if (crates.length !== 1) throw new Error(`the release folder holds ${crates.length} crates, not one`);
      const crate = crates[0] ?? '';
      const dir = await mkdtemp(join(tmpdir(), 'element-publish-crate-'));
      try {
        // The crate unpacked as cargo unpacks a downloaded one, its own manifest put back (cargo packs the original
        // as Cargo.toml.orig and refuses that name in a source), and published from there: the packed files go up.
        await runTool('tar', ['-xzf', join(from, crate), '-C', dir]);
        const source = join(dir, crate.replace(/\.crate$/, ''));
        await rename(join(source, 'Cargo.toml.orig'), join(source, 'Cargo.toml'));
        await rm(join(source, '.cargo_vcs_info.json'), { force: true });
        // Another registry is named for cargo through its variables, so its token is cargo's own
        // (CARGO_REGISTRIES_ELEMENT_MODEL_TOKEN, or `cargo login --registry element-model`); crates.io's is CARGO_REGISTRY_TOKEN.
        const registry = to === CRATES_IO ? [] : ['--registry', CARGO_REGISTRY_NAME];
        const env = to === CRATES_IO ? process.env : { ...process.env, CARGO_REGISTRIES_ELEMENT_MODEL_INDEX: to };
        const script = 'eval "$(bash "$1")" && shift && cargo publish --no-verify --allow-dirty --quiet "$@"';
        await runTool('bash', ['-c', script, 'rust-publish', join(scripts, 'rust-env.sh'), ...registry], {
          cwd: source,
          env,
        });
        return `cargo publish ${crate}${to === CRATES_IO ? '' : ` to the registry whose index is ${to}`}`;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
};
