import type { CanonicalModel, TypeRef } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { type OperationShape, type OperationSide, operationShapes } from '../kit/operations.js';

/**
 * The operations as MCP tool definitions, one per operation, in the spec's order: `name` (the operation's),
 * `description` (its Meaning), `inputSchema` (what it takes, an object) and, for an operation that returns a value,
 * `outputSchema` (what it returns, an object). What a tool takes is checked by the strict schema's definitions,
 * since the provider checking it wrote the tool; what it returns by the lenient schema's, since a host's MCP client
 * checks the result against `outputSchema` and must keep what a newer provider adds, as every checker does (a
 * finding, not a refused result). The schema target writes them to generated/schema/tools.json, and every binding
 * carries the same JSON (test/emit/operations.test.ts).
 * The sides' forms are kit/operations.ts's.
 */

type Schema = Record<string, unknown>;

export interface ToolDefinitionJson {
  name: string;
  description: string;
  inputSchema: Schema;
  outputSchema?: Schema;
}

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

function valueSchema(type: TypeRef): Schema {
  if (type.kind === 'array') return { type: 'array', items: valueSchema(type.items) };
  if (type.kind === 'primitive') return { type: type.name };
  return { $ref: `#/$defs/${type.name}` };
}

const refersToDefinitions = (type: TypeRef): boolean =>
  type.kind === 'array' ? refersToDefinitions(type.items) : type.kind === 'named';

/** The answer's two published schemas: the strict one for what a tool takes, the lenient one for what it returns. */
export interface AnswerSchemas {
  strict: Schema;
  lenient: Schema;
}

/** One side's object schema, with the given answer schema's definitions when it names a type. */
function sideSchema(
  model: CanonicalModel,
  answer: Schema,
  operation: string,
  verb: string,
  side: OperationSide,
): Schema {
  // The answer is the published answer schema itself, with the root's role fixed, as it is for any other use.
  if (side.form === 'record' && side.type.name === model.tree.answer) {
    const { $id: _id, $comment: _comment, title: _title, ...schema } = answer;
    return { ...schema, description: `What ${operation} ${verb}: ${answer.title as string}.` };
  }
  const body: Schema =
    side.form === 'record'
      ? { $ref: `#/$defs/${side.type.name}` }
      : {
          properties: {
            [side.key]: { ...valueSchema(side.type), description: `The ${side.notation} ${operation} ${verb}.` },
          },
          required: [side.key],
          additionalProperties: false,
        };
  return {
    $schema: DRAFT,
    type: 'object',
    ...body,
    ...(refersToDefinitions(side.type) ? { $defs: answer.$defs } : {}),
  };
}

function toolOf(model: CanonicalModel, schemas: AnswerSchemas, o: OperationShape): ToolDefinitionJson {
  const inputSchema =
    o.takes === null
      ? { $schema: DRAFT, type: 'object', properties: {}, additionalProperties: false }
      : sideSchema(model, schemas.strict, o.name, 'takes', o.takes);
  return {
    name: o.name,
    description: o.meaning,
    inputSchema,
    ...(o.returns === null ? {} : { outputSchema: sideSchema(model, schemas.lenient, o.name, 'returns', o.returns) }),
  };
}

/**
 * Every operation's tool definition, in the spec's order. `schemas` are the answer's schemas (kit/answer-schema.ts),
 * passed in so this module and the schema target do not import each other; the bindings take both from
 * shared/binding-tools.ts.
 */
export const toolDefinitions = (model: CanonicalModel, schemas: AnswerSchemas): ToolDefinitionJson[] =>
  operationShapes(model).map((o) => toolOf(model, schemas, o));

/** The tool definitions as generated/schema/tools.json holds them. */
export const toolsJson = (model: CanonicalModel, schemas: AnswerSchemas): string =>
  stableJson(toolDefinitions(model, schemas));

/** One tool's schema as JSON text, its keys sorted as tools.json has them. */
export const schemaText = (schema: Schema): string => stableJson(schema).trimEnd();
