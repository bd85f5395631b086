import type { JSDocStructure, OptionalKind } from 'ts-morph';
import type { CanonicalModel, Field, TypeRef } from '../../model/types.js';
import { citation, defaultWords, plainText, sentence } from '../shared/text.js';
import { typeOf } from './json-schema.js';
import { docs, literal, type ModelStatements } from './model-statements.js';
import { deprecatedTag } from './roles.js';
import { StructureKind } from './ts-morph.js';

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

/** The model types whose fields are open to values they do not name (see tsType). */
const openTypes = (model: CanonicalModel): ReadonlySet<string> =>
  new Set(model.types.filter((t) => t.kind === 'roles' || t.kind === 'enum').map((t) => t.name));

/** External types (MCP content blocks): each definition, and the union of them by the model's name. */
export function externalStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  name: (type: string) => string,
): void {
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
}

/** Enums: a union of their values, each value's meaning in the doc comment. */
export function enumStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  name: (type: string) => string,
): void {
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
}

/** Reserved attributes: typed; everything else unknown. */
export function attributesStatement(
  statements: ModelStatements,
  model: CanonicalModel,
  name: (type: string) => string,
): void {
  const attributesType = model.types.find((t) => t.kind === 'attributes');
  const roleTypes = openTypes(model);
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
}

/** Records, in the spec's order. */
export function recordStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  name: (type: string) => string,
): void {
  const roleTypes = openTypes(model);
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
}
