import type { CanonicalModel, TypeDef, TypeRef } from '../../model/types.js';
import { type RecordDecl, type TypeView } from '../kit/declarations.js';
import { distinct, inCase } from '../kit/naming.js';
import { findingsLiterals } from '../kit/findings.js';
import { specDataVersionLiterals } from '../kit/spec-data.js';
import { readerNames, readerTypeNames } from '../kit/vocabulary.js';
import { codeTargetInputs } from '../kit/inputs.js';
import { emitterDiagnostic } from '../report.js';
import { bundleVectors } from '../shared/bundle.js';
import { licenseText } from '../shared/license.js';
import { hostileFragments } from '../shared/hostile.js';
import type { EmitSettings, GeneratedFile, TargetResult } from '../types.js';
import { type DeclView, deprecatedArguments, KotlinDecls, suppressDeprecation } from './decls.js';
import { deprecatesAnything } from '../../model/deprecation.js';
import { kdoc, kotlinNames, OptionalSerializers, STRICT_SERIALIZERS, stringLiteral } from './naming.js';
import { render } from './templates.js';
import { kotlinOperations } from './operations.js';
import { VALIDATOR_COMMAND as VALIDATOR } from '../shared/validator.js';
import { publishingOf, sdkVersionTable, unsetNote } from '../shared/publishing.js';
import { readmeExample } from '../shared/readme-example.js';
import { type ShapeSyntax } from '../kit/mcp-shapes.js';

/**
 * generated/kotlin/: a Maven module with Kotlin bindings for the model (kotlinx.serialization), the state
 * reader, the Apple role mapping, and JUnit tests that run the shared conformance vectors. The declarations, the
 * tree and the sample answer come from the kit (generator/emit/kit/); this file names them in Kotlin and the
 * templates in templates/kotlin/ print them.
 */


/** MCP's nested shapes as Spec.kt writes them (runtime/kotlin/Nested.kt declares the classes); a bound is a Double. */
const SHAPES: ShapeSyntax = {
  string: (text) => stringLiteral(text),
  number: (n) => (/[.eE]/.test(String(n)) ? String(n) : `${n}.0`),
  list: (items) => `listOf(${items.join(', ')})`,
  call: (type, args) => `${type}(${args.map(([k, v]) => `${k} = ${v}`).join(', ')})`,
  field: (name) => (name === 'enum' ? 'values' : name),
};

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

/** The classes the module declares itself (templates/kotlin/), which no declaration of the model may take. */
const OWN_CLASSES = [
  'ElementJson', 'DecodingLimits', 'JsonInputException', 'JsonTooDeepException', 'JsonDuplicateKeyException',
  'JsonLoneSurrogateException', 'JsonNotUtf8Exception', 'JsonTrailingCommaException', 'JsonPreScan',
  'NullRefusingSerializer', 'UnknownFieldsKeeper', 'AppleRoleMapping', 'NotReportedClass',
  // The reader (EffectiveState.kt), named by the kit's vocabulary.
  ...readerTypeNames('UpperCamel'),
  // The checker (Check.kt) and its rules (Spec.kt).
  'Severity', 'Finding', 'CheckOptions', 'Spec', 'SpecData', 'TypeShape', 'FieldShape', 'RemovedField', 'ContentKind', 'Alternatives', 'StateRule',
  'ValueRule', 'PrimitiveRule', 'ArrayRule', 'RecordRef', 'KindRule', 'FieldRule', 'RecordRule', 'Rules', 'Frame', 'Check',
  // The validator (Validate.kt).
  'ValidateExit',
];

const VALIDATOR_PACKAGE = `${KOTLIN_PACKAGE}.validate`;
const VALIDATOR_CLASS = 'ElementModelValidate';
/** The test resource folder that holds the conformance vectors. */
const BUNDLED_VECTORS = 'conformance';

const since = (t: { since: string }) => `Since ${t.since}.`;
const section = (t: TypeDef) => `Section ${t.source.section ?? '?'} of ${t.source.document}. ${since(t)}`;

/** A TypeShape constructor call in Spec.kt. */
function shapeOf(ref: TypeRef): string {
  if (ref.kind === 'array') return `TypeShape.ArrayOf(${shapeOf(ref.items)})`;
  return `TypeShape.${ref.kind === 'primitive' ? 'Primitive' : 'Named'}(${stringLiteral(ref.name)})`;
}

/**
 * `conformance` is the conformance target's files: those of this version are bundled as test resources
 * (src/test/resources/conformance), so a copy of the module alone passes its own tests.
 */
export function emitKotlin(model: CanonicalModel, context: EmitSettings, conformance: readonly GeneratedFile[]): TargetResult {
  const names = kotlinNames();
  const { inputs, diagnostics } = codeTargetInputs(model, names);
  if (!inputs) return { files: [], diagnostics };
  const report = (message: string) => diagnostics.push(emitterDiagnostic(model.roleRules.source, message));
  const { kit, roles, attributes, content, tree, sample, hostile } = inputs;

  const header = `// Generated by element-spec from spec/; do not edit. Regenerate with \`${context.regenerate}\`.`;
  const files: GeneratedFile[] = [];
  // The package itself still reads and writes what the spec deprecated (kept valid), which -Werror would refuse.
  const suppress = deprecatesAnything(model);
  const add = (path: string, template: string, data: object) => {
    const contents = render(template, { header, package: KOTLIN_PACKAGE, ...data });
    files.push({ path, contents: suppress && path.endsWith('.kt') ? suppressDeprecation(contents) : contents });
  };
  const typeDef = new Map(model.types.map((t) => [t.name, t]));

  // The external types first: their keyed unions register the serializers the records' optional fields use.
  const ext = model.external.find((e) => e.name === content.key);
  const origin = ext ? `${ext.package} ${ext.packageVersion}${ext.protocolVersion ? `, MCP protocol ${ext.protocolVersion}` : ''}` : content.key;
  const external = kit.decls.filter((d) => d.kind === 'alias' || (d.kind === 'record' && d.source === null));
  const modelRecords = kit.decls.filter((d): d is RecordDecl => d.kind === 'record' && d.source !== null);
  const optionals = new OptionalSerializers();
  const records = new Map(external.flatMap((d) => (d.kind === 'record' ? [[d.name, d] as const] : [])));
  const taken = [...kit.decls.map((d) => d.name), ...OWN_CLASSES];
  const kotlin = new KotlinDecls(names, optionals, records, taken, origin, report);
  const tagOf = new Map(content.members.map((m) => [m.type, m.tag]));
  // The members of the content union in its order, then what they reach.
  const ordered = [...content.members.flatMap((m) => external.filter((d) => d.name === m.type)), ...external.filter((d) => !tagOf.has(d.name))];
  const externalDecls: DeclView[] = ordered.flatMap((d): DeclView[] => {
    if (d.kind === 'alias') {
      if (d.type.kind === 'literal') return [kotlin.enumOf(d.name, d.type.values, [`\`${d.key}\` from ${origin}.`])];
      report(`${d.key}: Kotlin has no declaration for this shape; left out`);
      return [];
    }
    if (d.kind !== 'record') return [];
    const tag = tagOf.get(d.name);
    const member = tag === undefined ? '' : `; a [${content.name}] whose \`${content.discriminator.key}\` is \`${tag}\``;
    return kotlin.dataClass(d, [`\`${d.key}\` from ${origin}${member}.`], tag === undefined ? null : { key: content.discriminator.key, value: tag }, (f) =>
      f.doc || `\`${f.key}\`${f.required ? '' : ', optional'}.`,
    );
  });
  kotlin.finish(externalDecls, content);
  add(`${SOURCE_DIR}/${content.name}.kt`, 'external.kt', {
    doc: kdoc([
      `${content.key}: ${content.members.map((m) => `[${m.type}]`).join(', ')}, told apart by \`${content.discriminator.key}\`. From ${origin}; a block whose \`${content.discriminator.key}\` is none of these is kept whole as [${content.unknown.name}].`,
    ]),
    name: content.name,
    discriminator: stringLiteral(content.discriminator.key),
    discriminatorKey: content.discriminator.key,
    tagged: content.members.map((m) => ({ tag: stringLiteral(m.tag), type: m.type })),
    unknown: { name: content.unknown.name, doc: kdoc([content.unknown.doc]), tagProperty: content.discriminator.name },
    declarations: externalDecls,
  });

  // The model's records.
  for (const d of modelRecords) {
    const t = typeDef.get(d.key);
    const properties = d.fields.map((f) => kotlin.property(f, d.name, f.doc));
    add(`${SOURCE_DIR}/${d.name}.kt`, 'record.kt', {
      doc: kdoc([d.doc, t ? section(t) : '']),
      name: d.name,
      needsSerialName: properties.some((p) => p.serialName !== null),
      properties,
    });
  }

  // The role language.
  const roleOf = new Map(model.roles.map((r) => [r.name, r]));
  const rolesType = typeDef.get(roles.key);
  const roleViews = roles.cases.map((c) => {
    const r = roleOf.get(c.value);
    const lines = [`\`${c.value}\`, of the kind "${c.kind || r?.kind}".`];
    lines.push(r?.appleName ? `Named after Apple's role of the same name.` : `This protocol's own role; Apple has no role of this name.`);
    if (r && r.covers.length > 0) lines.push(`Also covers Apple's ${r.covers.map((a) => `\`${a}\``).join(', ')}.${r.coversNote ? ` ${r.coversNote}.` : ''}`);
    if (c.value === roles.root.value) lines.push('The root of every answer has this role.');
    if (c.value === roles.unknown.value) lines.push('A receiver reads a role it does not know as this one.');
    if (c.value === roles.fallback.value) lines.push('A provider uses this role when no role plainly fits.');
    return { doc: kdoc([lines.join(' ')], 4), name: c.name, literal: stringLiteral(c.value), deprecated: c.deprecated ? deprecatedArguments(c.deprecated, roles.name) : null };
  });
  add(`${SOURCE_DIR}/${roles.name}.kt`, 'Role.kt', {
    doc: kdoc([
      `${roles.doc}${rolesType ? ` ${section(rolesType)}` : ''}`,
      `The ${roles.cases.length} known roles are objects; any other word decodes as [Unknown], which keeps the word so it encodes back unchanged, and reads as [${roles.unknown.name}].`,
    ]),
    name: roles.name,
    roles: roleViews,
    unknownReadsAs: roles.unknown.name,
    aliases: roles.aliases.map((a) => ({
      value: stringLiteral(a.value),
      name: a.name,
      target: a.target.name,
      targetValue: a.target.value,
      deprecated: deprecatedArguments({ message: a.message, replacement: a.target.name }, roles.name),
    })),
    serialName: stringLiteral(`${KOTLIN_PACKAGE}.${roles.name}`),
  });

  // Apple's roles.
  const classNames = distinct(model.notReported.map((c) => names.constant(c.name)));
  const classOf = new Map(model.notReported.map((c, i) => [c.name, classNames[i] as string]));
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const appleRoles = model.appleRoles.flatMap((a) => {
    const role = a.role === null ? null : (caseOf.get(a.role) ?? null);
    const notReported = a.role === null ? (classOf.get(a.class) ?? null) : null;
    if (role === null && notReported === null) {
      diagnostics.push(emitterDiagnostic(a.source, `Apple's role ${a.value} becomes ${a.role ?? a.class}, which is neither a role nor a class of elements not reported; left out`));
      return [];
    }
    return [{ key: stringLiteral(a.value), roleName: roles.name, role, notReported, comment: a.constant ?? a.origin }];
  });
  add(`${SOURCE_DIR}/AppleRoles.kt`, 'AppleRoles.kt', {
    roleName: roles.name,
    classes: model.notReported.map((c) => ({ name: classOf.get(c.name), label: stringLiteral(c.name), reason: stringLiteral(c.reason) })),
    appleRoles,
  });

  // Attributes, with typed accessors on the element for the reserved ones.
  const typeOf = (t: TypeView) => kotlin.type(t, attributes.name, '');
  const serializerOf = (t: TypeView): string => {
    if (t.kind === 'array') return `ListSerializer(${serializerOf(t.items)})`;
    if (t.kind === 'ref' && t.declares === 'attributes') return 'JsonObject.serializer()';
    return `${typeOf(t)}.serializer()`;
  };
  const attributesType = typeDef.get(attributes.key);
  const reserved = new Map(model.attributes.map((a) => [a.name, a]));
  const accessors = attributes.reserved.map((f) => {
    const a = reserved.get(f.key);
    const notation = a?.notation ?? f.key;
    return {
      doc: kdoc([`${(a?.meaning ?? f.doc).replace(/\.$/, '')}: the reserved attribute \`${f.key}\` (\`${notation}\`), or null when it is absent.${a ? ` ${since(a)}` : ''}`]),
      memberDoc: kdoc([`${(a?.meaning ?? f.doc).replace(/\.$/, '')}: the reserved attribute \`${f.key}\` (\`${notation}\`), read once when the attributes are made, or null when it is absent; any other value fails the decoding.${a ? ` ${since(a)}` : ''}`], 4),
      name: f.name,
      type: typeOf(f.type),
      key: stringLiteral(f.key),
      serializer: serializerOf(f.type),
      deprecated: f.deprecated ? deprecatedArguments(f.deprecated) : null,
    };
  });
  add(`${SOURCE_DIR}/${attributes.name}.kt`, 'Attributes.kt', {
    doc: kdoc([
      `${attributes.doc}${attributesType ? ` ${since(attributesType)}` : ''}`,
      `Reserved: ${attributes.reserved.map((f) => `\`${f.key}\``).join(', ')}; read them with the typed accessors on [${tree.node.name}].`,
    ]),
    name: attributes.name,
    elementName: tree.node.name,
    attributesProperty: tree.attributes?.name ?? '',
    accessors,
  });

  // Strict JSON primitives and the Json configuration.
  add(`${SOURCE_DIR}/StrictPrimitives.kt`, 'StrictPrimitives.kt', {
    serializers: Object.entries(STRICT_SERIALIZERS).map(([type, name]) => ({
      type,
      name,
      kind: type.toUpperCase(),
      descriptorName: stringLiteral(`${KOTLIN_PACKAGE}.${name.replace(/Serializer$/, '')}`),
      read: type === 'Boolean' ? 'booleanOrNull' : type === 'Double' ? 'doubleOrNull' : 'longOrNull',
      encode: `encode${type}`,
      jsonType: type === 'Boolean' ? 'a JSON boolean' : type === 'Double' ? 'a JSON number' : 'a JSON integer',
    })),
  });
  const answerName = tree.answer.name;
  const elementName = tree.node.name;
  add(`${SOURCE_DIR}/ElementJson.kt`, 'ElementJson.kt', {
    protocolVersion: stringLiteral(model.protocolVersion),
    sdkVersion: stringLiteral(publishingOf(context).sdkVersion),
    answerName,
  });

  // The state reader.
  const states = tree.states.map((s) => ({ name: s.field.name, key: stringLiteral(s.key), doc: kdoc([s.field.doc], 4), inherit: s.inherit, value: String(s.value) }));
  const treeData = {
    answerName,
    elementName,
    roleName: roles.name,
    rootProperty: tree.root.name,
    childrenProperty: tree.children.name,
    roleProperty: tree.role.name,
    idProperty: tree.id.name,
    rootKey: stringLiteral(tree.root.key),
    childrenKey: stringLiteral(tree.children.key),
    roleKey: stringLiteral(tree.role.key),
    idKey: stringLiteral(tree.id.key),
    attributesKey: stringLiteral(tree.attributes?.key ?? ''),
    attributesProperty: tree.attributes?.name ?? '',
    states,
    reader: readerNames(names.config),
  };
  add(`${SOURCE_DIR}/EffectiveState.kt`, 'EffectiveState.kt', {
    ...treeData,
    stateFields: states,
    rootPath: stringLiteral(tree.rootPointer),
    childrenSegment: stringLiteral(tree.childrenSegment).slice(1, -1),
  });

  const publishing = publishingOf(context);
  const repository = publishing.repository;
  add(`${MODULE}/pom.xml`, 'pom.xml', {
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
  });
  // What a consumer reads first: the README, and the repository's license.
  const example = readmeExample(model);
  add(`${MODULE}/README.md`, 'README.md', {
    headerText: header.replace(/^\/\/ /, ''),
    groupId: KOTLIN_PACKAGE,
    artifactId: 'element-model',
    version: publishing.sdkVersion,
    protocolVersion: model.protocolVersion,
    versionTable: sdkVersionTable(publishing, model),
    unsetNote: unsetNote(publishing, ['repository', 'developers']),
    moduleName: KOTLIN_PACKAGE,
    answerName,
    reader: treeData.reader,
    example: 'missing' in example ? null : example,
    validator: VALIDATOR,
    jvmTarget: KOTLIN_VERSIONS.jvmTarget,
    bundledVectors: BUNDLED_VECTORS,
  });
  // The README's example, compiled and run by the module's own tests.
  if ('missing' in example) report(`No README example test: ${example.missing}`);
  else
    add(`${TEST_DIR}/readme/ReadmeExampleTest.kt`, 'ReadmeExampleTest.kt', {
      answerName,
      reader: treeData.reader,
      answerLiteral: stringLiteral(example.answer),
      fileLiteral: stringLiteral(example.file),
      noFindings: example.noFindings,
      elements: example.elements,
    });
  const license = licenseText();
  if ('missing' in license) report(`No LICENSE in the module: ${license.missing}`);
  else files.push({ path: `${MODULE}/LICENSE`, contents: license.text });
  add(`${SOURCE_DIR}/OptionalFields.kt`, 'OptionalFields.kt', { serializers: optionals.all() });

  // The checker: one runtime (Check.kt) over the kit's checker data for this version (Spec.kt).
  add(`${SOURCE_DIR}/Spec.kt`, 'Spec.kt', {
    ...specDataVersionLiterals(model, context.versions, content.discriminator.key, stringLiteral, shapeOf, SHAPES),
    findings: findingsLiterals(stringLiteral, (id) => inCase(id, 'SCREAMING_SNAKE')),
  });
  add(`${SOURCE_DIR}/Check.kt`, 'Check.kt', {});
  add(`${SOURCE_DIR}/Nested.kt`, 'Nested.kt', {});
  // The operations: request and response types, the interface a provider implements, the MCP tool definitions.
  const operations = kotlinOperations(model, names, (t) => kotlin.type(t, '', ''));
  for (const clash of operations.clashes) diagnostics.push(emitterDiagnostic(clash.source, clash.message));
  add(`${SOURCE_DIR}/Operations.kt`, 'Operations.kt', operations.view);
  add(`${TEST_DIR}/OperationsTest.kt`, 'OperationsTest.kt', operations.view);
  add(`${SOURCE_DIR}/SafeDecoding.kt`, 'SafeDecoding.kt', treeData);

  // The validator: the library's validateText and printers (Validate.kt), and a command that reads a file,
  // packaged with its dependencies as target/element-model-validate.jar (pom.xml).
  add(`${SOURCE_DIR}/Validate.kt`, 'Validate.kt', {});
  add(`${SOURCE_DIR}/validate/${VALIDATOR_CLASS}.kt`, 'ValidateMain.kt', { validator: VALIDATOR, validatePackage: VALIDATOR_PACKAGE, mainClass: VALIDATOR_CLASS });

  // Tests.
  add(`${TEST_DIR}/ConformanceTest.kt`, 'ConformanceTest.kt', { ...treeData, bundledVectors: BUNDLED_VECTORS, contentProperty: tree.content?.name ?? null, unknownContent: content.unknown.name });
  const bundled = bundleVectors(conformance, `${MODULE}/src/test/resources/${BUNDLED_VECTORS}`);
  if (bundled.length === 0) report('The conformance target gave no vectors to bundle; the conformance tests would find none');
  files.push(...bundled);
  const stringField = tree.node.fields.find((f) => `,${JSON.stringify(f.key)}:` === hostile.stringFieldOpen);
  if (!stringField) report('The hostile inputs name no string field of the element; HostileInputTest.kt left out');
  else {
    const cases = `[\n${hostile.cases.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`;
    add(`${TEST_DIR}/HostileInputTest.kt`, 'HostileInputTest.kt', { ...treeData, cases, ...hostileFragments(hostile, stringLiteral), stringProperty: stringField.name });
    files.push({ path: `${MODULE}/src/test/resources/hostile-cases.json`, contents: cases });
  }
  if (roles.aliases.length > 0 || roles.cases.some((c) => c.deprecated)) {
    add(`${TEST_DIR}/DeprecationTest.kt`, 'DeprecationTest.kt', {
      roleName: roles.name,
      deprecatedCases: roles.cases.flatMap((c) => (c.deprecated ? [{ name: c.name, message: stringLiteral(c.deprecated.message), replaceWith: stringLiteral(c.deprecated.replacement === null ? '' : `${roles.name}.${c.deprecated.replacement}`) }] : [])),
      aliases: roles.aliases.map((a) => ({ value: stringLiteral(a.value), name: a.name, target: a.target.name })),
    });
  }
  add(`${TEST_DIR}/RoleTest.kt`, 'RoleTest.kt', {
    ...treeData,
    appleRoles,
    // A raw string: Kotlin's `$` is spelled `${"$"}` there.
    sample: JSON.stringify(sample.json, null, 2)
      .split('\n')
      .map((l, i) => (i === 0 ? l : `            ${l}`))
      .join('\n')
      .replace(/\$/g, '${"$"}'),
    unknownRole: stringLiteral(sample.unknownRole),
    readsAs: `${roles.name}.${roles.unknown.name}`,
    extraField: stringLiteral(sample.extraField),
    knownRaw: roles.cases.map((c) => stringLiteral(c.value)),
    accessors: accessors.map((a, i) => ({ name: a.name, key: a.key, serializer: serializerOf((attributes.reserved[i] as { type: TypeView }).type) })),
    attributesName: attributes.name,
  });
  return { files, diagnostics };
}
