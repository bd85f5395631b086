/**
 * The JSON Schema of the canonical model (generated/model/model.schema.json), the way the Language Server
 * Protocol publishes metaModel.schema.json beside its meta model. Every load of a model is validated against it.
 */
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const source = { $ref: '#/$defs/Source' } as const;
const deprecated = { $ref: '#/$defs/Deprecation' } as const;

function object(properties: Record<string, unknown>, optional: string[] = []) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
  };
}

export const MODEL_SCHEMA_ID = 'https://element-model.dev/schema/model.schema.json';

export const MODEL_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: MODEL_SCHEMA_ID,
  title: 'The element model: canonical model',
  description: 'Everything the emitters need, folded from the counted RFCs. Generated; see spec/README.md.',
  ...object(
    {
      $schema: str,
      format: { const: 1 },
      protocolVersion: str,
      rfcs: { type: 'array', items: { $ref: '#/$defs/Rfc' } },
      versioning: { type: 'array', items: object({ change: str, beforeOne: str, fromOne: str }) },
      types: { type: 'array', items: { $ref: '#/$defs/Type' } },
      roleKinds: { type: 'array', items: object({ name: str, roles: { type: 'array', items: str } }) },
      roles: {
        type: 'array',
        items: object(
          {
            name: str,
            kind: str,
            appleName: bool,
            covers: { type: 'array', items: str },
            coversNote: nullableStr,
            coversSource: source,
            since: str,
            source,
            deprecated,
            aliases: { type: 'array', items: object({ name: str, version: str, source }) },
          },
          ['coversSource', 'deprecated', 'aliases'],
        ),
      },
      roleRules: object({ root: str, unknown: str, fallback: str, source }),
      states: { type: 'array', items: object({ field: str, type: str, reachable: bool, path: bool, source }) },
      removed: {
        type: 'array',
        items: object({
          name: str,
          from: str,
          kind: { enum: ['field', 'role', 'attribute', 'value', 'requirement', 'operation'] },
          replacedBy: nullableStr,
          version: str,
          source,
        }),
      },
      notReported: { type: 'array', items: object({ name: str, reason: str, source }) },
      appleRoles: {
        type: 'array',
        items: object({
          constant: nullableStr,
          value: str,
          name: str,
          class: str,
          origin: str,
          role: nullableStr,
          source,
        }),
      },
      attributes: {
        type: 'array',
        items: object(
          { name: str, notation: str, type: { $ref: '#/$defs/TypeRef' }, meaning: str, since: str, source, deprecated },
          ['deprecated'],
        ),
      },
      operations: {
        type: 'array',
        items: object(
          { name: str, takes: nullableStr, returns: nullableStr, meaning: str, since: str, source, deprecated },
          ['deprecated'],
        ),
      },
      requirements: {
        type: 'array',
        items: object(
          { id: str, requirement: str, check: str, checkable: bool, rule: nullableStr, since: str, source, deprecated },
          ['deprecated'],
        ),
      },
      examples: { type: 'array', items: object({ value: {}, source }) },
      privacy: { type: 'array', items: object({ subject: str, note: str, source }) },
      tree: object({
        answer: str,
        root: str,
        node: str,
        children: str,
        id: str,
        role: str,
        attributes: nullableStr,
        content: nullableStr,
        version: str,
      }),
      external: {
        type: 'array',
        items: object({
          name: str,
          module: str,
          export: str,
          format: str,
          package: str,
          packageVersion: str,
          protocolVersion: nullableStr,
          kinds: { type: 'array', items: str },
          source,
          schema: { type: 'object' },
          definitions: { type: 'object', additionalProperties: { type: 'object' } },
        }),
      },
    },
    ['$schema'],
  ),
  $defs: {
    Source: object({
      document: str,
      section: nullableStr,
      file: str,
      line: { type: 'integer', minimum: 1 },
      column: { type: 'integer', minimum: 1 },
    }),
    Deprecation: object({ useInstead: nullableStr, useInsteadName: nullableStr, version: str, source }),
    TypeRef: {
      oneOf: [
        object({ kind: { const: 'primitive' }, name: { enum: ['string', 'boolean', 'number'] } }),
        object({ kind: { const: 'named' }, name: str }),
        object({ kind: { const: 'array' }, items: { $ref: '#/$defs/TypeRef' } }),
      ],
    },
    Default: {
      oneOf: [
        { type: 'null' },
        object({ kind: { const: 'value' }, value: bool }),
        object({ kind: { const: 'inherit' }, root: bool }),
      ],
    },
    Field: object(
      {
        name: str,
        notation: str,
        type: { $ref: '#/$defs/TypeRef' },
        required: bool,
        meaning: str,
        default: { $ref: '#/$defs/Default' },
        since: str,
        source,
        deprecated,
      },
      ['deprecated'],
    ),
    Type: {
      oneOf: [
        object({
          name: str,
          kind: { const: 'record' },
          meaning: str,
          fields: { type: 'array', items: { $ref: '#/$defs/Field' } },
          since: str,
          source,
        }),
        object({
          name: str,
          kind: { const: 'enum' },
          meaning: str,
          values: { type: 'array', items: object({ value: str, meaning: str, since: str, source }) },
          since: str,
          source,
        }),
        object({ name: str, kind: { enum: ['roles', 'attributes', 'external'] }, meaning: str, since: str, source }),
      ],
    },
    Rfc: object({
      id: str,
      number: { type: 'integer' },
      title: str,
      summary: str,
      status: str,
      effect: { enum: ['breaking', 'additive', 'editorial'] },
      from: nullableStr,
      version: str,
      supersedesOrAmends: str,
      metadata: { type: 'object', additionalProperties: str },
      sections: { type: 'array', items: object({ number: str, title: str }) },
      body: {
        type: 'array',
        items: object({
          heading: {
            oneOf: [
              { type: 'null' },
              object({ depth: { type: 'integer' }, number: nullableStr, title: str, text: str }),
            ],
          },
          markdown: str,
        }),
      },
      changes: {
        type: 'array',
        items: object({
          rule: str,
          class: { enum: ['breaking', 'additive', 'editorial'] },
          subject: str,
          message: str,
        }),
      },
      source,
    }),
  },
} as const;
