/**
 * The crate's Cargo.lock: runtime/rust/Cargo.lock as Cargo wrote it (the crates.io packages, exact, with their
 * checksums), with the crate's own entry (the one package with no `source`) given its name and version. Cargo then
 * builds the generated crate `--locked` and offline from the crates install-toolchains.sh fetched.
 */
export function cargoLock(lock: string, crate: string, version: string): { text: string } | { missing: string } {
  const blocks = lock.split(/\n(?=\[\[package\]\]\n)/);
  const own = blocks.flatMap((b, i) => (b.startsWith('[[package]]\n') && !/^source = /m.test(b) ? [i] : []));
  if (own.length !== 1)
    return {
      missing: `runtime/rust/Cargo.lock should hold one package of no source (the crate itself); it holds ${own.length}`,
    };
  const index = own[0] as number;
  blocks[index] = (blocks[index] as string)
    .replace(/^name = ".*"$/m, `name = "${crate}"`)
    .replace(/^version = ".*"$/m, `version = "${version}"`);
  return { text: blocks.join('\n') };
}
