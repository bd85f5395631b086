import type {
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  StatementStructures,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from 'ts-morph';
import { StructureKind, VariableDeclarationKind, printStructure } from './ts-morph.js';
import type { CanonicalModel, Field, TypeRef } from '../../model/types.js';
import { citation, defaultWords, plainText, sentence } from '../shared/text.js';
import { specData } from '../kit/spec-data.js';
import { specDataTypes } from './spec-data-types.js';
import { FINDINGS } from '../kit/findings.js';
import { typeOf } from './json-schema.js';
import { deprecatedRoles, deprecatedTag, roleObject } from './roles.js';
import { OWN, typescriptNames, versionSpecName } from './naming.js';
import type { Names } from '../kit/naming.js';

/** A value as a TypeScript literal: like JSON, with keys unquoted where they are identifiers. */
function literal(value: unknown, indent?: number, depth = 0): string {
  const pad = (n: number) => (indent ? ' '.repeat(indent * n) : '');
  const nl = indent ? '\n' : ' ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${nl}${value.map((v) => `${pad(depth + 1)}${literal(v, indent, depth + 1)}`).join(`,${nl}`)}${nl}${pad(depth)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{${nl}${entries.map(([k, v]) => `${pad(depth + 1)}${key(k)}: ${literal(v, indent, depth + 1)}`).join(`,${nl}`)}${nl}${pad(depth)}}`;
  }
  return JSON.stringify(value);
}

/** Doc comments as ts-morph prints them: one line, or a block with a star on each line. */
function jsDoc(docs: TypeAliasDeclarationStructure['docs']): string {
  const lines = (docs ?? []).flatMap((d) => (typeof d === 'string' ? d : String(d.description ?? '')).split('\n'));
  if (lines.length === 0) return '';
  if (lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((l) => (l ? ` * ${l}` : ' *')).join('\n')}\n */\n`;
}

/** The three files one model file makes: the source, its JavaScript and its declarations. */
export interface ModelFiles {
  ts: string;
  js: string;
  dts: string;
}

/**
 * Gathers the statements of src/model.ts and, beside each, what TypeScript's emit makes of it in dist/model.js
 * (values without their types) and dist/model.d.ts (types, and exported values declared with their types).
 * Printing all three from the structures costs nothing next to running TypeScript's transpiler on the printed
 * source; the tests hold the result to what the transpiler makes.
 */
class ModelStatements {
  readonly ts: (string | StatementStructures)[];
  readonly js: (string | StatementStructures)[];
  readonly dts: (string | StatementStructures)[];

  constructor(header: string) {
    this.ts = [header];
    this.js = [header];
    this.dts = [header];
  }

  type(statement: TypeAliasDeclarationStructure | InterfaceDeclarationStructure): void {
    // ts-morph indents every line after the first of a type alias's text once more; a type written over several
    // lines (an object type) goes out as text, so its lines keep the indentation they were written with.
    const text =
      statement.kind === StructureKind.TypeAlias && typeof statement.type === 'string' && statement.type.includes('\n')
        ? `${jsDoc(statement.docs)}export type ${statement.name} =${statement.type.startsWith('\n') ? '' : ' '}${statement.type};`
        : statement;
    this.ts.push(text);
    this.dts.push(text);
  }

  /** A const statement; `declared` is its type in the declarations where the source leaves it to inference. */
  value(statement: VariableStatementStructure, declared?: string): void {
    this.ts.push(statement);
    const initializer = (d: { initializer?: unknown }) => String(d.initializer);
    this.js.push({
      ...statement,
      declarations: statement.declarations.map((d) => ({
        name: d.name,
        initializer: initializer(d).replace(/ as const$/, ''),
      })),
    });
    this.dts.push({
      ...statement,
      hasDeclareKeyword: true,
      declarations: statement.declarations.map((d) => {
        const type = d.type ?? declared;
        return type ? { name: d.name, type } : { name: d.name, initializer: initializer(d) };
      }),
    });
  }

  /** A constant written as text: a multi-line literal keeps its own indentation this way. */
  constant(name: string, type: string, initializer: string, doc: string, exported = true): void {
    const keyword = exported ? 'export ' : '';
    this.ts.push(`/** ${doc} */\n${keyword}const ${name}: ${type} = ${initializer};`);
    this.js.push(`/** ${doc} */\n${keyword}const ${name} = ${initializer};`);
    // Declarations leave out what is not exported: nothing exported names it in its type.
    if (exported) this.dts.push(`/** ${doc} */\nexport declare const ${name}: ${type};`);
  }

  print(): ModelFiles {
    const print = (statements: (string | StatementStructures)[]) =>
      printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: 2 });
    return { ts: print(this.ts), js: print(this.js), dts: print(this.dts) };
  }
}

const docs = (...parts: (string | null | undefined | false)[]): OptionalKind<JSDocStructure>[] => [
  { description: parts.filter(Boolean).join('\n') },
];

/**
 * A type as a field or an attribute holds it. The role language is open, so a field of the roles type holds one of
 * its words or any other string, which a receiver reads as the unknown-role fallback (`readRole`); `string & {}`
 * keeps the words offered by an editor. An enum's field is open the same way: a receiver keeps a value it does not
 * know (the checker warns of it), so `roleTypes` holds the enums too.
 */
function tsType(ref: TypeRef, roleTypes: ReadonlySet<string>, name: (model: string) => string): string {
  if (ref.kind === 'array') {
    const items = tsType(ref.items, roleTypes, name);
    return items.includes(' ') ? `(${items})[]` : `${items}[]`;
  }
  if (ref.kind === 'primitive') return ref.name;
  return roleTypes.has(ref.name) ? `${name(ref.name)} | (string & {})` : name(ref.name);
}

function fieldDoc(field: Field): OptionalKind<JSDocStructure>[] {
  const def = defaultWords(field);
  return docs(
    sentence(plainText(field.meaning)),
    '',
    `@since ${field.since}`,
    def ? `@default ${def}` : null,
    deprecatedTag(field.deprecated),
    `@see ${citation(field.source)}`,
  );
}

/** The findings catalogue (the kit's FINDINGS), once for every version: what the checker reports by id. */
function findingStatements(statements: ModelStatements): void {
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.findingId,
    type: FINDINGS.map((f) => `\n  | ${literal(f.id)}`).join(''),
    docs: docs('The id of each finding the checker can give.'),
  });
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.findingEntry,
    type: `{
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  /** With \`{slot}\` where a value goes. */
  readonly message: string;
  /** How each list slot's texts are written: joined by \`joiner\`, each in double quotes when \`quoted\`. */
  readonly lists?: Readonly<Record<string, { readonly joiner: string; readonly quoted: boolean }>>;
}`,
    docs: docs('A finding the checker can give: its rule, its severity and its message.'),
  });
  statements.constant(
    OWN.findings,
    `Readonly<Record<${OWN.findingId}, ${OWN.findingEntry}>>`,
    `{\n${FINDINGS.map(({ id, ...entry }) => `  ${literal(id)}: ${literal(entry)}`).join(',\n')}\n}`,
    'Every finding the checker can give, by id: the checker reports an id and the values of its slots, and the message comes from here.',
  );
}

/**
 * src/model.ts, with its JavaScript and declarations: the types of the answer and the data the runtime reads, all
 * from the model. The statements are gathered as structures and printed once, with no syntax tree.
 */
export function modelFiles(
  model: CanonicalModel,
  header: string,
  versions: readonly CanonicalModel[] = [model],
  sdkVersion: string | null = null,
  names: Names = typescriptNames(model, versions),
): ModelFiles {
  const statements = new ModelStatements(header.trimEnd());
  // Each model type by its name in the package (kept clear of what the package declares itself).
  const name = (type: string): string => names.type(type);
  const roleType = model.types.find((t) => t.kind === 'roles');
  const roleTypes = new Set(model.types.filter((t) => t.kind === 'roles' || t.kind === 'enum').map((t) => t.name));
  const attributesType = model.types.find((t) => t.kind === 'attributes');

  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The protocol version these types describe.'),
    declarations: [{ name: OWN.protocolVersion, initializer: literal(model.protocolVersion) }],
  });
  if (sdkVersion !== null)
    statements.value({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(
        `This package's own version, which speaks protocol ${model.protocolVersion} (${OWN.protocolVersion}); an SDK fix raises it alone.`,
      ),
      declarations: [{ name: OWN.sdkVersion, initializer: literal(sdkVersion) }],
    });

  // The role language.
  const roleNames = model.roles.map((r) => literal(r.name)).join(', ');
  statements.value(
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs("Every role of the role language, in the spec's order."),
      declarations: [{ name: OWN.roles, initializer: `[${roleNames}] as const` }],
    },
    `readonly [${roleNames}]`,
  );
  if (roleType) {
    // Each role as a member a tool can flag (`Role.Cell`), beside the type of the same name.
    const object = roleObject(model, literal);
    statements.value(
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: docs('Every role of the role language by its name, and each deprecated alias as the role it reads as.'),
        declarations: [{ name: name(roleType.name), initializer: object.initializer }],
      },
      object.declared,
    );
    statements.type({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: name(roleType.name),
      type: `(typeof ${OWN.roles})[number]`,
      docs: docs(
        sentence(plainText(roleType.meaning)),
        deprecatedRoles(model),
        '',
        `@see ${citation(roleType.source)}`,
      ),
    });
  }
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.roleKind,
    type: model.roleKinds.map((k) => literal(k.name)).join(' | '),
    docs: docs('The kinds the roles are grouped in.'),
  });
  const role = roleType ? name(roleType.name) : 'string';
  statements.constant(
    OWN.roleInfo,
    `readonly { role: ${role}; kind: ${OWN.roleKind}; appleName: boolean; covers: readonly string[]; since: string }[]`,
    literal(
      model.roles.map((r) => ({
        role: r.name,
        kind: r.kind,
        appleName: r.appleName,
        covers: r.covers,
        since: r.since,
      })),
      2,
    ),
    "Each role with its kind, whether it carries the name of one of Apple's roles, and the Apple roles it also covers.",
  );
  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The role the root has, the role an unknown role reads as, and the role used when none plainly fits.'),
    declarations: [
      {
        name: OWN.roleRules,
        type: `{ readonly root: ${role}; readonly unknown: ${role}; readonly fallback: ${role} }`,
        initializer: literal({
          root: model.roleRules.root,
          unknown: model.roleRules.unknown,
          fallback: model.roleRules.fallback,
        }),
      },
    ],
  });

  // External types (MCP content blocks).
  for (const ext of model.external) {
    for (const [name, schema] of Object.entries(ext.definitions)) {
      statements.type({
        kind: StructureKind.TypeAlias,
        isExported: true,
        name,
        type: typeOf(schema),
        docs: docs(
          `${typeof schema.description === 'string' ? sentence(schema.description) : `MCP's ${name}.`}`,
          '',
          `@see ${ext.package}@${ext.packageVersion} (MCP ${ext.protocolVersion ?? 'unknown'})`,
        ),
      });
    }
    statements.type({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: name(ext.name),
      type: typeOf(ext.schema),
      docs: docs(
        sentence(plainText(model.types.find((t) => t.name === ext.name)?.meaning ?? ext.name)),
        '',
        `@see ${ext.package}@${ext.packageVersion} (MCP ${ext.protocolVersion ?? 'unknown'})`,
      ),
    });
  }

  // Enums: a union of their values, each value's meaning in the doc comment.
  for (const type of model.types) {
    if (type.kind !== 'enum') continue;
    statements.type({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: name(type.name),
      type: type.values.map((v) => literal(v.value)).join(' | '),
      docs: docs(
        sentence(plainText(type.meaning)),
        '',
        ...type.values.map((v) => `- \`${v.value}\`: ${sentence(plainText(v.meaning))}`),
        '',
        `@since ${type.since}`,
        `@see ${citation(type.source)}`,
      ),
    });
  }

  // Reserved attributes: typed; everything else unknown.
  if (attributesType) {
    statements.type({
      kind: StructureKind.Interface,
      isExported: true,
      name: name(attributesType.name),
      docs: docs(sentence(plainText(attributesType.meaning)), '', `@see ${citation(attributesType.source)}`),
      properties: model.attributes.map((a) => ({
        name: a.name,
        hasQuestionToken: true,
        type: tsType(a.type, roleTypes, name),
        docs: docs(
          sentence(plainText(a.meaning)),
          '',
          `@since ${a.since}`,
          deprecatedTag(a.deprecated),
          `@see ${citation(a.source)}`,
        ),
      })),
      indexSignatures: [{ keyName: 'name', keyType: 'string', returnType: 'unknown' }],
    });
  }

  // Records, in the spec's order.
  for (const type of model.types) {
    if (type.kind !== 'record') continue;
    statements.type({
      kind: StructureKind.Interface,
      isExported: true,
      name: name(type.name),
      docs: docs(sentence(plainText(type.meaning)), '', `@since ${type.since}`, `@see ${citation(type.source)}`),
      properties: type.fields.map((f) => ({
        name: f.name,
        hasQuestionToken: !f.required,
        type: tsType(f.type, roleTypes, name),
        docs: fieldDoc(f),
      })),
      // The answer keeps what it does not know, and is what an MCP tool returns as its structured content, a
      // `{ [key: string]: unknown }`: an index signature lets it assign there.
      indexSignatures:
        type.name === model.tree.answer ? [{ keyName: 'key', keyType: 'string', returnType: 'unknown' }] : [],
    });
  }

  // What the runtime reads.
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.stateName,
    type: model.states.map((s) => literal(s.field)).join(' | ') || 'never',
    docs: docs('The states an element states about itself.'),
  });
  for (const { name, type, doc } of specDataTypes())
    statements.type({ kind: StructureKind.TypeAlias, isExported: true, name, type, docs: docs(doc) });
  const specs = versions.filter((v) => v.protocolVersion !== model.protocolVersion);
  for (const v of specs) {
    statements.constant(
      versionSpecName(v.protocolVersion),
      'SpecData',
      literal(specData(v), 2),
      `The rules of protocol ${v.protocolVersion}.`,
      false,
    );
  }
  const current = specData(model);
  statements.constant(
    OWN.states,
    `readonly { readonly name: ${OWN.stateName}; readonly default: StateDefault; readonly reachable: boolean; readonly path: boolean }[]`,
    literal(current.states, 2),
    'Each state of the current version, its default, whether it must be reachable from the root, and whether it forms a path.',
  );
  statements.constant(
    OWN.spec,
    'SpecData',
    literal({ ...current, states: null }, 2).replace('states: null', `states: ${OWN.states}`),
    `The rules of protocol ${model.protocolVersion}, the version these types describe.`,
  );
  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The rules of every protocol version this package reads, by version.'),
    declarations: [
      {
        name: OWN.specs,
        type: 'Readonly<Record<string, SpecData>>',
        initializer: `{ ${[...specs.map((v) => `${literal(v.protocolVersion)}: ${versionSpecName(v.protocolVersion)}`), `${literal(model.protocolVersion)}: ${OWN.spec}`].join(', ')} }`,
      },
    ],
  });

  findingStatements(statements);

  statements.constant(
    OWN.appleRoles,
    `readonly { readonly value: string; readonly name: string; readonly class: string; readonly role: ${role} | null }[]`,
    literal(
      model.appleRoles.map((a) => ({ value: a.value, name: a.name, class: a.class, role: a.role })),
      2,
    ),
    "Apple's roles, each with the protocol role it becomes, or null with the class of elements that are not reported.",
  );
  statements.constant(
    OWN.notReported,
    'readonly { readonly name: string; readonly reason: string }[]',
    literal(
      model.notReported.map((n) => ({ name: n.name, reason: plainText(n.reason) })),
      2,
    ),
    'Classes of elements a provider does not report, and why.',
  );
  return statements.print();
}
