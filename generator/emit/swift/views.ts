import type { CanonicalModel } from '../../model/types.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import type { FieldDecl, TypeView } from '../kit/decl-types.js';
import type { CodeTargetInputs } from '../kit/inputs.js';
import { distinct, type Names } from '../kit/naming.js';
import { roleDocs } from '../kit/role-docs.js';
import { readerNames } from '../kit/vocabulary.js';
import { emitterDiagnostic } from '../core/report.js';
import { docLines, type SwiftDecls, tagged } from './decls.js';
import { bare, stringLiteral, SWIFT_NAMING } from './naming.js';

/** What every view of the package is made from: the model, the kit's inputs named in Swift, and where to report. */
export interface SwiftContext {
  model: CanonicalModel;
  names: Names;
  inputs: CodeTargetInputs;
  swift: SwiftDecls;
  diagnostics: Diagnostic[];
  /** Reports a problem of the model as a whole (at the role rules, where the tree is stated). */
  report(message: string): void;
}

/**
 * How the package's own code names each role: a deprecated case through init(rawValue:), which names it in no
 * warning; the rule roles (root, unknown, fallback), which the reader and tests name, stay plain cases.
 */
export function roleNaming(ctx: SwiftContext) {
  const { roles } = ctx.inputs;
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const ruleCases = new Set([roles.root.name, roles.unknown.name, roles.fallback.name]);
  const deprecatedCases = new Set(
    roles.cases.filter((c) => c.deprecated && !ruleCases.has(c.name)).map((c) => c.value),
  );
  const roleExpr = (value: string) =>
    deprecatedCases.has(value) ? `${roles.name}(rawValue: ${stringLiteral(value)})` : `.${caseOf.get(value) ?? ''}`;
  return { caseOf, ruleCases, deprecatedCases, roleExpr };
}

/** The role language: an enum that keeps unknown roles. */
export function roleView(ctx: SwiftContext, naming: ReturnType<typeof roleNaming>) {
  const { model, inputs } = ctx;
  const { roles } = inputs;
  const docOf = roleDocs(model, roles);
  return {
    name: roles.name,
    doc: docLines(roles.doc),
    cases: roles.cases.map((c) => {
      const doc = docOf(c);
      // A deprecated case carries @available(deprecated): the package makes it only through `deprecatedCase`, so
      // its own build stays free of the warning. The rule roles get a `- Warning:` line instead.
      const marked = c.deprecated !== undefined && !naming.ruleCases.has(c.name);
      const warning = c.deprecated && !marked ? docLines(`- Warning: ${c.deprecated.message}`) : [];
      const view = {
        name: c.name,
        value: stringLiteral(c.value),
        deprecated: marked && c.deprecated ? stringLiteral(c.deprecated.message) : null,
      };
      return { ...view, doc: [...docLines(`\`${c.value}\` (${doc.kind}).`), ...docLines(doc.covers), ...warning] };
    }),
    deprecatedCases: naming.deprecatedCases.size > 0,
    aliases: roles.aliases.map((a) => ({
      value: stringLiteral(a.value),
      name: a.name,
      target: a.target.name,
      targetValue: a.target.value,
      message: stringLiteral(a.message),
    })),
    unknownCase: roles.unknown.name,
    unknownName: roles.unknown.value,
    rootCase: roles.root.name,
    rootName: roles.root.value,
    fallbackCase: roles.fallback.name,
    fallbackName: roles.fallback.value,
  };
}

/** DeprecationTests.swift's view, or null when the spec deprecates no role. */
export function deprecationTestsView(ctx: SwiftContext, naming: ReturnType<typeof roleNaming>) {
  const { roles } = ctx.inputs;
  if (naming.deprecatedCases.size === 0 && roles.aliases.length === 0) return null;
  return {
    roleName: roles.name,
    deprecatedCases: [...naming.deprecatedCases].map(stringLiteral),
    aliases: roles.aliases.map((a) => ({ value: stringLiteral(a.value), target: a.target.name })),
  };
}

/** Apple's roles: each to a role, or to the class of elements not reported. */
export function appleView(ctx: SwiftContext, naming: ReturnType<typeof roleNaming>) {
  const { model, names, inputs, diagnostics } = ctx;
  const classNames = distinct(model.notReported.map((c) => names.enumCase(c.name)));
  const classOf = new Map(model.notReported.map((c, i) => [c.name, classNames[i] as string]));
  const entries = model.appleRoles.flatMap((a) => {
    const role = a.role === null || !naming.caseOf.has(a.role) ? null : naming.roleExpr(a.role);
    const notReported = a.role === null ? (classOf.get(a.class) ?? null) : null;
    if (role === null && notReported === null) {
      diagnostics.push(
        emitterDiagnostic(
          a.source,
          `Apple's role ${a.value} becomes ${a.role ?? a.class}, which is neither a role nor a class of elements not reported; left out`,
        ),
      );
      return [];
    }
    return [{ key: stringLiteral(a.value), role, notReported }];
  });
  return {
    roleName: inputs.roles.name,
    classes: model.notReported.map((c) => ({
      name: classOf.get(c.name),
      value: stringLiteral(c.name),
      reason: stringLiteral(c.reason),
    })),
    entries,
  };
}

/** The attributes, with typed accessors for the reserved ones; `values` is the struct's own. */
export function attributesView(ctx: SwiftContext, typeOf: (t: TypeView) => string) {
  const { attributes } = ctx.inputs;
  const accessorNames = distinct(['values', ...attributes.reserved.map((f) => f.name)]).slice(1);
  // A number is decoded like a record (once, exactly from its text), as `JSONValue` holds it as a `JSONNumber`.
  const primitive = { string: 'string', boolean: 'bool' } as const;
  const accessors = attributes.reserved.map((f, i) => ({
    name: accessorNames[i],
    key: stringLiteral(f.key),
    type: typeOf(f.type),
    primitive: f.type.kind in primitive ? primitive[f.type.kind as keyof typeof primitive] : null,
    doc: docLines(f.doc),
    // Where a reserved attribute of a record type is kept once decoded; a primitive is read from `values` as it is.
    storage: `decoded${(accessorNames[i] as string).replace(/`/g, '').replace(/^./, (c) => c.toUpperCase())}`,
  }));
  return {
    name: attributes.name,
    doc: docLines(attributes.doc),
    accessors,
    cached: accessors.filter((a) => a.primitive === null),
  };
}

/** The MCP content blocks: the union first, then what it reaches by name. */
export function contentView(ctx: SwiftContext) {
  const { model, swift, inputs, report } = ctx;
  const { kit, content } = inputs;
  const external = kit.decls
    .filter((d) => d.kind === 'alias' || (d.kind === 'record' && d.source === null))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const externalViews = external.flatMap((d) => {
    const view = swift.decl(d);
    if (!view) report(`${d.key}: Swift has no declaration for this shape; left out`);
    return view ? [tagged(view)] : [];
  });
  const ext = model.external.find((e) => e.name === content.key);
  return {
    package: ext?.package ?? '',
    packageVersion: ext?.packageVersion ?? '',
    protocolVersion: ext?.protocolVersion ?? '',
    decls: [tagged(swift.union(content)), ...externalViews],
  };
}

/** The tree's names, which the reader, the decoding and the tests share. */
export function treeNames(ctx: SwiftContext) {
  const { tree, roles } = ctx.inputs;
  return {
    reader: readerNames(SWIFT_NAMING),
    answerName: tree.answer.name,
    elementName: tree.node.name,
    roleName: roles.name,
    rootProperty: tree.root.name,
    rootPointer: stringLiteral(tree.rootPointer),
    childrenProperty: tree.children.name,
    childrenPrefix: stringLiteral(tree.childrenSegment),
    rootPath: tree.rootPointer,
    childPath: `${tree.rootPointer}${tree.childrenSegment}0`,
    roleProperty: tree.role.name,
    rootKey: stringLiteral(tree.root.key),
    childrenKey: stringLiteral(tree.children.key),
    roleKey: stringLiteral(tree.role.key),
    states: tree.states.map((s) => ({
      name: s.field.name,
      key: stringLiteral(s.key),
      codingCase: bare(s.field.name) === s.key ? s.field.name : `${s.field.name} = ${stringLiteral(s.key)}`,
      doc: docLines(s.field.doc),
      inherit: s.inherit,
      value: String(s.value),
    })),
  };
}

/** ElementModelTests.swift: the acceptance example, and a deep tree made in Swift from the required fields. */
export function elementModelTestsView(
  ctx: SwiftContext,
  tree: ReturnType<typeof treeNames>,
  accessors: ReturnType<typeof attributesView>['accessors'],
) {
  const { model, inputs, report } = ctx;
  const { roles, sample, attributes } = inputs;
  const argument = (f: FieldDecl, role: string, child: string): string | null => {
    // Argument labels need no backticks.
    const label = bare(f.name);
    if (f === inputs.tree.root) return `${label}: ${child}`;
    if (f === inputs.tree.version) return `${label}: ${stringLiteral(model.protocolVersion)}`;
    if (f.type.kind === 'string') return `${label}: String(level)`;
    if (f.type.kind === 'boolean') return `${label}: false`;
    if (f.type.kind === 'number' || f.type.kind === 'integer') return `${label}: 0`;
    if (f.type.kind === 'ref' && f.type.declares === 'roles') return `${label}: .${role}`;
    report(`ElementModelTests.swift cannot make a value of ${f.key}, a required field`);
    return null;
  };
  const initOf = (record: typeof inputs.tree.node, role: string) =>
    `${record.name}(${record.fields
      .filter((f) => f.required)
      .flatMap((f) => argument(f, role, 'node') ?? [])
      .join(', ')})`;
  const appleValues = new Set(model.appleRoles.map((a) => a.value));
  let absentApple = 'NotAnAppleRole';
  while (appleValues.has(absentApple)) absentApple += 'X';
  return {
    ...tree,
    acceptanceJson: JSON.stringify(sample.json, null, 2)
      .split('\n')
      .map((line) => `        ${line}`)
      .join('\n'),
    attributesName: attributes.name,
    accessors,
    unknownRole: stringLiteral(sample.unknownRole),
    extraField: stringLiteral(sample.extraField),
    unknownCase: roles.unknown.name,
    leafInit: initOf(inputs.tree.node, roles.fallback.name),
    rootInit: initOf(inputs.tree.node, roles.root.name),
    answerInit: initOf(inputs.tree.answer, roles.root.name),
    absentApple: stringLiteral(absentApple),
    roleCount: roles.cases.length,
  };
}
