// `npm run build` runs this after tsc: it does once the work every `generate` would otherwise repeat (see
// precompiled.ts). It reads only the toolchain's own files, never spec/.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import Handlebars from 'handlebars';
import { TEMPLATE_FOLDERS, type TemplateFolder, templateSources } from '../emit/core/templates.js';
import { staticSources } from '../emit/typescript/package.js';
import { transpile } from '../emit/typescript/transpile.js';
import { MODEL_SCHEMA } from '../model/schema.js';
import { MODEL_VALIDATOR_OPTIONS } from '../model/validate.js';
import { PRECOMPILED_FILES, hashOf, precompiledDir } from './precompiled.js';

function templatesModule(): string {
  const entries: string[] = [];
  for (const folder of Object.keys(TEMPLATE_FOLDERS).sort() as TemplateFolder[]) {
    for (const t of templateSources(folder)) {
      const spec = Handlebars.precompile(t.source, TEMPLATE_FOLDERS[folder]);
      entries.push(`  ${JSON.stringify(t.key)}: { hash: ${JSON.stringify(hashOf(t.source))}, spec: ${String(spec)} },`);
    }
  }
  return `// Built by npm run build from templates/; do not edit.\n'use strict';\nmodule.exports = {\n${entries.join('\n')}\n};\n`;
}

function modelValidatorModule(): string {
  const ajv = new Ajv2020({ ...MODEL_VALIDATOR_OPTIONS, code: { source: true } });
  const code = standalone.default(ajv, ajv.compile(MODEL_SCHEMA));
  return `// Built by npm run build from the model schema; do not edit.\n${code}\nmodule.exports.schemaHash = ${JSON.stringify(hashOf(JSON.stringify(MODEL_SCHEMA)))};\n`;
}

function typescriptRuntime(): string {
  const out: Record<string, unknown> = {};
  for (const r of staticSources()) out[r.path] = { hash: hashOf(r.body), ...transpile(r.path, r.body) };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const dir = precompiledDir();
await mkdir(dir, { recursive: true });
const outputs: [string, string][] = [
  [PRECOMPILED_FILES.templates, templatesModule()],
  [PRECOMPILED_FILES.modelValidator, modelValidatorModule()],
  [PRECOMPILED_FILES.typescriptRuntime, typescriptRuntime()],
];
for (const [file, text] of outputs) {
  // Written beside and renamed, so a generate running meanwhile never reads half a file.
  const tmp = join(dir, `.${file}.${process.pid}`);
  await writeFile(tmp, text);
  await rename(tmp, join(dir, file));
}
