import { stableJson } from '../../util/json.js';
import type { EmitFiles } from '../core/target.js';
import { answerSchema } from '../kit/answer-schema.js';
import { answerSchemas } from '../shared/binding-tools.js';
import { toolsJson } from '../shared/tools.js';

/**
 * generated/schema/: the strict and lenient schemas of the answer, for the current version and each one before,
 * and the operations as MCP tool definitions (tools.json, shared/tools.ts), which every binding carries.
 */
export const emitSchema: EmitFiles = (model, context) => [
  { path: 'schema/tools.json', contents: toolsJson(model, answerSchemas(model)) },
  { path: 'schema/answer.strict.schema.json', contents: stableJson(answerSchema(model, 'strict')) },
  { path: 'schema/answer.lenient.schema.json', contents: stableJson(answerSchema(model, 'lenient')) },
  ...context.versions.flatMap((v) =>
    (['strict', 'lenient'] as const).map((kind) => ({
      path: `schema/versions/${v.protocolVersion}/answer.${kind}.schema.json`,
      contents: stableJson(answerSchema(v, kind)),
    })),
  ),
];
