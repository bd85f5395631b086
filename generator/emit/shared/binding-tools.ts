import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from '../kit/answer-schema.js';
import { type AnswerSchemas, type ToolDefinitionJson, toolDefinitions } from './tools.js';

/**
 * The tool definitions a binding carries: the same as generated/schema/tools.json (the schema target's), made
 * from the same model and the same answer schema, so every binding and the published file agree
 * (test/emit/operations.test.ts compares them).
 */
export const bindingTools = (model: CanonicalModel): ToolDefinitionJson[] =>
  toolDefinitions(model, answerSchemas(model));

/** The answer's strict and lenient schemas, as the schema target publishes them. */
export const answerSchemas = (model: CanonicalModel): AnswerSchemas => ({
  strict: answerSchema(model, 'strict'),
  lenient: answerSchema(model, 'lenient'),
});
