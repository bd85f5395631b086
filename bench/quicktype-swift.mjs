// The peer: quicktype-core turning the same JSON Schema into Swift alone, in a fresh process.
import { readFile } from 'node:fs/promises';
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, quicktype } from 'quicktype-core';

const schema = await readFile(process.argv[2] ?? 'generated/schema/answer.lenient.schema.json', 'utf8');
const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
await input.addSource({ name: 'Answer', schema });
const data = new InputData();
data.addInput(input);
const result = await quicktype({ inputData: data, lang: 'swift' });
if (result.lines.length < 10) throw new Error('quicktype produced nothing');
