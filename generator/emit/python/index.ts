import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import type { Decl, FieldDecl, TypeView } from '../kit/decl-types.js';
import { declarations } from '../kit/declarations.js';
import { specData, versionsRead } from '../kit/spec-data.js';
import { findingsLiterals } from '../kit/findings.js';
import { readerNames } from '../kit/vocabulary.js';
import { treeViewOrFailure } from '../kit/tree.js';
import { emitterDiagnostic, nothingWritten } from '../core/report.js';
import { type FileEntry, renderEntries } from '../core/files.js';
import { hostileInputs } from '../shared/hostile.js';
import { loadTemplates, type Render, runtimeSources, tidy } from '../core/templates.js';
import type { EmitContext, GeneratedFile, TargetResult } from '../core/target.js';
import { docstring, PYTHON_NAMING, pyLiteral, pythonNames } from './naming.js';
import { licenseText } from '../shared/license.js';
import { VALIDATOR_COMMAND } from '../shared/validator.js';
import { publishingOf, sdkVersionTable, unsetNote } from '../shared/publishing.js';
import { bundleVectors } from '../shared/bundle.js';
import { readmeExample } from '../shared/readme-example.js';
import { requiredPlaceholders } from '../kit/placeholders.js';
import { pythonOperations } from './operations.js';
import { pythonSpecDeclarations, pythonSpecLiteral } from './spec-data.js';

/**
 * The package's name on PyPI, its module, and the versions it pins (exact for tools, a range for pydantic; 2.12 is
 * the first with `Field(exclude_if=...)`, which keeps an unset optional field out of every dump; 2.12.0 warns while
 * dumping a content block, 2.12.5 does not).
 */
const DISTRIBUTION = 'element-model';
const MODULE = 'element_model';
const PINS = {
  python: '3.10',
  pydantic: '>=2.12.5,<3',
  setuptools: '80.9.0',
  pytest: '9.2.0',
  mypy: '2.4.1',
  mcp: '2.3.0',
};
/** The exact pydantic the package's own tests run with, inside the range it allows. */
const TESTED_PYDANTIC = '2.14.4';

let compiled: Render | undefined;

function templates(): Render {
  compiled ??= loadTemplates('python', {
    py: (value: unknown) => pyLiteral(value),
    docstring: (text: string, indent: number) => docstring(text, indent),
    tuple: (values: unknown[]) => pyLiteral(values),
  });
  return compiled;
}

/** A type as a Python annotation; a role field takes any string too, since the role language is open. */
function annotation(t: TypeView): string {
  switch (t.kind) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return 'int | float';
    case 'integer':
      return 'int';
    case 'json':
      return 'JsonValue';
    case 'jsonObject':
      return 'dict[str, JsonValue]';
    case 'array':
      return `list[${annotation(t.items)}]`;
    case 'ref':
      // An open set: the role language, or an enum whose unknown value a receiver keeps as the string it was.
      return t.declares === 'roles' || t.declares === 'enum' ? `${t.name} | str` : t.name;
    case 'literal':
      return `Literal[${t.values.map((v) => JSON.stringify(v)).join(', ')}]`;
    case 'union':
      return t.members.map(annotation).join(' | ');
  }
}

const fieldView = (f: FieldDecl) => ({
  name: f.name,
  key: f.key,
  alias: f.name !== f.key,
  required: f.required,
  // An optional field is left out, never sent as null (models.py's _NOT_NULL).
  annotation: f.required ? annotation(f.type) : `Annotated[${annotation(f.type)} | None, _NOT_NULL]`,
  // pydantic's Field(deprecated=...): reading the attribute warns (DeprecationWarning), and the schema says so.
  deprecated: f.deprecated ? pyLiteral(f.deprecated.message) : null,
  doc: f.deprecated ? `${f.doc} ${f.deprecated.message}`.trim() : f.doc,
});

export function emitPython(
  model: CanonicalModel,
  context: EmitContext,
  conformance: readonly GeneratedFile[],
): TargetResult {
  const names = pythonNames();
  const kit = declarations(model, names);
  // PEP 8: two blank lines between top-level definitions, which the templates may leave more of.
  const render: Render = (name, view) => tidy(templates()(name, view), 2);
  const publishing = publishingOf(context);
  const example = readmeExample(model);
  const urls = [
    ...(publishing.documentation === null ? [] : [{ key: 'Documentation', url: publishing.documentation }]),
    ...(publishing.repository === null ? [] : [{ key: 'Repository', url: publishing.repository }]),
  ];
  const common = {
    version: model.protocolVersion,
    sdkVersion: publishing.sdkVersion,
    versionTable: sdkVersionTable(publishing, model),
    unsetNote: unsetNote(publishing, ['repository']),
    urls,
    example: 'missing' in example ? null : example,
    regenerate: context.regenerate,
    distribution: DISTRIBUTION,
    pins: PINS,
    // A library's extra asks for a range: the version the tests run with, up to the next major.
    mcpRange: `>=${PINS.mcp},<${Number(PINS.mcp.split('.')[0]) + 1}`,
    validator: VALIDATOR_COMMAND,
  };
  const roles = kit.roles;
  const node = kit.node;
  const answer = kit.answer;
  if (!roles || !node || !answer) return { files: [], diagnostics: kit.diagnostics };
  const rolesConstant = names.constant(roles.key);

  // What reading a deprecated role or alias warns (a DeprecationWarning), by its string; empty when none is.
  const deprecatedRoles = [
    ...roles.cases.flatMap((c) =>
      c.deprecated ? [{ value: c.value, message: `Role "${c.value}": ${c.deprecated.message}` }] : [],
    ),
    ...roles.aliases.map((a) => ({
      value: a.value,
      message: `Role "${a.value}": ${a.message} It is an alias that reads as ${a.target.value}.`,
    })),
  ];
  const declView = (d: Decl) => {
    if (d.kind === 'roles')
      return { isRoles: true, name: d.name, doc: d.doc, cases: d.cases, constant: rolesConstant, deprecatedRoles };
    if (d.kind === 'alias') return { isAlias: true, name: d.name, doc: d.doc, annotation: annotation(d.type) };
    if (d.kind === 'enum') {
      const values = d.cases.map((c) => `\`\`${c.value}\`\`: ${c.doc}`).join(' ');
      return {
        isAlias: true,
        name: d.name,
        doc: `${d.doc} ${values} A field of this type keeps any other string as it is.`,
        annotation: annotation({ kind: 'literal', values: d.cases.map((c) => c.value) }),
      };
    }
    if (d.kind === 'attributes')
      return { isAttributes: true, name: d.name, doc: d.doc, fields: d.reserved.map(fieldView) };
    if (d.kind === 'union') {
      const tag: FieldDecl = {
        key: d.discriminator.key,
        name: d.discriminator.name,
        type: { kind: 'string' },
        required: true,
        doc: '',
        default: null,
        constant: null,
      };
      return {
        isUnion: true,
        name: d.name,
        doc: d.doc,
        constant: names.constant(d.key),
        function: names.member(d.key),
        discriminator: d.discriminator,
        members: d.members,
        unknown: { ...d.unknown, fields: [fieldView(tag)] },
      };
    }
    return {
      isRecord: true,
      name: d.name,
      doc: d.doc,
      fields: d.fields.map(fieldView),
      roleFields: d.fields
        .filter((f) => f.type.kind === 'ref' && f.type.declares === 'roles')
        .map((f) => ({ name: f.name })),
      exclusive: d.exclusive.map((x) => ({
        ...x,
        message: `"${x.key}" has the keys of more than one of ${x.members.join(', ')} (${x.keys.join(', ')})`,
        doc: `Refuses a \`\`${x.key}\`\` holding the keys of more than one of ${x.members.join(', ')} (each is known by a key only it has), rather than read it as one of them and drop the rest.`,
      })),
      roleType: roles.name,
      roleConstant: rolesConstant,
      warnsDeprecated: deprecatedRoles.length > 0,
    };
  };
  const modelNames = kit.decls.flatMap((d) => (d.kind === 'union' ? [d.name, d.unknown.name] : [d.name])).sort();
  const tree = treeViewOrFailure(model, kit);
  if ('files' in tree) return tree;
  const states = tree.states.map((s) => ({
    key: s.key,
    name: s.field.name,
    doc: s.field.doc,
    inherit: s.inherit,
    rootValue: s.inherit ? s.value : false,
    value: s.inherit ? false : s.value,
  }));
  const reasons = new Map(model.notReported.map((n) => [n.name, n.reason]));
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const apple = model.appleRoles.map((a) => ({
    value: a.value,
    role: a.role === null ? null : (caseOf.get(a.role) ?? null),
    class: a.class,
    reason: a.role === null ? (reasons.get(a.class) ?? a.class) : null,
  }));
  const pathState = tree.states.find((s) => s.path);
  // Each version's rules, oldest first, as a constant of its own (spec-data.ts).
  const versions = versionsRead(model, context.versions).map((v) => ({
    constant: `SPEC_${v.protocolVersion.replace(/\W/g, '_')}`,
    data: { version: v.protocolVersion },
    literal: pythonSpecLiteral(specData(v)),
  }));
  const reader = readerNames(PYTHON_NAMING);
  // The operation that returns the answer: MCP's tool, in the README's example and the round trip through MCP's SDK.
  const operation = model.operations.find((o) => o.returns === model.tree.answer);
  const mcp = operation
    ? { tool: operation.name, function: names.member(operation.name), meaning: operation.meaning }
    : null;
  const view = {
    ...common,
    findings: findingsLiterals(pyLiteral),
    reader,
    answer: answer.name,
    node: node.name,
    roles,
    apple,
    states,
    rootMember: tree.root.name,
    childrenMember: tree.children.name,
    roleMember: tree.role.name,
    idMember: tree.id.name,
    contentMember: tree.content?.name ?? null,
    unknownContent: kit.content?.unknown.name ?? null,
    idKey: model.tree.id,
    roleKey: model.tree.role,
    // The element's other required fields, with placeholder values: the tests that build an element by hand send
    // them, so a field an RFC makes required does not break them.
    requiredFields: JSON.stringify(requiredPlaceholders(model, model.tree.node, [model.tree.id, model.tree.role])),
    rootKey: model.tree.root,
    childrenKey: model.tree.children,
    contentKey: model.tree.content,
    contentTag: kit.content?.discriminator.key ?? null,
    contentUnion: kit.content?.name ?? null,
    mcp,
    // The README's MCP example reads the spec's example answer; without one, the section is left out.
    mcpReadme: mcp !== null && !('missing' in example),
    pathState: pathState?.field.name ?? null,
    pathStateKey: pathState?.key ?? null,
    examplePath: `/${model.tree.root}/${model.tree.children}/0`,
    versions,
    declarations: pythonSpecDeclarations(),
    current: versions.find((v) => v.data.version === model.protocolVersion)?.constant ?? versions.at(-1)?.constant,
    models: modelNames,
  };
  const src = `python/src/${MODULE}`;
  const hostile = hostileInputs(model);
  if ('missing' in hostile)
    return nothingWritten(kit.diagnostics, model.roleRules.source, `No hostile inputs: ${hostile.missing}`);
  const operations = pythonOperations(model, annotation, rolesConstant);
  const all = [
    ...modelNames,
    ...operations.exports,
    ...[
      'LIMITS',
      'PROTOCOL_VERSION',
      'SDK_VERSION',
      'SPEC',
      'SPECS',
      'SUPPORTED_VERSIONS',
      'AnswerError',
      'AppleRoleMapping',
      'CheckOptions',
      'Checker',
    ],
    ...[
      reader.effectiveElement,
      reader.effectiveState,
      'Finding',
      'JsonTextError',
      'ParsedAnswer',
      'ReadRole',
      'Severity',
      'SpecData',
    ],
    ...[
      'check',
      'checker_for',
      'decode_answer',
      'dump_answer',
      reader.effectiveElements,
      reader.focusPath,
      'from_apple_role',
      'loads',
    ],
    ...['parse_answer', 'passes', 'read_role', 'sort_findings'],
  ].sort();
  // Reading each deprecated role or alias warns (tests/test_deprecation.py), on an element with only the required fields.
  const deprecationTests = (): FileEntry[] => {
    if (
      deprecatedRoles.length === 0 ||
      node.fields.some((f) => f.required && f.key !== model.tree.id && f.key !== model.tree.role)
    )
      return [];
    const element = (role: string) => pyLiteral({ [model.tree.id]: 'deprecated', [model.tree.role]: role });
    const reads = new Map([
      ...roles.cases.map((c) => [c.value, c.value] as const),
      ...roles.aliases.map((a) => [a.value, a.target.value] as const),
    ]);
    const plain = roles.cases.find((c) => !c.deprecated)?.value ?? roles.fallback.value;
    const deprecated = deprecatedRoles.map((d) => ({ ...d, reads: reads.get(d.value) ?? d.value }));
    const elementJson = `{${pyLiteral(model.tree.id)}: "deprecated", ${pyLiteral(model.tree.role)}: raw}`;
    return [
      {
        path: 'python/tests/test_deprecation.py',
        template: 'test_deprecation.py',
        view: { ...view, deprecated, elementJson, plainJson: element(plain), roleProperty: tree.role.name },
      },
    ];
  };
  const entries: FileEntry[] = [
    { path: 'python/pyproject.toml', template: 'pyproject.toml', view: common },
    { path: 'python/README.md', template: 'README.md', view },
    {
      path: 'python/requirements-test.txt',
      contents: `# Generated by element-spec from spec/; do not edit. Regenerate with \`${context.regenerate}\`.\n# The exact versions the package's own tests and type check run with (scripts/python-venv.sh keys its venv on this file).\npydantic==${TESTED_PYDANTIC}\npytest==${PINS.pytest}\nmypy==${PINS.mypy}\nsetuptools==${PINS.setuptools}\nmcp==${PINS.mcp}\n`,
    },
    { path: 'python/.gitignore', contents: 'build/\n*.egg-info/\n__pycache__/\n.mypy_cache/\n.pytest_cache/\n' },
    { path: `${src}/py.typed`, contents: '' },
    { path: `${src}/__init__.py`, template: 'init.py', view: { ...view, all, operationExports: operations.exports } },
    {
      path: `${src}/models.py`,
      template: 'models.py',
      view: {
        ...view,
        decls: kit.decls.map(declView),
        exports: modelNames,
        answer: answer,
        warnsDeprecated: deprecatedRoles.length > 0,
      },
    },
    { path: `${src}/operations.py`, template: 'operations.py', view: { ...common, ...operations.view } },
    { path: `${src}/spec.py`, template: 'spec.py', view },
    { path: `${src}/reader.py`, template: 'reader.py', view },
    // The runtime that names no spec word: runtime/python's plain Python, its tests (test_*.py) beside the package's.
    ...[...runtimeSources('python').keys()].map((name) => ({
      path: name.startsWith('test_') ? `python/tests/${name}` : `${src}/${name}`,
      template: name,
      view,
    })),
    { path: 'python/tests/test_conformance.py', template: 'test_conformance.py', view },
    { path: 'python/tests/test_hostile.py', template: 'test_hostile.py', view },
    {
      path: 'python/tests/test_operations.py',
      template: 'test_operations.py',
      view: { ...common, ...operations.view },
    },
    ...(kit.content ? [{ path: 'python/tests/test_dump.py', template: 'test_dump.py', view }] : []),
    // Content blocks to and from MCP's SDK (the package's `mcp` extra), and the answer through MCP's server and client.
    ...(kit.content ? [{ path: `${src}/mcp_content.py`, template: 'mcp_content.py', view }] : []),
    ...(kit.content && mcp && !('missing' in example)
      ? [
          { path: 'python/tests/test_mcp.py', template: 'test_mcp.py', view },
          { path: 'python/tests/mcp_provider.py', template: 'mcp_provider.py', view },
        ]
      : []),
    // The README's example, run by the package's own tests.
    ...('missing' in example ? [] : [{ path: 'python/tests/test_readme.py', template: 'test_readme.py', view }]),
    { path: 'python/tests/hostile-inputs.json', contents: stableJson(hostile) },
    ...bundleVectors(conformance, 'python/tests/conformance'),
    // The sdist carries the tests and every file they read, so it passes them alone.
    {
      path: 'python/MANIFEST.in',
      contents: `# Generated by element-spec from spec/; do not edit. Regenerate with \`${context.regenerate}\`.\ngraft tests\ninclude requirements-test.txt\nglobal-exclude *.py[cod] __pycache__\n`,
    },
    ...deprecationTests(),
  ];
  const files = renderEntries(entries, render);
  const license = licenseText();
  if ('missing' in license)
    return {
      files,
      diagnostics: [
        ...kit.diagnostics,
        emitterDiagnostic(model.roleRules.source, `No LICENSE in the package: ${license.missing}`),
      ],
    };
  files.push({ path: 'python/LICENSE', contents: license.text });
  const missing =
    'missing' in example
      ? [emitterDiagnostic(model.roleRules.source, `No README example test: ${example.missing}`)]
      : [];
  const clashes = operations.clashes.map((c) => emitterDiagnostic(c.source, c.message));
  return { files, diagnostics: [...kit.diagnostics, ...missing, ...clashes] };
}
