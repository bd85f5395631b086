import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';

/** The JSON Schemas, as generated, under schema/. */
export const schemas: Packer = {
  name: 'schema',
  async pack({ out, dest }) {
    const schemas = (await readdir(join(out, 'schema'))).filter((f) => f.endsWith('.json')).sort();
    await mkdir(join(dest, 'schema'), { recursive: true });
    for (const f of schemas) await copyFile(join(out, 'schema', f), join(dest, 'schema', f));
    return schemas.map((f) => ({ package: 'schema', file: `schema/${f}`, checks: ['as generated'] }));
  },
};

/** The canonical model of the version, as generated. */
export const model: Packer = {
  name: 'model',
  async pack({ out, dest }) {
    await copyFile(join(out, 'model/model.json'), join(dest, 'model.json'));
    return [{ package: 'model', file: 'model.json', checks: ['as generated'] }];
  },
};
