import type { CanonicalModel, TypeDef } from '../../model/types.js';
import type { RecordDecl, TypeView } from '../kit/decl-types.js';
import type { CodeTargetInputs } from '../kit/inputs.js';
import { distinct, type Names } from '../kit/naming.js';
import { roleDocs } from '../kit/role-docs.js';
import { readerNames } from '../kit/vocabulary.js';
import { emitterDiagnostic } from '../core/report.js';
import type { Diagnostic } from '../../diagnostics/report.js';
import { type DeclView, deprecatedArguments, type KotlinDecls } from './decls.js';
import { kdoc, STRICT_SERIALIZERS, stringLiteral } from './naming.js';

/** What every view of the module is made from: the model, the kit's inputs named in Kotlin, and where to report. */
export interface KotlinContext {
  model: CanonicalModel;
  names: Names;
  inputs: CodeTargetInputs;
  kotlin: KotlinDecls;
  /** The package the module's classes live in. */
  packageName: string;
  diagnostics: Diagnostic[];
  /** Reports a problem of the model as a whole (at the role rules, where the tree is stated). */
  report(message: string): void;
}

const since = (t: { since: string }) => `Since ${t.since}.`;
const section = (t: TypeDef) => `Section ${t.source.section ?? '?'} of ${t.source.document}. ${since(t)}`;
const typeDefOf = (model: CanonicalModel) => new Map(model.types.map((t) => [t.name, t]));

/** The MCP content union and what it reaches, in one file: the members in the union's order, then the rest. */
export function contentView(ctx: KotlinContext) {
  const { model, kotlin, inputs, report } = ctx;
  const { kit, content } = inputs;
  const ext = model.external.find((e) => e.name === content.key);
  const origin = ext
    ? `${ext.package} ${ext.packageVersion}${ext.protocolVersion ? `, MCP protocol ${ext.protocolVersion}` : ''}`
    : content.key;
  const external = kit.decls.filter((d) => d.kind === 'alias' || (d.kind === 'record' && d.source === null));
  const tagOf = new Map(content.members.map((m) => [m.type, m.tag]));
  const ordered = [
    ...content.members.flatMap((m) => external.filter((d) => d.name === m.type)),
    ...external.filter((d) => !tagOf.has(d.name)),
  ];
  const declarations: DeclView[] = ordered.flatMap((d): DeclView[] => {
    if (d.kind === 'alias') {
      if (d.type.kind === 'literal') return [kotlin.enumOf(d.name, d.type.values, [`\`${d.key}\` from ${origin}.`])];
      report(`${d.key}: Kotlin has no declaration for this shape; left out`);
      return [];
    }
    if (d.kind !== 'record') return [];
    const tag = tagOf.get(d.name);
    const member =
      tag === undefined ? '' : `; a [${content.name}] whose \`${content.discriminator.key}\` is \`${tag}\``;
    return kotlin.dataClass(
      d,
      [`\`${d.key}\` from ${origin}${member}.`],
      tag === undefined ? null : { key: content.discriminator.key, value: tag },
      (f) => f.doc || `\`${f.key}\`${f.required ? '' : ', optional'}.`,
    );
  });
  kotlin.finish(declarations, content);
  return {
    doc: kdoc([
      `${content.key}: ${content.members.map((m) => `[${m.type}]`).join(', ')}, told apart by \`${content.discriminator.key}\`. From ${origin}; a block whose \`${content.discriminator.key}\` is none of these is kept whole as [${content.unknown.name}].`,
    ]),
    name: content.name,
    discriminator: stringLiteral(content.discriminator.key),
    discriminatorKey: content.discriminator.key,
    tagged: content.members.map((m) => ({ tag: stringLiteral(m.tag), type: m.type })),
    unknown: { name: content.unknown.name, doc: kdoc([content.unknown.doc]), tagProperty: content.discriminator.name },
    declarations,
  };
}

/** The model's records, one data class each. */
export function recordViews(ctx: KotlinContext) {
  const typeDef = typeDefOf(ctx.model);
  return ctx.inputs.kit.decls
    .filter((d): d is RecordDecl => d.kind === 'record' && d.source !== null)
    .map((d) => {
      const t = typeDef.get(d.key);
      const properties = d.fields.map((f) => ctx.kotlin.property(f, d.name, f.doc));
      return {
        doc: kdoc([d.doc, t ? section(t) : '']),
        name: d.name,
        needsSerialName: properties.some((p) => p.serialName !== null),
        properties,
      };
    });
}

/** The role language: an object per role, an alias per deprecated name. */
export function roleView(ctx: KotlinContext) {
  const { model, inputs, packageName } = ctx;
  const { roles } = inputs;
  const rolesType = typeDefOf(model).get(roles.key);
  const docOf = roleDocs(model, roles);
  return {
    doc: kdoc([
      `${roles.doc}${rolesType ? ` ${section(rolesType)}` : ''}`,
      `The ${roles.cases.length} known roles are objects; any other word decodes as [Unknown], which keeps the word so it encodes back unchanged, and reads as [${roles.unknown.name}].`,
    ]),
    name: roles.name,
    roles: roles.cases.map((c) => {
      const doc = docOf(c);
      const lines = [
        `\`${c.value}\`, of the kind "${doc.kind}".`,
        doc.apple,
        ...(doc.covers ? [doc.covers] : []),
        ...doc.rules,
      ];
      return {
        doc: kdoc([lines.join(' ')], 4),
        name: c.name,
        literal: stringLiteral(c.value),
        deprecated: c.deprecated ? deprecatedArguments(c.deprecated, roles.name) : null,
      };
    }),
    unknownReadsAs: roles.unknown.name,
    aliases: roles.aliases.map((a) => ({
      value: stringLiteral(a.value),
      name: a.name,
      target: a.target.name,
      targetValue: a.target.value,
      deprecated: deprecatedArguments({ message: a.message, replacement: a.target.name }, roles.name),
    })),
    serialName: stringLiteral(`${packageName}.${roles.name}`),
  };
}

/** The spec's enums: each a sealed class of its values and one that keeps a value this version does not know. */
export function enumViews(ctx: KotlinContext) {
  return ctx.inputs.kit.decls.flatMap((d) =>
    d.kind === 'enum'
      ? [
          {
            name: d.name,
            doc: kdoc([
              `${d.doc} Any other string decodes as [${d.unknown}], which keeps it so it encodes back unchanged.`,
            ]),
            unknown: d.unknown,
            cases: d.cases.map((c) => ({
              name: c.name,
              literal: stringLiteral(c.value),
              doc: kdoc([`\`${c.value}\`: ${c.doc}`], 4),
            })),
            serialName: stringLiteral(`${ctx.packageName}.${d.name}`),
          },
        ]
      : [],
  );
}

/** Apple's roles: each to a role, or to the class of elements not reported. */
export function appleView(ctx: KotlinContext) {
  const { model, names, inputs, diagnostics } = ctx;
  const { roles } = inputs;
  const classNames = distinct(model.notReported.map((c) => names.constant(c.name)));
  const classOf = new Map(model.notReported.map((c, i) => [c.name, classNames[i] as string]));
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const appleRoles = model.appleRoles.flatMap((a) => {
    const role = a.role === null ? null : (caseOf.get(a.role) ?? null);
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
    return [{ key: stringLiteral(a.value), roleName: roles.name, role, notReported, comment: a.constant ?? a.origin }];
  });
  return {
    roleName: roles.name,
    classes: model.notReported.map((c) => ({
      name: classOf.get(c.name),
      label: stringLiteral(c.name),
      reason: stringLiteral(c.reason),
    })),
    appleRoles,
  };
}

/** The attributes, with a typed accessor on the element for each reserved one. */
export function attributesView(ctx: KotlinContext) {
  const { model, kotlin, inputs } = ctx;
  const { attributes, tree } = inputs;
  const typeOf = (t: TypeView) => kotlin.type(t, attributes.name, '');
  const serializerOf = (t: TypeView): string => {
    if (t.kind === 'array') return `ListSerializer(${serializerOf(t.items)})`;
    if (t.kind === 'ref' && t.declares === 'attributes') return 'JsonObject.serializer()';
    return `${typeOf(t)}.serializer()`;
  };
  const attributesType = typeDefOf(model).get(attributes.key);
  const reserved = new Map(model.attributes.map((a) => [a.name, a]));
  const accessors = attributes.reserved.map((f) => {
    const a = reserved.get(f.key);
    const notation = a?.notation ?? f.key;
    return {
      doc: kdoc([
        `${(a?.meaning ?? f.doc).replace(/\.$/, '')}: the reserved attribute \`${f.key}\` (\`${notation}\`), or null when it is absent.${a ? ` ${since(a)}` : ''}`,
      ]),
      memberDoc: kdoc(
        [
          `${(a?.meaning ?? f.doc).replace(/\.$/, '')}: the reserved attribute \`${f.key}\` (\`${notation}\`), read once when the attributes are made, or null when it is absent; any other value fails the decoding.${a ? ` ${since(a)}` : ''}`,
        ],
        4,
      ),
      name: f.name,
      type: typeOf(f.type),
      key: stringLiteral(f.key),
      serializer: serializerOf(f.type),
      deprecated: f.deprecated ? deprecatedArguments(f.deprecated) : null,
    };
  });
  return {
    doc: kdoc([
      `${attributes.doc}${attributesType ? ` ${since(attributesType)}` : ''}`,
      `Reserved: ${attributes.reserved.map((f) => `\`${f.key}\``).join(', ')}; read them with the typed accessors on [${tree.node.name}].`,
    ]),
    name: attributes.name,
    elementName: tree.node.name,
    attributesProperty: tree.attributes?.name ?? '',
    accessors,
  };
}

/** The strict serializers of JSON's primitives, which refuse a value of another JSON type. */
export function strictPrimitivesView(packageName: string) {
  return {
    serializers: Object.entries(STRICT_SERIALIZERS).map(([type, name]) => ({
      type,
      name,
      kind: type.toUpperCase(),
      descriptorName: stringLiteral(`${packageName}.${name.replace(/Serializer$/, '')}`),
      read: type === 'Boolean' ? 'booleanOrNull' : type === 'Double' ? 'doubleOrNull' : 'longOrNull',
      encode: `encode${type}`,
      jsonType: type === 'Boolean' ? 'a JSON boolean' : type === 'Double' ? 'a JSON number' : 'a JSON integer',
    })),
  };
}

/** The tree's names, which the reader, the decoding and the tests share. */
export function treeNames(ctx: KotlinContext) {
  const { inputs, names } = ctx;
  const { tree, roles } = inputs;
  const states = tree.states.map((s) => ({
    name: s.field.name,
    key: stringLiteral(s.key),
    doc: kdoc([s.field.doc], 4),
    inherit: s.inherit,
    value: String(s.value),
  }));
  return {
    answerName: tree.answer.name,
    elementName: tree.node.name,
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
}

/** RoleTest.kt: the sample answer as a raw string, and what it holds of roles and attributes. */
export function roleTestView(
  ctx: KotlinContext,
  tree: ReturnType<typeof treeNames>,
  apple: ReturnType<typeof appleView>,
  attributes: ReturnType<typeof attributesView>,
) {
  const { inputs } = ctx;
  const { roles, sample } = inputs;
  return {
    ...tree,
    appleRoles: apple.appleRoles,
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
    accessors: attributes.accessors.map((a) => ({ name: a.name, key: a.key, serializer: a.serializer })),
    attributesName: inputs.attributes.name,
  };
}

/** DeprecationTest.kt's view, or null when the spec deprecates no role. */
export function deprecationTestView(ctx: KotlinContext) {
  const { roles } = ctx.inputs;
  if (roles.aliases.length === 0 && !roles.cases.some((c) => c.deprecated)) return null;
  return {
    roleName: roles.name,
    deprecatedCases: roles.cases.flatMap((c) =>
      c.deprecated
        ? [
            {
              name: c.name,
              message: stringLiteral(c.deprecated.message),
              replaceWith: stringLiteral(
                c.deprecated.replacement === null ? '' : `${roles.name}.${c.deprecated.replacement}`,
              ),
            },
          ]
        : [],
    ),
    aliases: roles.aliases.map((a) => ({ value: stringLiteral(a.value), name: a.name, target: a.target.name })),
  };
}
