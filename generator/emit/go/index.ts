import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { declarations } from '../kit/declarations.js';
import { specData, versionsRead } from '../kit/spec-data.js';
import { treeViewOrFailure } from '../kit/tree.js';
import { readerNames } from '../kit/vocabulary.js';
import { emitterDiagnostic, nothingWritten } from '../core/report.js';
import { type FileEntry, renderEntries } from '../core/files.js';
import { bundleVectors } from '../shared/bundle.js';
import { hostileInputs } from '../shared/hostile.js';
import { licenseText } from '../shared/license.js';
import { publishingOf, sdkVersionTable, unsetNote } from '../shared/publishing.js';
import { readmeExample } from '../shared/readme-example.js';
import { loadTemplates, type Render, runtimeSources, tidy } from '../core/templates.js';
import { answerSchemas } from '../shared/binding-tools.js';
import { toolsJson } from '../shared/tools.js';
import { VALIDATOR_COMMAND } from '../shared/validator.js';
import type { EmitContext, GeneratedFile, TargetResult } from '../core/target.js';
import { goDecls } from './decls.js';
import { goOperations } from './operations.js';
import { goSpecDeclarations, goSpecLiteral } from './spec-data.js';
import { GO_NAMING, goLiteral, goNames } from './naming.js';
import { appleEntries, findingEntries, stateFields } from './tables.js';

/** The Go the module needs (go.mod's go line). */
const GO_VERSION = '1.24';
/** The module path when publishing.json states no repository yet (README says how to set it). */
const LOCAL_MODULE = 'elementmodel';
/**
 * MCP's Go SDK as the README's "Use with MCP" names it: the version test/go-mcp/go.mod pins and runs the README's
 * code with (test/bindings/go/go-mcp.test.ts holds the two equal), and the Go it needs (its go.mod's go line).
 */
const MCP_GO_SDK = { module: 'github.com/modelcontextprotocol/go-sdk', version: 'v1.8.0', go: '1.25' };

let compiled: Render | undefined;
const templates = (): Render => (compiled ??= loadTemplates('go', { join: (values: string[]) => values.join(', ') }));

/** The module path: the repository's address with the package's folder, or a local name until one is set. */
export function modulePath(repository: string | null): string {
  if (repository === null) return LOCAL_MODULE;
  return `${repository
    .replace(/^https?:\/\//, '')
    .replace(/\.git$/, '')
    .replace(/\/$/, '')}/generated/go`;
}

export function emitGo(
  model: CanonicalModel,
  context: EmitContext,
  conformance: readonly GeneratedFile[],
): TargetResult {
  const names = goNames();
  const kit = declarations(model, names);
  const { roles, node, answer, content } = kit;
  if (!roles || !node || !answer || !content) return { files: [], diagnostics: kit.diagnostics };
  const tree = treeViewOrFailure(model, kit);
  if ('files' in tree) return tree;
  // The emitters write Go as gofmt lays it out (./layout.ts); the templates and the runtime are written so.
  const render: Render = (name, view) => tidy(templates()(name, view));
  const publishing = publishingOf(context);
  const module = modulePath(publishing.repository);
  const example = readmeExample(model);
  const reader = readerNames(GO_NAMING);
  // Each version's rules, oldest first, as one composite literal each (spec-data.ts).
  const versions = versionsRead(model, context.versions).map((v) => ({
    version: v.protocolVersion,
    literal: goSpecLiteral(specData(v), 1),
  }));
  const pathState = tree.states.find((s) => s.path);
  // The operation that returns the answer: MCP's tool in the README's "Use with MCP" and the round trip through MCP's
  // Go SDK (test/go-mcp); no section without one.
  const answerOperation = model.operations.find((o) => o.returns === model.tree.answer);
  const mcp = answerOperation
    ? {
        ...MCP_GO_SDK,
        tool: answerOperation.name,
        toolLiteral: goLiteral(answerOperation.name),
        descriptionLiteral: goLiteral(answerOperation.meaning),
      }
    : null;
  const view = {
    version: model.protocolVersion,
    versionLiteral: goLiteral(model.protocolVersion),
    sdkVersion: publishing.sdkVersion,
    sdkVersionLiteral: goLiteral(publishing.sdkVersion),
    regenerate: context.regenerate,
    module,
    goVersion: GO_VERSION,
    contentTag: goLiteral(content.discriminator.key),
    declarations: goSpecDeclarations(),
    versions,
    currentIndex: versions.findIndex((v) => v.version === model.protocolVersion),
    findings: findingEntries(),
    decls: goDecls(kit.decls).source,
    roles,
    reader,
    answer: answer.name,
    node: node.name,
    rootMember: tree.root.name,
    childrenMember: tree.children.name,
    roleMember: tree.role.name,
    idMember: tree.id.name,
    contentMember: tree.content?.name ?? null,
    unknownContent: content.unknown.name,
    idKeyLiteral: goLiteral(model.tree.id),
    roleKeyLiteral: goLiteral(model.tree.role),
    rootPointer: goLiteral(tree.rootPointer),
    childrenSegment: goLiteral(tree.childrenSegment),
    examplePath: `${tree.rootPointer}${tree.childrenSegment}0`,
    pathState: pathState?.field.name ?? null,
    pathStateKey: pathState?.key ?? null,
    pathStateKeyLiteral: goLiteral(pathState?.key ?? ''),
    states: tree.states.map((s) => ({
      name: s.field.name,
      keyLiteral: goLiteral(s.key),
      inherit: s.inherit,
      value: s.value,
    })),
    stateFields: stateFields(tree.states.map((s) => ({ name: s.field.name, doc: s.field.doc }))),
    apple: appleEntries(model, roles),
    example: 'missing' in example ? null : { ...example, answerLiteral: goLiteral(example.answer) },
    exampleFileLiteral: 'missing' in example ? null : goLiteral(example.file),
    exampleLines: 'missing' in example ? [] : example.output.trimEnd().split('\n'),
    validator: VALIDATOR_COMMAND,
    versionTable: sdkVersionTable(publishing, model),
    unsetNote: unsetNote(publishing, ['repository']),
    localModule: publishing.repository === null,
    mcp,
  };
  const operations = goOperations(model, names, kit.decls);
  const hostile = hostileInputs(model);
  if ('missing' in hostile)
    return nothingWritten(kit.diagnostics, model.roleRules.source, `No hostile inputs: ${hostile.missing}`);
  const license = licenseText();
  const entries: FileEntry[] = [
    { path: 'go/go.mod', template: 'go.mod', view },
    { path: 'go/README.md', template: 'README.md', view },
    { path: 'go/doc.go', template: 'doc.go', view },
    { path: 'go/types.go', template: 'types.go', view },
    { path: 'go/spec.go', template: 'spec.go', view },
    { path: 'go/reader.go', template: 'reader.go', view },
    { path: 'go/conformance_test.go', template: 'conformance_test.go', view },
    { path: 'go/hostile_test.go', template: 'hostile_test.go', view },
    { path: 'go/operations.go', template: 'operations.go', view: { ...view, ...operations.view } },
    { path: 'go/operations_test.go', template: 'operations_test.go', view: { ...view, ...operations.view } },
    // The published tool definitions, for operations_test.go to hold ToolDefinitions to in a copy of the module alone.
    { path: 'go/testdata/tools.json', contents: toolsJson(model, answerSchemas(model)) },
    ...('missing' in example ? [] : [{ path: 'go/example_test.go', template: 'example_test.go', view }]),
    { path: 'go/testdata/hostile-inputs.json', contents: stableJson(hostile) },
    ...bundleVectors(conformance, 'go/testdata/conformance'),
    { path: 'go/cmd/element-model-validate/main.go', template: 'validate-main.go', view },
    // The runtime that names no spec word: runtime/go's plain Go, each file below the generated header.
    ...[...runtimeSources('go').keys()].map((name) => ({ path: `go/${name}`, template: name, view })),
    ...('missing' in license ? [] : [{ path: 'go/LICENSE', contents: license.text }]),
  ];
  const files = renderEntries(entries, render);
  const diagnostics = [
    ...kit.diagnostics,
    ...operations.clashes.map((c) => emitterDiagnostic(c.source, c.message)),
    ...('missing' in example
      ? [emitterDiagnostic(model.roleRules.source, `No README example test: ${example.missing}`)]
      : []),
  ];
  return { files, diagnostics };
}
