import type { Options } from 'ajv';
import { hashOf, precompiled, requireModule } from '../precompile/precompiled.js';
import { MODEL_SCHEMA } from './schema.js';
import type { CanonicalModel } from './types.js';

type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

export const MODEL_VALIDATOR_OPTIONS: Options = { allErrors: true, strict: true };

let validator: Validator | undefined;

/** The build's standalone validator when it was made from this schema; else ajv compiles one (ajv loads only then). */
function modelValidator(): Validator {
  const stored = precompiled<Validator & { schemaHash?: string }>('model-validator.cjs');
  if (stored && stored.schemaHash === hashOf(JSON.stringify(MODEL_SCHEMA))) return stored;
  const { Ajv2020 } = requireModule<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
  return new Ajv2020(MODEL_VALIDATOR_OPTIONS).compile(MODEL_SCHEMA) as Validator;
}

/** Problems with a model against the model schema, as "path: message" lines; empty when it is valid. */
export function modelProblems(model: unknown): string[] {
  validator ??= modelValidator();
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
