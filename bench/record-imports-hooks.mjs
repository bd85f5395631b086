// The resolve hook of record-imports.mjs: runs on Node's hooks thread.
import { appendFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';

let out = '';
let ours = '';
export function initialize(data) {
  ({ out, ours } = data);
}
export async function resolve(specifier, context, next) {
  if (context.parentURL?.startsWith(ours) && !/^(\.|\/|file:|node:|data:)/.test(specifier) && !isBuiltin(specifier)) appendFileSync(out, `import ${specifier}\n`);
  return next(specifier, context);
}
