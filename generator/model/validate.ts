import { Ajv2020 } from 'ajv/dist/2020.js';
import { MODEL_SCHEMA } from './schema.js';
import type { CanonicalModel } from './types.js';

let validator: ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null } | undefined;

/** Problems with a model against the model schema, as "path: message" lines; empty when it is valid. */
export function modelProblems(model: unknown): string[] {
  validator ??= new Ajv2020({ allErrors: true, strict: true }).compile(MODEL_SCHEMA);
  if (validator(model)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}

/** Parses and validates a model read from generated/model/model.json. */
export function loadModelJson(text: string): CanonicalModel {
  const model = JSON.parse(text) as unknown;
  const problems = modelProblems(model);
  if (problems.length) throw new Error(`The model does not match its schema:\n${problems.join('\n')}`);
  return model as CanonicalModel;
}
