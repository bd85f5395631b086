import { readFileSync, readdirSync } from 'node:fs';
import { hashOf, precompiled } from '../../precompile/precompiled.js';
import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { runtimeDir, templatesDir } from '../shared/paths.js';
import { licenseText } from '../shared/license.js';
import { header, uncheckedNote } from '../shared/text.js';
import { VALIDATOR_COMMAND as VALIDATOR_BIN } from '../shared/validator.js';
import { type Publishing, publishingOf, sdkVersionTable, unsetNote } from '../shared/publishing.js';
import { readmeExample } from '../shared/readme-example.js';
import { MCP_TYPESCRIPT_SDK, mcpExample } from './mcp-example.js';
import type { EmitSettings, GeneratedFile, TargetResult } from '../core/target.js';
import { modelFiles } from './model-file.js';
import { operationClashes, operationsFiles } from './operations-file.js';
import { typescriptNames } from './naming.js';
import { type Transpiled, transpile } from './transpile.js';

/** What the build stores for each runtime file, by its path in the package (`src/runtime/check.ts`). */
export type PrecompiledRuntime = Record<string, Transpiled & { hash: string }>;

export const PACKAGE_NAME = '@element-model/sdk';

/**
 * The Node.js lines the package is tested on (CI runs 20 and 24), as the toolchain's own package.json states
 * them: the LTS lines still supported, from the releases where require() of ES modules needs no flag.
 */
export const SUPPORTED_NODE = '^20.19.0 || ^22.12.0 || ^24.0.0';

/**
 * In npm's own order, not sorted: within `exports`, `types` must come before `import`, since resolvers take the
 * first condition that matches (publint's rule).
 */
function packageJson(model: CanonicalModel, publishing: Publishing): string {
  const { repository, documentation } = publishing;
  const homepage = documentation ?? (repository === null ? null : `${repository}#readme`);
  const manifest = {
    name: PACKAGE_NAME,
    version: publishing.sdkVersion,
    description: `Types and a runtime (reader, role mapping, conformance checker) for the element model, protocol ${model.protocolVersion}. Generated from the spec.`,
    ...(homepage === null ? {} : { homepage }),
    ...(repository === null
      ? {}
      : { repository: { type: 'git', url: `git+${repository}.git`, directory: 'generated/typescript' } }),
    license: 'Apache-2.0',
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    // `default`, not `import`: CommonJS's require() of an ES module (every Node in `engines`) resolves it too.
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' },
    bin: { [VALIDATOR_BIN]: `./bin/${VALIDATOR_BIN}.js` },
    files: ['bin', 'dist', 'src'],
    sideEffects: false,
    engines: { node: SUPPORTED_NODE },
    // A scoped package is private on the registry unless it says otherwise.
    publishConfig: { access: 'public' },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The validator command: plain JavaScript for Node (the runtime itself needs no Node types), with the header below its shebang. */
function validatorBin(model: CanonicalModel, regenerate: string): GeneratedFile {
  const body = readFileSync(`${templatesDir('typescript', 'bin')}/${VALIDATOR_BIN}.js`, 'utf8');
  return {
    path: `typescript/bin/${VALIDATOR_BIN}.js`,
    contents: `#!/usr/bin/env node\n${header(model, regenerate, '//')}\n${body}`,
  };
}

/**
 * The README's example: a program that prints what the validator prints for an answer in a file, then how many
 * elements it holds. JavaScript, so it runs as it is (`node describe.mjs`) and type-checks as TypeScript;
 * test/bindings/typescript/typescript.test.ts takes it from the packed package's README and runs it in a fresh project.
 */
function readmeExampleCode(model: CanonicalModel): string {
  return `import { readFileSync } from 'node:fs';
import { effectiveElements, formatFindings, parseAnswer, passes, validateText } from '${PACKAGE_NAME}';

/** What the validator prints for the answer in a file, then how many elements the answer holds. */
export function describeAnswer(/** @type {string} */ path) {
  const text = readFileSync(path, 'utf8');
  const findings = validateText(text);
  let report = formatFindings(findings, path);
  if (passes(findings)) report += \`\${effectiveElements(parseAnswer(text).answer).length} elements\\n\`;
  return report;
}

process.stdout.write(describeAnswer(process.argv[2] ?? '${readmeExampleFile(model)}'));
`;
}

const readmeExampleFile = (model: CanonicalModel) => {
  const example = readmeExample(model);
  return 'missing' in example ? 'answer.json' : example.file;
};

/** A link to a page of the published reference site, or nothing while its address is unknown. */
const reference = (publishing: Publishing, page: string, words: string) =>
  publishing.documentation === null ? '' : ` ([${words}](${publishing.documentation}/${page}))`;

/** The README's "Use with MCP" section, or nothing when no operation returns the answer. */
function mcpSection(model: CanonicalModel): string {
  const example = mcpExample(model, PACKAGE_NAME, readmeExampleFile(model));
  if (!example) return '';
  return `## Use with MCP

A provider's tool returns an answer as its structured content and registers the package's own definition of the
tool (\`TOOL_DEFINITIONS\`), whose \`outputSchema\` is the lenient answer schema: the host's MCP client checks the
result against it, and a newer provider's additions must reach the host's \`check\` as findings, not fail the call
(what a tool takes is stated strictly, and \`readRequest(operation, arguments)\` holds a call's arguments to it, throwing
a \`RequestError\` for what the tool's \`inputSchema\` refuses). \`Answer\` assigns to
\`structuredContent\`, and the content block types assign to MCP's and back, under \`exactOptionalPropertyTypes\` too.
With MCP's TypeScript SDK installed (\`npm install @modelcontextprotocol/sdk@${MCP_TYPESCRIPT_SDK}\`, the version these
examples are run with), \`provider.mjs\`:

\`\`\`js
${example.provider}\`\`\`

and \`host.mjs\`, which starts the provider, calls the tool, reads \`isError\` first and checks the answer (\`node
host.mjs\` prints \`[]\` for a valid answer; a provider with no answer returns a tool error, and the host exits 1):

\`\`\`js
${example.host}\`\`\`

`;
}

function readme(model: CanonicalModel, regenerate: string, publishing: Publishing): string {
  const unchecked = model.requirements.filter((r) => r.checkable && !r.rule).map((r) => r.id);
  const example = readmeExample(model);
  const note = unsetNote(publishing, ['repository']);
  const output =
    'missing' in example
      ? ''
      : `\n\`node describe.mjs ${example.file}\`, with the spec's example answer in \`${example.file}\`, prints:\n\n\`\`\`text\n${example.output}\`\`\`\n`;
  return `<!-- Generated by element-spec from spec/; do not edit. Regenerate with \`${regenerate}\`. -->
# ${PACKAGE_NAME}

TypeScript types and a runtime for the element model, protocol ${model.protocolVersion}, generated from the spec's
RFCs. The package is ESM only: from CommonJS, \`require()\` it (every Node version it supports, ${SUPPORTED_NODE},
loads ES modules that way) or \`await import()\` it. Numbers are JavaScript's: an integer past 2^53 read by \`JSON.parse\`
loses its last digits, so keep the answer's text (what \`parseAnswer\` is given) where exact numbers matter. Content blocks follow MCP ${model.external.map((e) => `${e.protocolVersion ?? ''} (${e.package}@${e.packageVersion})`).join(', ')}.
${publishing.documentation === null ? '' : `The reference (the protocol, its roles and a checker to paste an answer into): ${publishing.documentation}.\n`}
## Install

\`\`\`sh
npm install ${PACKAGE_NAME}@${publishing.sdkVersion}
\`\`\`

Before it is published, from a clone of the repository: \`npm install ./generated/typescript\` (a \`file:\`
dependency), or \`npm pack ./generated/typescript\` and \`npm install\` the \`.tgz\` it writes.

## Version

This is SDK version ${publishing.sdkVersion}, which speaks protocol ${model.protocolVersion} (\`PROTOCOL_VERSION\`; the SDK's own is
\`SDK_VERSION\`). The SDKs have a version of their own, shared by every language's package, so a fix to
an SDK is released without a new protocol:

${sdkVersionTable(publishing, model)}

## Use

\`describe.mjs\`:

\`\`\`js
${readmeExampleCode(model)}\`\`\`
${output}
${mcpSection(model)}More of the API:

\`\`\`ts
import { check, effectiveElements, focusPath, fromAppleRole, parseAnswer, readRole } from '${PACKAGE_NAME}';

const { answer } = parseAnswer(text);      // throws AnswerError on bad JSON, an unknown version or errors
for (const { element, state } of effectiveElements(answer)) console.log(element.${model.tree.id}, state);
const findings = check(JSON.parse(text));  // [{ requirement, rule, severity, elementId, path, message }]
\`\`\`

- \`readRole(raw)\`: a known role, or ${model.roleRules.unknown} for an unknown one, keeping the raw string${reference(publishing, 'roles.html', 'the roles')}.
- \`readContent(block)\`: a content block of a kind this version defines, or one of any other kind, kept whole.
- \`effectiveElements(answer)\`: every element in pre-order with its effective ${model.states.map((s) => s.field).join(', ')}.
- \`focusPath(answer)\`: the chain of elements on the path from the root's child down.
- \`fromAppleRole(axRole)\`: the protocol role for an Apple Accessibility role, or \`role: null\` with the reason${reference(publishing, 'apple-mapping.html', 'the Apple mapping')}.
- \`readJson(text)\`, \`readJsonBytes(bytes)\`: \`JSON.parse\` held to the grammar every binding reads by (what
  \`parseAnswer\` reads with): \`{ value }\`, or \`{ problem, finding, line, column }\` for text that is not JSON or that
  every binding refuses (a repeated key, a lone surrogate, a number past a double), at its place.
- \`check(answer, options)\`: structure and every ${unchecked.length ? 'requirement a checker rule checks' : 'checkable requirement'}
  (${model.requirements
    .filter((r) => r.checkable && r.rule)
    .map((r) => r.id)
    .join(', ')})${reference(publishing, 'conformance.html', 'conformance')}${uncheckedNote(unchecked)}.
- \`validateText(text)\`, \`validateBytes(bytes)\`, \`formatFindings\`, \`findingsJson\`: what the validator command prints.

## The validator

The package installs a validator command, with the same arguments, output and exit codes as \`element-spec validate\`:

\`\`\`sh
npx ${VALIDATOR_BIN} [--json] answer.json   # or - for standard input
npx ${VALIDATOR_BIN} [--json] --batch a.json b.json c.json
\`\`\`

It prints \`FILE: no findings\`, or the file's name, then each finding as its JSON Pointer (with the element's id), its
severity, message, requirement and rule, then the count of errors and warnings; with \`--json\`, the findings as a JSON
array of objects with \`requirement\`, \`rule\`, \`severity\`, \`elementId\`, \`path\` and \`message\`. It exits 0 when the
answer has no errors (warnings allowed), 1 when it has errors, and 2 for a usage error or a file it cannot read.

With \`--batch\`, it checks every file given in one run, so many answers cost one start: for each, in order, a
line \`==> FILE <== exit CODE\` (the code that file alone exits with), then exactly what checking that file alone
prints (nothing, for a file it cannot read); it exits with the highest of their codes. Every binding's validator
prints the same bytes for a batch too.
${note === null ? '' : `\n## Publishing\n\n${note}\n`}`;
}

/** Transpiled files by their source: the runtime's files rarely change, so watch mode transpiles only model.ts. */
const transpiled = new Map<string, Transpiled>();

/** The runtime's files come transpiled from the build when their source still matches. */
function transpileCached(path: string, body: string): Transpiled {
  const key = `${path}\0${body}`;
  const hit = transpiled.get(key);
  if (hit) return hit;
  const stored = precompiled<PrecompiledRuntime>('typescript-runtime.json')?.[path];
  const result = stored && stored.hash === hashOf(body) ? stored : transpile(path, body);
  if (transpiled.size > 64) transpiled.clear();
  transpiled.set(key, result);
  return result;
}

/**
 * The package's files that do not depend on the model, below their header: the runtime
 * (runtime/typescript/) and the index that exports it all. The build transpiles these ahead.
 */
export function staticSources(): { path: string; body: string }[] {
  const dir = runtimeDir('typescript');
  const runtime = readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort()
    .map((n) => ({ path: `src/runtime/${n}`, body: `\n${readFileSync(`${dir}/${n}`, 'utf8')}` }));
  const exports = [
    './model.js',
    './operations.js',
    ...runtime.map((r) => `./${r.path.replace(/^src\//, '').replace(/\.ts$/, '.js')}`),
  ];
  return [...runtime, { path: 'src/index.ts', body: `\n${exports.map((e) => `export * from '${e}';`).join('\n')}\n` }];
}

/** generated/typescript/: an ESM package with src/ (TypeScript) and dist/ (JavaScript and declarations). */
export function emitPackage(model: CanonicalModel, context: EmitSettings): GeneratedFile[] {
  const head = header(model, context.regenerate, '//');
  const publishing = publishingOf(context);
  const names = typescriptNames(model, context.versions);
  const modelFile = modelFiles(model, head, context.versions, publishing.sdkVersion, names);
  const files: GeneratedFile[] = [
    { path: 'typescript/src/model.ts', contents: modelFile.ts },
    { path: 'typescript/dist/model.js', contents: modelFile.js },
    { path: 'typescript/dist/model.d.ts', contents: modelFile.dts },
  ];
  const operations = operationsFiles(model, head, names);
  files.push(
    { path: 'typescript/src/operations.ts', contents: operations.ts },
    { path: 'typescript/dist/operations.js', contents: operations.js },
    { path: 'typescript/dist/operations.d.ts', contents: operations.dts },
  );
  // Every file starts with the header; the rest is transpiled without it and written below it in both outputs.
  for (const source of staticSources()) {
    files.push({ path: `typescript/${source.path}`, contents: `${head}${source.body}` });
    const { js, dts } = transpileCached(source.path, source.body);
    const out = source.path.replace(/^src\//, 'dist/').replace(/\.ts$/, '');
    files.push({ path: `typescript/${out}.js`, contents: `${head}${js}` });
    files.push({ path: `typescript/${out}.d.ts`, contents: `${head}${dts}` });
  }
  files.push({ path: 'typescript/package.json', contents: packageJson(model, publishing) });
  files.push(validatorBin(model, context.regenerate));
  // The toolchain's own file: without it the run is an internal error, which the runner reports for this target.
  const license = licenseText();
  if ('missing' in license) throw new Error(`No LICENSE in the package: ${license.missing}`);
  files.push({ path: 'typescript/LICENSE', contents: license.text });
  files.push({ path: 'typescript/README.md', contents: readme(model, context.regenerate, publishing) });
  files.push({
    path: 'typescript/tsconfig.json',
    contents: stableJson({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        declaration: true,
        rootDir: 'src',
        outDir: 'dist',
        lib: ['ES2022'],
        types: [],
      },
      include: ['src'],
    }),
  });
  return files;
}

/** The target: the package's files, and the operations it left out for a name another type has, each at its row. */
export function emitTypescript(model: CanonicalModel, context: EmitSettings): TargetResult {
  return {
    files: emitPackage(model, context),
    diagnostics: operationClashes(model, typescriptNames(model, context.versions)),
  };
}
