import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { declarations } from '../kit/declarations.js';
import { operationShapes } from '../kit/operations.js';
import { findingsLiterals } from '../kit/findings.js';
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
import { VALIDATOR_COMMAND } from '../shared/validator.js';
import type { EmitSettings, GeneratedFile, TargetResult } from '../core/target.js';
import { rustSpecDeclarations, rustSpecLiteral, rustSpecTypeNames } from './spec-data.js';
import { rustDecls } from './decls.js';
import { cargoLock } from './cargo-lock.js';
import { rustOperations } from './operations.js';
import { docComment, RUST_NAMING, rustNames, rustString } from './naming.js';
import { deprecatesAnything } from '../../model/deprecation.js';

/**
 * The crate's name on crates.io, its library's name, the Rust it needs, and the lowest versions of what it uses: the
 * manifest asks for them by caret range, as a library does, so a consumer on a newer compatible serde builds; the
 * exact versions the tests build with are in Cargo.lock.
 */
const CRATE = 'element-model';
const MODULE = 'element_model';
const MSRV = '1.85';
export const RUST_DEPENDENCIES = { serde: '1.0.228', serdeJson: '1.0.145', regex: '1.12.2' };
/**
 * What the README's "Use with MCP" example adds beside the crate: MCP's official Rust SDK with the features it uses
 * (its server and client, stdio and a child process; no macros, no HTTP) and tokio, exact. test/rust-mcp/Cargo.toml,
 * which compiles and runs that example, pins the same (test/bindings/rust/rust-mcp.test.ts holds them equal).
 */
/** The Rust rmcp needs, above the crate's own: test/rust-mcp/Cargo.toml's rust-version (test/bindings/rust/rust-mcp.test.ts holds them equal). */
export const RUST_MCP_MSRV = '1.88';
export const RUST_MCP_DEPENDENCIES = [
  'rmcp = { version = "=3.11.0", default-features = false, features = ["server", "client", "transport-io", "transport-child-process"] }',
  `serde_json = "=${RUST_DEPENDENCIES.serdeJson}"`,
  'tokio = { version = "=1.54.1", default-features = false, features = ["macros", "rt", "time"] }',
];
/** The test folder that holds the conformance vectors the crate bundles. */
const BUNDLED = 'conformance';

let compiled: Render | undefined;
const templates = (): Render => (compiled ??= loadTemplates('rust', { join: (values: string[]) => values.join(', ') }));

/**
 * Where a runtime file goes in the crate: the validator's main is its binary, a `test_x.rs` the integration test
 * `tests/x.rs` (tests written by hand against the crate's public API, shipped with it), any other file a module.
 */
const runtimePath = (name: string) => {
  if (name === 'validate_main.rs') return 'rust/src/bin/validate.rs';
  return name.startsWith('test_') ? `rust/tests/${name.slice('test_'.length)}` : `rust/src/${name}`;
};
const optional = (text: string | null | undefined) =>
  text === null || text === undefined ? 'None' : `Some(${rustString(text)})`;

export function emitRust(
  model: CanonicalModel,
  context: EmitSettings,
  conformance: readonly GeneratedFile[],
): TargetResult {
  const names = rustNames();
  const kit = declarations(model, names);
  const render: Render = (name, view) => tidy(templates()(name, view));
  const publishing = publishingOf(context);
  const example = readmeExample(model);
  const { roles, node, answer, content } = kit;
  if (!roles || !node || !answer || !content) return { files: [], diagnostics: kit.diagnostics };
  const tree = treeViewOrFailure(model, kit);
  if ('files' in tree) return tree;
  const hostile = hostileInputs(model);
  if ('missing' in hostile)
    return nothingWritten(kit.diagnostics, model.roleRules.source, `No hostile inputs: ${hostile.missing}`);
  const license = licenseText();
  if ('missing' in license)
    return nothingWritten(kit.diagnostics, model.roleRules.source, `No LICENSE in the crate: ${license.missing}`);
  const lock = cargoLock(runtimeSources('rust').get('Cargo.lock') ?? '', CRATE, publishing.sdkVersion);
  if ('missing' in lock)
    return nothingWritten(kit.diagnostics, model.roleRules.source, `No Cargo.lock for the crate: ${lock.missing}`);

  // Each version's rules, oldest first, as a static of its own (spec-data.ts).
  const staticName = (version: string) => `PROTOCOL${version.replace(/[^A-Za-z0-9]/g, '_')}`;
  const versions = versionsRead(model, context.versions).map((v) => ({
    version: v.protocolVersion,
    name: staticName(v.protocolVersion),
    literal: rustSpecLiteral(specData(v)),
  }));

  const findings = findingsLiterals(rustString);

  const reader = readerNames(RUST_NAMING);
  const reasons = new Map(model.notReported.map((n) => [n.name, n.reason]));
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const apple = model.appleRoles.map((a) => ({
    value: rustString(a.value),
    role: a.role === null ? null : (caseOf.get(a.role) ?? null),
    class: rustString(a.class),
    reason: a.role === null ? optional(reasons.get(a.class) ?? a.class) : 'None',
  }));
  const pathState = tree.states.find((s) => s.path);
  // The operation that returns the answer (MCP's tool), its meaning as the tool definitions (tools.json) give it.
  const answerName = model.operations.find((o) => o.returns === model.tree.answer)?.name;
  const answerOperation = operationShapes(model).find((o) => o.name === answerName);
  const common = {
    version: model.protocolVersion,
    versionLiteral: rustString(model.protocolVersion),
    regenerate: context.regenerate,
    crate: CRATE,
    module: MODULE,
    msrv: MSRV,
    dependencies: RUST_DEPENDENCIES,
    validator: VALIDATOR_COMMAND,
    sdkVersion: publishing.sdkVersion,
    sdkVersionLiteral: rustString(publishing.sdkVersion),
    license: 'Apache-2.0',
    repository: publishing.repository,
    documentation: publishing.documentation,
    versionTable: sdkVersionTable(publishing, model),
    unsetNote: unsetNote(publishing, ['repository']),
    reader,
  };
  const view = {
    ...common,
    answer: answer.name,
    node: node.name,
    roleType: roles.name,
    unknownRole: roles.unknown.value,
    contentUnion: content.name,
    apple,
    states: tree.states.map((s) => ({
      key: rustString(s.key),
      name: s.field.name,
      doc: docComment(s.field.doc, 4),
      inherit: s.inherit,
      rootValue: s.inherit ? s.value : false,
      value: s.inherit ? false : s.value,
    })),
    rootMember: tree.root.name,
    childrenMember: tree.children.name,
    roleMember: tree.role.name,
    idMember: tree.id.name,
    idKey: rustString(model.tree.id),
    roleKey: rustString(model.tree.role),
    pathState: pathState?.field.name ?? null,
    pathStateKey: rustString(pathState?.key ?? ''),
    examplePath: `/${model.tree.root}/${model.tree.children}/0`,
    bundled: BUNDLED,
    bundledLiteral: rustString(BUNDLED),
    example: 'missing' in example ? null : example,
    exampleAnswer: 'missing' in example ? '' : `r#"${example.answer}"#`,
    exampleOutput: 'missing' in example ? '' : rustString(example.output),
    // The operation that returns the answer: the README's MCP tool.
    mcp: answerOperation
      ? {
          tool: rustString(answerOperation.name),
          meaning: rustString(answerOperation.meaning),
          uses: [answer.name, 'CheckOptions', 'Finding', 'check', 'dump_answer'].join(', '),
          dependencies: RUST_MCP_DEPENDENCIES.join('\n'),
          msrv: RUST_MCP_MSRV,
        }
      : null,
  };
  // The crate's source that does not depend on the spec: runtime/rust/*.rs, each below the runtime-head template
  // (runtimePath says where each goes).
  const operations = rustOperations(model, kit.decls);
  const runtime = [...runtimeSources('rust').keys()].filter((name) => name.endsWith('.rs'));
  const entries: FileEntry[] = [
    { path: 'rust/Cargo.toml', template: 'Cargo.toml', view: common },
    { path: 'rust/Cargo.lock', contents: lock.text },
    { path: 'rust/README.md', template: 'README.md', view },
    { path: 'rust/LICENSE', contents: license.text },
    { path: 'rust/.gitignore', contents: 'target/\n' },
    { path: 'rust/src/lib.rs', template: 'lib.rs', view: { ...view, deprecates: deprecatesAnything(model) } },
    {
      path: 'rust/src/model.rs',
      template: 'model.rs',
      view: { ...view, decls: rustDecls(kit.decls, { node: node.name, children: model.tree.children }) },
    },
    {
      path: 'rust/src/spec_data.rs',
      template: 'spec_data.rs',
      view: { ...common, declarations: rustSpecDeclarations() },
    },
    {
      path: 'rust/src/spec.rs',
      template: 'spec.rs',
      view: {
        ...common,
        versions,
        dataTypes: rustSpecTypeNames().join(', '),
        current: staticName(model.protocolVersion),
        findings,
      },
    },
    { path: 'rust/src/reader.rs', template: 'reader.rs', view },
    { path: 'rust/src/operations.rs', template: 'operations.rs', view: { ...common, ...operations.view } },
    ...runtime.map((name) => ({ path: runtimePath(name), template: name, view: common })),
    { path: 'rust/tests/conformance.rs', template: 'test_conformance.rs', view },
    { path: 'rust/tests/hostile.rs', template: 'test_hostile.rs', view },
    { path: 'rust/tests/hostile-inputs.json', contents: stableJson(hostile) },
    {
      path: 'rust/tests/operations.rs',
      template: 'test_operations.rs',
      view: { ...common, ...operations.view, bundled: BUNDLED },
    },
    { path: 'rust/tests/tools.json', contents: operations.toolsJson },
    ...bundleVectors(conformance, `rust/tests/${BUNDLED}`),
  ];
  const missing =
    'missing' in example
      ? [emitterDiagnostic(model.roleRules.source, `No README example test: ${example.missing}`)]
      : [];
  const clashes = operations.clashes.map((c) => emitterDiagnostic(c.source, c.message));
  return { files: renderEntries(entries, render), diagnostics: [...kit.diagnostics, ...missing, ...clashes] };
}
