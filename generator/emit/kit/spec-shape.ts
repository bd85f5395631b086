import { z } from 'zod';

/**
 * The shape of the spec data (what a binding's checker and reader read, one value per protocol version), declared
 * once. The kit builds the data (./spec-data.ts) as this type, checks it against this schema, and every language
 * prints its declarations and literals from it (./data-printer.ts), so a field added here reaches every binding.
 *
 * Each named type carries `meta({ id })`, its name in every language, and a `description`, its doc comment; a
 * field's `describe()` is its doc comment. A tagged union is a `discriminatedUnion` on `kind` whose members are
 * named too, for the languages that declare a type per member.
 */

const named = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description });

export type TypeShape =
  | { kind: 'primitive'; name: 'string' | 'boolean' | 'number' }
  | { kind: 'named'; name: string }
  | { kind: 'array'; items: TypeShape };

export const TypeShapeSchema: z.ZodType<TypeShape> = named(
  z.lazy(() =>
    z.discriminatedUnion('kind', [
      named(
        z.object({ kind: z.literal('primitive'), name: z.enum(['string', 'boolean', 'number']) }),
        'Primitive',
        "One of JSON's primitive types.",
      ),
      named(
        z.object({ kind: z.literal('named'), name: z.string() }),
        'Named',
        'A type the spec declares, by its name.',
      ),
      named(z.object({ kind: z.literal('array'), items: TypeShapeSchema }), 'ArrayOf', 'An array of one type.'),
    ]),
  ),
  'TypeShape',
  "A field's type, as the spec writes it: a primitive, a named type, or an array of one.",
);

export type NestedShape = {
  type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'any';
  ref?: string | undefined;
  name?: string | undefined;
  enum?: string[] | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  bounds?: string | undefined;
  pattern?: string | undefined;
  form?: string | undefined;
  items?: NestedShape | undefined;
  properties?: { name: string; shape: NestedShape }[] | undefined;
  required?: string[] | undefined;
  members?: { name: string; key: string }[] | undefined;
};

const NestedMemberSchema = named(
  z.object({ name: z.string(), key: z.string() }),
  'NestedMember',
  'One of several named shapes an object may be, and the key only it requires.',
);

export const NestedShapeSchema: z.ZodType<NestedShape> = named(
  z.lazy(() =>
    z.object({
      type: z
        .enum(['string', 'number', 'boolean', 'object', 'array', 'any'])
        .describe('The JSON type the value must have; `any` checks nothing.'),
      ref: z
        .string()
        .optional()
        .describe('An object that is one of the named shapes (`shapes`), where its properties are.'),
      name: z.string().optional().describe("A named shape's own name, for its messages."),
      enum: z.array(z.string()).optional().describe('The strings a string may be.'),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      bounds: z.string().optional().describe('How a message says the bounds ("from 0 to 1").'),
      pattern: z.string().optional().describe("A pattern every binding's regular expressions read alike."),
      form: z.string().optional().describe('What a message calls the pattern.'),
      items: NestedShapeSchema.optional(),
      properties: z.array(NestedPropertySchema).optional(),
      required: z.array(z.string()).optional(),
      members: z
        .array(NestedMemberSchema)
        .optional()
        .describe('One of several named shapes, each told by a key only it requires.'),
    }),
  ),
  'NestedShape',
  "What MCP's schema says inside a content block's nested object or array, for the checker to walk.",
);

const NestedPropertySchema: z.ZodType<{ name: string; shape: NestedShape }> = named(
  z.lazy(() => z.object({ name: z.string(), shape: NestedShapeSchema })),
  'NestedProperty',
  'A property and what its value must be.',
);

const StateDefaultSchema = named(
  z.discriminatedUnion('kind', [
    named(z.object({ kind: z.literal('value'), value: z.boolean() }), 'Value', 'An absent state reads as this value.'),
    named(
      z.object({ kind: z.literal('inherit'), root: z.boolean() }),
      'Inherit',
      "An absent state reads as the parent's, and at the top of the tree as this value.",
    ),
  ]),
  'StateDefault',
  "What an absent state reads as: a value, or the parent's value (with the root's own).",
);

const FieldRuleSchema = named(
  z.object({ name: z.string(), required: z.boolean(), type: TypeShapeSchema }),
  'FieldRule',
  'A field of a record: its name, whether it is required, and its type.',
);

export const SpecDataSchema = named(
  z.object({
    version: z.string().describe('The protocol version these rules are.'),
    readsAlso: z
      .array(z.string())
      .describe(
        'Older versions, never released, whose answers are answers of this one (only Additive or Editorial RFCs since): an answer naming one is checked by these rules, with no version finding.',
      ),
    roles: z.array(z.string()).describe("Every role of the role language, in the spec's order."),
    roleRules: named(
      z.object({ root: z.string(), unknown: z.string(), fallback: z.string() }),
      'RoleRules',
      "The root's role, the role an unknown one is read as, and the fallback of the role mapping.",
    ),
    states: z.array(
      named(
        z.object({ name: z.string(), default: StateDefaultSchema, reachable: z.boolean(), path: z.boolean() }),
        'StateRule',
        "A state of an element: its default, whether it must be reachable from the root, and whether it forms a path from the root's child down.",
      ),
    ),
    tree: named(
      z.object({
        answer: z.string(),
        root: z.string(),
        node: z.string(),
        children: z.string(),
        id: z.string(),
        role: z.string(),
        attributes: z.string().nullable(),
        content: z.string().nullable(),
        version: z.string().describe("The answer's field that holds the protocol version."),
      }),
      'Tree',
      'How the answer forms a tree: the answer type, its root field, the element type and its children, id, role, attributes and content fields, and the version field.',
    ),
    typeKinds: z
      .record(
        z.string(),
        named(
          z.enum(['record', 'enum', 'roles', 'attributes', 'external']),
          'TypeKind',
          'What kind of type the spec declares.',
        ),
      )
      .describe("Each declared type's kind, by name."),
    enums: z
      .record(z.string(), z.array(z.string()))
      .describe("Each enum's values, by the enum's name, in the spec's order."),
    records: z
      .record(z.string(), z.array(FieldRuleSchema))
      .describe("Each record's fields, by the record's name, in the spec's order."),
    reservedAttributes: z.array(
      named(
        z.object({ name: z.string(), type: TypeShapeSchema }),
        'AttributeRule',
        'A reserved attribute and its type.',
      ),
    ),
    removed: z.array(
      named(
        z.object({
          name: z.string(),
          from: z.string(),
          replacedBy: z.string().nullable(),
          version: z.string(),
          states: z.array(z.string()),
        }),
        'RemovedField',
        'A name a version removed from a type (a field, role or reserved attribute), and what replaced it (null: nothing did); `states` are the element states it moved.',
      ),
    ),
    deprecated: z
      .array(
        named(
          z.object({ name: z.string(), from: z.string(), useInstead: z.string().nullable(), version: z.string() }),
          'DeprecatedName',
          'A name a version deprecated (a field, role or reserved attribute, by the type it stands in), and what to use instead.',
        ),
      )
      .describe('Deprecated names an answer can hold, aliases too.'),
    aliases: z
      .array(
        named(
          z.object({ name: z.string(), role: z.string() }),
          'RoleAlias',
          'A removed role a receiver still reads, as the role that replaced it.',
        ),
      )
      .describe('Removed roles a receiver still reads.'),
    contentTag: z.string().describe("The content block's property whose value names its kind."),
    contentKinds: z.array(
      named(
        z.object({
          type: z.string().describe('The tag that names the kind.'),
          name: z.string().describe("The kind's name in MCP's schema."),
          required: z.array(z.string()),
          properties: z.record(z.string(), z.string()).describe('Each property\'s JSON type ("any" for no check).'),
          alternatives: z.array(
            named(
              z.object({ property: z.string(), members: z.array(NestedMemberSchema) }),
              'Alternatives',
              'A property that holds one of several shapes, each known by a key only it has.',
            ),
          ),
          nested: z
            .array(NestedPropertySchema)
            .describe("The properties whose inside MCP's schema describes (annotations, an embedded resource, icons)."),
        }),
        'ContentKind',
        'A kind of content block: its tag, its required properties, and what each property holds.',
      ),
    ),
    shapes: z
      .record(z.string(), NestedShapeSchema)
      .describe("MCP's object shapes that the content kinds' nested properties name (`ref`), by name."),
    requirements: z.array(
      named(
        z.object({
          id: z.string(),
          requirement: z.string(),
          check: z.string(),
          checkable: z.boolean(),
          rule: z.string().nullable(),
        }),
        'Requirement',
        'A requirement of the spec, and the rule the checker reports it under (null where no checker can).',
      ),
    ),
  }),
  'SpecData',
  'The rules of one protocol version that the reader and the checker apply.',
);

/** The checker's and the reader's data for one protocol version, the same in every binding. */
export type SpecData = z.infer<typeof SpecDataSchema>;
