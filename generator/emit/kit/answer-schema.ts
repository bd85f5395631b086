/**
 * The answer's JSON Schema, strict or lenient, as data: the schema target publishes it, and every binding that carries
 * MCP tool definitions states it as their output schema.
 */
import type { CanonicalModel, Deprecation, EnumType, RecordType, TypeRef } from '../../model/types.js';
import { plainText } from '../shared/text.js';
import { alternativesOf } from './spec-data.js';

export const SCHEMA_BASE = 'https://element-model.dev/schema';

type Schema = Record<string, unknown>;
export type Strictness = 'strict' | 'lenient';

function ref(type: TypeRef): Schema {
  if (type.kind === 'array') return { type: 'array', items: ref(type.items) };
  if (type.kind === 'primitive') return { type: type.name };
  return { $ref: `#/$defs/${type.name}` };
}

/** `deprecated: true` (a 2020-12 annotation) and the replacement in the description; nothing when not deprecated. */
function deprecation(deprecated: Deprecation | undefined, description: string): Schema {
  if (!deprecated) return { description };
  const instead = deprecated.useInstead === null ? '' : `; use ${plainText(deprecated.useInstead).replace(/`/g, '')}`;
  return { description: `${description} Deprecated since ${deprecated.version}${instead}.`, deprecated: true };
}

/**
 * The roles, for providers: the language's words; deprecated roles and aliases (still valid, to be replaced) in a
 * branch of their own marked `deprecated`, when there are any.
 */
function strictRoles(model: CanonicalModel, description: string): Schema {
  const deprecated = model.roles.flatMap((r) => [
    ...(r.deprecated ? [r.name] : []),
    ...(r.aliases ?? []).map((a) => a.name),
  ]);
  if (!deprecated.length) return { description, enum: model.roles.map((r) => r.name) };
  return {
    description,
    anyOf: [
      { enum: model.roles.filter((r) => !r.deprecated).map((r) => r.name) },
      { enum: deprecated, deprecated: true },
    ],
  };
}

/**
 * An enum's values, each with its meaning. Strict, for providers: one of them. Lenient, for receivers: any string,
 * the values still listed, since a receiver keeps a value it does not know (every checker warns of it).
 */
function enumSchema(type: EnumType, strictness: Strictness): Schema {
  const values = type.values.map((v) => v.value);
  const meanings = type.values.map((v) => `${v.value}: ${plainText(v.meaning)}`).join('; ');
  const description = `${plainText(type.meaning)} (${meanings})`;
  if (strictness === 'strict') return { type: 'string', description, enum: values };
  return {
    description: `${description}. A receiver keeps a value it does not know`,
    anyOf: [{ enum: values }, { type: 'string' }],
  };
}

function recordSchema(type: RecordType, strictness: Strictness): Schema {
  const properties: Record<string, Schema> = {};
  for (const f of type.fields) {
    const s: Schema = { ...ref(f.type), ...deprecation(f.deprecated, plainText(f.meaning)) };
    if (f.default?.kind === 'value') s.default = f.default.value;
    properties[f.name] = s;
  }
  const schema: Schema = {
    type: 'object',
    description: plainText(type.meaning),
    required: type.fields.filter((f) => f.required).map((f) => f.name),
    properties,
  };
  // Providers send only the fields the spec defines (so no removed 0.1 name); receivers ignore what they do not know.
  if (strictness === 'strict') schema.additionalProperties = false;
  return schema;
}

/**
 * A block of a kind the external union does not define, for receivers: an object whose tag (the property every
 * member holds a constant in) is a string none of the members has. Null when the union has no such tag.
 */
function unknownKind(schema: Schema, definitions: Record<string, Schema>): Schema | null {
  const members = Array.isArray(schema.anyOf)
    ? (schema.anyOf as Schema[]).map((m) => definitions[String(m.$ref).replace('#/$defs/', '')])
    : [];
  const propsOf = (def: Schema | undefined) => (def?.properties ?? {}) as Record<string, Schema>;
  const first = members[0];
  if (!first) return null;
  const tag = Object.keys(propsOf(first)).find((k) =>
    members.every((m) => m !== undefined && 'const' in (propsOf(m)[k] ?? {})),
  );
  if (tag === undefined) return null;
  const known = members.map((m) => propsOf(m)[tag]?.const);
  return { type: 'object', required: [tag], properties: { [tag]: { type: 'string', not: { enum: known } } } };
}

/**
 * A definition whose properties are one of several shapes (alternativesOf) keeps MCP's anyOf and adds that no two
 * members' own keys stand together: the checker and the decoders tell a member by its key, whatever the key's
 * value, so `{"text": -1, "blob": ""}` is refused here too (a oneOf would take it as a blob with a stray member).
 */
function exclusive(def: Schema, definitions: Record<string, Schema>): Schema {
  const alternatives = alternativesOf(def, definitions);
  if (!alternatives.length) return def;
  const properties = { ...(def.properties as Record<string, Schema>) };
  for (const a of alternatives) {
    const keys = a.members.map((m) => m.key);
    const pairs = keys.flatMap((k, i) => keys.slice(i + 1).map((other) => ({ required: [k, other] })));
    properties[a.property] = {
      ...(properties[a.property] as Schema),
      not: pairs.length === 1 ? pairs[0] : { anyOf: pairs },
    };
  }
  return { ...def, properties };
}

/** The reserved attributes a version removed from the attributes type so named, and no later RFC reserved again. */
export const removedAttributes = (model: CanonicalModel, attributes: string): string[] =>
  model.removed
    .filter((r) => r.kind === 'attribute' && r.from === attributes && !model.attributes.some((a) => a.name === r.name))
    .map((r) => r.name);

/**
 * The answer's JSON Schema (2020-12), an object at its top level as MCP wants of a tool's outputSchema. Strict, for providers: roles from the language, the root's role, no field
 * the spec does not define, no state among the attributes. Lenient, for receivers: any role string and unknown
 * fields allowed, since a receiver reads an unknown role as the fallback role.
 */
export function answerSchema(model: CanonicalModel, strictness: Strictness): Schema {
  const defs: Record<string, Schema> = {};
  for (const type of model.types) {
    if (type.kind === 'record') defs[type.name] = recordSchema(type, strictness);
    else if (type.kind === 'enum') defs[type.name] = enumSchema(type, strictness);
    else if (type.kind === 'roles') {
      defs[type.name] =
        strictness === 'strict'
          ? strictRoles(model, plainText(type.meaning))
          : {
              description: `${plainText(type.meaning)} A receiver reads a role it does not know as ${model.roleRules.unknown}.`,
              type: 'string',
            };
    } else if (type.kind === 'attributes') {
      const properties: Record<string, Schema> = {};
      for (const a of model.attributes)
        properties[a.name] = { ...ref(a.type), ...deprecation(a.deprecated, plainText(a.meaning)) };
      defs[type.name] = {
        type: 'object',
        description: plainText(type.meaning),
        properties,
        // No state among the attributes, and no reserved attribute a version removed (unless one is reserved again).
        ...(strictness === 'strict'
          ? {
              propertyNames: {
                not: { enum: [...model.states.map((s) => s.field), ...removedAttributes(model, type.name)] },
              },
            }
          : {}),
      };
    } else if (type.kind === 'external') {
      const ext = model.external.find((e) => e.name === type.name);
      if (ext) {
        const description = `${plainText(type.meaning)} (${ext.package}@${ext.packageVersion}, MCP ${ext.protocolVersion ?? 'unknown'})`;
        const unknown = strictness === 'lenient' ? unknownKind(ext.schema, ext.definitions) : null;
        defs[type.name] = unknown
          ? {
              ...ext.schema,
              anyOf: [...(ext.schema.anyOf as Schema[]), unknown],
              description: `${description}. A receiver keeps a block of a kind this version does not define`,
            }
          : { ...ext.schema, description };
        for (const [name, def] of Object.entries(ext.definitions)) defs[name] = exclusive(def, ext.definitions);
      }
    }
  }
  const answer: Schema = { $ref: `#/$defs/${model.tree.answer}` };
  const root: Schema =
    strictness === 'strict'
      ? {
          allOf: [
            answer,
            {
              properties: { [model.tree.root]: { properties: { [model.tree.role]: { const: model.roleRules.root } } } },
            },
          ],
        }
      : answer;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE}/${model.protocolVersion}/answer.${strictness}.schema.json`,
    title: `The answer of the element model, protocol ${model.protocolVersion} (${strictness === 'strict' ? 'strict, for providers' : 'lenient, for receivers'})`,
    $comment: 'Generated by element-spec from spec/; do not edit. Regenerate with `npm run generate`.',
    // Said at the top, not only inside the answer's definition: MCP takes a tool's outputSchema only with
    // "type": "object" at its top level. The answer's definition requires an object already, so nothing else changes.
    type: 'object',
    ...root,
    $defs: defs,
  };
}
