import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from '../kit/answer-schema.js';
import { type ToolDefinitionJson, toolDefinitions } from './tools.js';

/**
 * The tool definitions a binding carries: the same as generated/schema/tools.json (the schema target's), made
 * from the same model and the same answer schema, so every binding and the published file agree
 * (test/operations.test.ts compares them).
 */
export const bindingTools = (model: CanonicalModel): ToolDefinitionJson[] => toolDefinitions(model, answerSchema(model, 'strict'));
