import type { CanonicalModel } from '../../model/types.js';
import { inCase } from '../kit/naming.js';
import { findingsLiterals } from '../kit/findings.js';
import { specData, versionsRead } from '../kit/spec-data.js';
import { kotlinSpecDeclarations, kotlinSpecLiteral } from './spec-data.js';
import { codeTargetInputs } from '../kit/inputs.js';
import { emitterDiagnostic } from '../core/report.js';
import { type FileEntry, renderEntries } from '../core/files.js';
import { runtimeSources } from '../core/templates.js';
import { bundleVectors } from '../shared/bundle.js';
import { licenseText } from '../shared/license.js';
import { hostileFragments } from '../shared/hostile.js';
import type { EmitSettings, GeneratedFile, TargetResult } from '../core/target.js';
import { KotlinDecls, suppressDeprecation } from './decls.js';
import { deprecatesAnything } from '../../model/deprecation.js';
import { type KotlinSourceFile, kotlinNames, OptionalSerializers, ownClasses, stringLiteral } from './naming.js';

export { ownClasses };
import { render } from './templates.js';
import { kotlinOperations } from './operations.js';
import { VALIDATOR_COMMAND as VALIDATOR } from '../shared/validator.js';
import { type Publishing, publishingOf, sdkVersionTable, unsetNote } from '../shared/publishing.js';
import { type ReadmeExample, readmeExample } from '../shared/readme-example.js';
import {
  appleView,
  attributesView,
  contentView,
  deprecationTestView,
  enumViews,
  type KotlinContext,
  recordViews,
  roleTestView,
  roleView,
  strictPrimitivesView,
  treeNames,
} from './views.js';

/**
 * generated/kotlin/: a Maven module with Kotlin bindings for the model (kotlinx.serialization), the state
 * reader, the Apple role mapping, and JUnit tests that run the shared conformance vectors. The declarations, the
 * tree and the sample answer come from the kit (generator/emit/kit/); this file names them in Kotlin and the
 * templates in templates/kotlin/ print them: the list of files is `emitKotlin`'s, the views are views.ts's.
 */

export const KOTLIN_PACKAGE = 'dev.elementmodel';
/** Pinned so output is deterministic; all on Maven Central. */
export const KOTLIN_VERSIONS = {
  kotlin: '2.2.20',
  serialization: '1.9.0',
  junit: '5.13.4',
  surefire: '3.5.3',
  shade: '3.6.2',
  jar: '3.5.1',
  source: '3.4.0',
  dokka: '2.2.0',
  deploy: '3.1.4',
  jvmTarget: '17',
} as const;

const MODULE = 'kotlin';
const SOURCE_DIR = `${MODULE}/src/main/kotlin/${KOTLIN_PACKAGE.replace(/\./g, '/')}`;
const TEST_DIR = `${MODULE}/src/test/kotlin/${KOTLIN_PACKAGE.replace(/\./g, '/')}`;

const VALIDATOR_PACKAGE = `${KOTLIN_PACKAGE}.validate`;
const VALIDATOR_CLASS = 'ElementModelValidate';
/** The test resource folder that holds the conformance vectors. */
const BUNDLED_VECTORS = 'conformance';

/**
 * `conformance` is the conformance target's files: those of this version are bundled as test resources
 * (src/test/resources/conformance), so a copy of the module alone passes its own tests.
 */
export function emitKotlin(
  model: CanonicalModel,
  context: EmitSettings,
  conformance: readonly GeneratedFile[],
): TargetResult {
  const names = kotlinNames();
  const { inputs, diagnostics } = codeTargetInputs(model, names);
  if (!inputs) return { files: [], diagnostics };
  const report = (message: string) => diagnostics.push(emitterDiagnostic(model.roleRules.source, message));
  const { kit, content, tree, hostile } = inputs;

  // The external types first: their keyed unions register the serializers the records' optional fields use.
  const external = kit.decls.filter((d) => d.kind === 'alias' || (d.kind === 'record' && d.source === null));
  const records = new Map(external.flatMap((d) => (d.kind === 'record' ? [[d.name, d] as const] : [])));
  const optionals = new OptionalSerializers();
  const origin = model.external.find((e) => e.name === content.key);
  const kotlin = new KotlinDecls(
    names,
    optionals,
    records,
    [...kit.decls.map((d) => d.name), ...ownClasses()],
    origin
      ? `${origin.package} ${origin.packageVersion}${origin.protocolVersion ? `, MCP protocol ${origin.protocolVersion}` : ''}`
      : content.key,
    report,
  );
  const ctx: KotlinContext = { model, names, inputs, kotlin, packageName: KOTLIN_PACKAGE, diagnostics, report };

  const contentDecls = contentView(ctx);
  const apple = appleView(ctx);
  const attributes = attributesView(ctx);
  const treeData = treeNames(ctx);
  const publishing = publishingOf(context);
  const example = readmeExample(model);
  if ('missing' in example) report(`No README example test: ${example.missing}`);
  const license = licenseText();
  if ('missing' in license) report(`No LICENSE in the module: ${license.missing}`);
  // The operations: request and response types, the interface a provider implements, the MCP tool definitions.
  const operations = kotlinOperations(
    model,
    names,
    (t, strict) => kotlin.type(t, '', '', strict),
    kit.decls,
    content.unknown.name,
    {
      root: tree.root,
      role: tree.role,
      rootRole: `${inputs.roles.name}.${inputs.roles.root.name}`,
    },
  );
  for (const clash of operations.clashes) diagnostics.push(emitterDiagnostic(clash.source, clash.message));
  const bundled = bundleVectors(conformance, `${MODULE}/src/test/resources/${BUNDLED_VECTORS}`);
  if (bundled.length === 0)
    report('The conformance target gave no vectors to bundle; the conformance tests would find none');
  const stringField = tree.node.fields.find((f) => `,${JSON.stringify(f.key)}:` === hostile.stringFieldOpen);
  if (!stringField) report('The hostile inputs name no string field of the element; HostileInputTest.kt left out');
  const hostileCases = `[\n${hostile.cases.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`;
  const deprecation = deprecationTestView(ctx);
  const header = `// Generated by element-spec from spec/; do not edit. Regenerate with \`${context.regenerate}\`.`;
  const source = (name: string) => `${SOURCE_DIR}/${name}`;
  // A file the module writes whatever the model, named where the model's types are kept from its name.
  const own = (name: KotlinSourceFile) => source(`${name}.kt`);
  const test = (name: string) => `${TEST_DIR}/${name}`;

  const entries: FileEntry[] = [
    { path: source(`${content.name}.kt`), template: 'external.kt', view: contentDecls },
    ...recordViews(ctx).map((view) => ({ path: source(`${view.name}.kt`), template: 'record.kt', view })),
    { path: source(`${inputs.roles.name}.kt`), template: 'Role.kt', view: roleView(ctx) },
    ...enumViews(ctx).map((view) => ({ path: source(`${view.name}.kt`), template: 'Enum.kt', view })),
    { path: own('AppleRoles'), template: 'AppleRoles.kt', view: apple },
    { path: source(`${inputs.attributes.name}.kt`), template: 'Attributes.kt', view: attributes },
    { path: own('StrictPrimitives'), template: 'StrictPrimitives.kt', view: strictPrimitivesView(KOTLIN_PACKAGE) },
    {
      path: own('ElementJson'),
      template: 'ElementJson.kt',
      view: {
        protocolVersion: stringLiteral(model.protocolVersion),
        sdkVersion: stringLiteral(publishing.sdkVersion),
        answerName: treeData.answerName,
      },
    },
    {
      path: own('EffectiveState'),
      template: 'EffectiveState.kt',
      view: {
        ...treeData,
        stateFields: treeData.states,
        rootPath: stringLiteral(tree.rootPointer),
        childrenSegment: stringLiteral(tree.childrenSegment).slice(1, -1),
      },
    },
    { path: `${MODULE}/pom.xml`, template: 'pom.xml', view: pomView(model, publishing, header) },
    {
      path: `${MODULE}/README.md`,
      template: 'README.md',
      view: readmeView(model, publishing, header, treeData, 'missing' in example ? null : example),
    },
    ...('missing' in example
      ? []
      : [
          {
            // The README's example, compiled and run by the module's own tests.
            path: test('readme/ReadmeExampleTest.kt'),
            template: 'ReadmeExampleTest.kt',
            view: {
              answerName: treeData.answerName,
              reader: treeData.reader,
              answerLiteral: stringLiteral(example.answer),
              fileLiteral: stringLiteral(example.file),
              afterNameLiteral: stringLiteral(example.afterName),
            },
          },
        ]),
    ...('missing' in license ? [] : [{ path: `${MODULE}/LICENSE`, contents: license.text }]),
    { path: own('OptionalFields'), template: 'OptionalFields.kt', view: { serializers: optionals.all() } },
    // The checker: the runtime's Check.kt over the kit's checker data for each version (Spec.kt).
    {
      path: own('Spec'),
      template: 'Spec.kt',
      view: {
        version: model.protocolVersion,
        versionLiteral: stringLiteral(model.protocolVersion),
        versionField: stringLiteral(model.tree.version),
        declarations: kotlinSpecDeclarations(),
        // Each version's rules, oldest first, each a function of its own (spec-data.ts).
        versions: versionsRead(model, context.versions).map((v) => ({
          version: v.protocolVersion,
          name: `protocol${v.protocolVersion.replace(/[^A-Za-z0-9]/g, '_')}`,
          literal: kotlinSpecLiteral(specData(v), 0),
        })),
        findings: findingsLiterals(stringLiteral, (id) => inCase(id, 'SCREAMING_SNAKE')),
      },
    },
    { path: own('Operations'), template: 'Operations.kt', view: operations.view },
    {
      path: test('OperationsTest.kt'),
      template: 'OperationsTest.kt',
      view: { ...operations.view, bundledVectors: BUNDLED_VECTORS },
    },
    { path: own('SafeDecoding'), template: 'SafeDecoding.kt', view: treeData },
    // The runtime that names no spec word (runtime/kotlin): the checker, the JSON reader, the validator, and their
    // tests (named *Test.kt), which ship with the module's own.
    ...[...runtimeSources('kotlin').keys()].map((name) => ({
      path: name.endsWith('Test.kt') ? test(name) : source(name),
      template: name,
      view: {},
    })),
    // The validator's command, packaged with its dependencies as target/element-model-validate.jar (pom.xml).
    {
      path: source(`validate/${VALIDATOR_CLASS}.kt`),
      template: 'ValidateMain.kt',
      view: { validator: VALIDATOR, validatePackage: VALIDATOR_PACKAGE, mainClass: VALIDATOR_CLASS },
    },
    {
      path: test('ConformanceTest.kt'),
      template: 'ConformanceTest.kt',
      view: {
        ...treeData,
        bundledVectors: BUNDLED_VECTORS,
        contentProperty: tree.content?.name ?? null,
        unknownContent: content.unknown.name,
      },
    },
    ...bundled,
    ...(stringField
      ? [
          {
            path: test('HostileInputTest.kt'),
            template: 'HostileInputTest.kt',
            view: {
              ...treeData,
              cases: hostileCases,
              ...hostileFragments(hostile, stringLiteral),
              stringProperty: stringField.name,
            },
          },
          { path: `${MODULE}/src/test/resources/hostile-cases.json`, contents: hostileCases },
        ]
      : []),
    ...(deprecation ? [{ path: test('DeprecationTest.kt'), template: 'DeprecationTest.kt', view: deprecation }] : []),
    { path: test('RoleTest.kt'), template: 'RoleTest.kt', view: roleTestView(ctx, treeData, apple, attributes) },
  ];

  // The package itself still reads and writes what the spec deprecated (kept valid), which -Werror would refuse.
  const suppress = deprecatesAnything(model);
  const files = renderEntries(entries, (template, view) =>
    render(template, { header, package: KOTLIN_PACKAGE, ...view }),
  ).map((f) => (suppress && f.path.endsWith('.kt') ? { path: f.path, contents: suppressDeprecation(f.contents) } : f));
  return { files, diagnostics };
}

/** The module's pom.xml: its coordinates, the pinned plugins and the validator's jar. */
function pomView(model: CanonicalModel, publishing: Publishing, header: string) {
  const repository = publishing.repository;
  return {
    headerXml: header.replace(/^\/\/ /, ''),
    groupId: KOTLIN_PACKAGE,
    artifactId: 'element-model',
    version: publishing.sdkVersion,
    protocolVersion: model.protocolVersion,
    description: `Kotlin (JVM) types and a runtime (reader, role mapping, conformance checker) for the element model, protocol ${model.protocolVersion}. Generated from the spec.`,
    homepage: publishing.documentation ?? repository,
    organization: publishing.organization,
    developers: publishing.developers,
    scm: repository === null ? null : { url: repository, connection: `scm:git:${repository}.git` },
    moduleName: KOTLIN_PACKAGE,
    versions: KOTLIN_VERSIONS,
    validator: VALIDATOR,
    validatorMain: `${VALIDATOR_PACKAGE}.${VALIDATOR_CLASS}`,
  };
}

/**
 * MCP's Java SDK as the README's "Use with MCP" names it: the consumer of the released package
 * (test/bindings/kotlin/consumer.ts) builds the README's code against the version the README names.
 */
export const KOTLIN_MCP_SDK = { group: 'io.modelcontextprotocol.sdk', artifact: 'mcp', version: '2.2.0' };

/** The module's README: how to add it, the example, the validator. */
function readmeView(
  model: CanonicalModel,
  publishing: Publishing,
  header: string,
  tree: ReturnType<typeof treeNames>,
  example: ReadmeExample | null,
) {
  return {
    headerText: header.replace(/^\/\/ /, ''),
    groupId: KOTLIN_PACKAGE,
    artifactId: 'element-model',
    version: publishing.sdkVersion,
    protocolVersion: model.protocolVersion,
    versionTable: sdkVersionTable(publishing, model),
    unsetNote: unsetNote(publishing, ['repository', 'developers']),
    moduleName: KOTLIN_PACKAGE,
    answerName: tree.answerName,
    reader: tree.reader,
    example,
    validator: VALIDATOR,
    jvmTarget: KOTLIN_VERSIONS.jvmTarget,
    bundledVectors: BUNDLED_VECTORS,
    mcp: KOTLIN_MCP_SDK,
  };
}
