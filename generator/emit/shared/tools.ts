import type { CanonicalModel, TypeRef } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { type OperationShape, type OperationSide, operationShapes } from '../kit/operations.js';

/**
 * The operations as MCP tool definitions, one per operation, in the spec's order: `name` (the operation's),
 * `description` (its Meaning), `inputSchema` (what it takes, an object) and, for an operation that returns a value,
 * `outputSchema` (what it returns, an object; the answer's strict schema for the answer). The schema target writes
 * them to generated/schema/tools.json, and every binding carries the same JSON (test/operations.test.ts).
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

const refersToDefinitions = (type: TypeRef): boolean => (type.kind === 'array' ? refersToDefinitions(type.items) : type.kind === 'named');

/** One side's object schema, with the strict schema's definitions when it names a type. */
function sideSchema(model: CanonicalModel, strict: Schema, operation: string, verb: string, side: OperationSide): Schema {
  // The answer is the published answer schema itself, with the root's role fixed, as it is for any other use.
  if (side.form === 'record' && side.type.name === model.tree.answer) {
    const { $id: _id, $comment: _comment, title: _title, ...schema } = strict;
    return { ...schema, description: `What ${operation} ${verb}: ${strict.title as string}.` };
  }
  const body: Schema = side.form === 'record'
    ? { $ref: `#/$defs/${side.type.name}` }
    : {
        properties: { [side.key]: { ...valueSchema(side.type), description: `The ${side.notation} ${operation} ${verb}.` } },
        required: [side.key],
        additionalProperties: false,
      };
  return { $schema: DRAFT, type: 'object', ...body, ...(refersToDefinitions(side.type) ? { $defs: strict.$defs } : {}) };
}

function toolOf(model: CanonicalModel, strict: Schema, o: OperationShape): ToolDefinitionJson {
  const inputSchema = o.takes === null ? { $schema: DRAFT, type: 'object', properties: {}, additionalProperties: false } : sideSchema(model, strict, o.name, 'takes', o.takes);
  return {
    name: o.name,
    description: o.meaning,
    inputSchema,
    ...(o.returns === null ? {} : { outputSchema: sideSchema(model, strict, o.name, 'returns', o.returns) }),
  };
}

/**
 * Every operation's tool definition, in the spec's order. `strict` is the answer's strict schema (the schema
 * target's `answerSchema`), passed in so this module and the schema target do not import each other; the
 * bindings take both from shared/binding-tools.ts.
 */
export const toolDefinitions = (model: CanonicalModel, strict: Schema): ToolDefinitionJson[] => operationShapes(model).map((o) => toolOf(model, strict, o));

/** The tool definitions as generated/schema/tools.json holds them. */
export const toolsJson = (model: CanonicalModel, strict: Schema): string => stableJson(toolDefinitions(model, strict));

/** One tool's schema as JSON text, its keys sorted as tools.json has them. */
export const schemaText = (schema: Schema): string => stableJson(schema).trimEnd();
