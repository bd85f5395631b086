import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, ROOT } from './helpers/spec.js';

// What every generated package ships beside its code, as its ecosystem expects of a published package.
const PACKAGES = ['typescript', 'python', 'swift', 'kotlin'];

describe('every generated package', () => {
  it.each(PACKAGES)('%s ships the repository\'s LICENSE and a README', async (name) => {
    const root = await readFile(join(ROOT, 'LICENSE'), 'utf8');
    expect(root).toContain('Apache License');
    expect(await readFile(join(GENERATED, name, 'LICENSE'), 'utf8')).toBe(root);
    expect((await readFile(join(GENERATED, name, 'README.md'), 'utf8')).length).toBeGreaterThan(200);
  });
});
