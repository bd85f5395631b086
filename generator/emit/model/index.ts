import { MODEL_SCHEMA } from '../../model/schema.js';
import { stableJson } from '../../util/json.js';
import type { Emit } from '../types.js';

/** generated/model/: the canonical model as JSON beside its own JSON Schema. */
export const emitModel: Emit = (model) => [
  { path: 'model/model.json', contents: stableJson({ $schema: './model.schema.json', ...model }) },
  { path: 'model/model.schema.json', contents: stableJson(MODEL_SCHEMA) },
];
