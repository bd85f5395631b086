import { MODEL_SCHEMA } from '../../model/schema.js';
import { stableJson } from '../../util/json.js';
import type { EmitFiles } from '../core/target.js';

/**
 * generated/model/: the canonical model as JSON beside its own JSON Schema, and the model of every version the
 * RFCs made (model/versions/0.2.0.json), so older versions stay readable side by side.
 */
export const emitModel: EmitFiles = (model, context) => [
  { path: 'model/model.json', contents: stableJson({ $schema: './model.schema.json', ...model }) },
  { path: 'model/model.schema.json', contents: stableJson(MODEL_SCHEMA) },
  ...context.versions.map((v) => ({
    path: `model/versions/${v.protocolVersion}.json`,
    contents: stableJson({ $schema: '../model.schema.json', ...v }),
  })),
];
