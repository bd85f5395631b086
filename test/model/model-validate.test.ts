import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelJson, modelProblems } from '../../generator/model/validate.js';
import { GENERATED } from '../helpers/spec.js';

// The model schema's verdicts as lines a maintainer reads: the path (or / for the model itself) and ajv's message.
describe('modelProblems and loadModelJson', () => {
  it('name the model itself as / and a nested value by its path', () => {
    const problems = modelProblems({});
    expect(problems.length).toBeGreaterThan(1);
    expect(problems[0]).toMatch(/^\/: must have required property '\w+'$/);
    expect(modelProblems({ protocolVersion: 5 })).toContain('/protocolVersion: must be string');
  });

  it('loadModelJson gives back a valid model and refuses an invalid one with every problem listed', async () => {
    const text = await readFile(join(GENERATED, 'model/model.json'), 'utf8');
    expect(loadModelJson(text)).toEqual(JSON.parse(text));
    expect(() => loadModelJson('{}')).toThrow(/^The model does not match its schema:\n\/: must have required property/);
    expect(() => loadModelJson('{')).toThrow(SyntaxError);
  });
});
