// Preloaded into one `generate` run by bench/run.mjs (node --import): writes each package the generator imports
// itself, a line each: "import <specifier>" or "require <specifier>", to $ELEMENT_BENCH_IMPORTS, so that floor.mjs loads exactly those. Worker threads
// inherit --import, so a package loaded off the main thread is written too.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const out = process.env.ELEMENT_BENCH_IMPORTS;
const ours = new URL('../dist/', import.meta.url).href;
if (out) {
  // ESM imports go through a resolve hook; CommonJS requires (createRequire) through Module.prototype.require.
  register('./record-imports-hooks.mjs', import.meta.url, { data: { out, ours } });
  const isBare = (s) => !/^(\.|\/|file:|node:|data:)/.test(s) && !Module.isBuiltin(s);
  const dir = fileURLToPath(ours);
  const require = Module.prototype.require;
  Module.prototype.require = function (id, ...rest) {
    if (this.filename?.startsWith(dir) && isBare(id)) appendFileSync(out, `require ${id}\n`);
    return require.call(this, id, ...rest);
  };
}
