// Checking a 100,000-element answer, in a process of its own so that what the bench's earlier parts left in the
// heap lands on neither side: check, ajv's compiled strict schema, JSON.parse and parseAnswer of the same text,
// timed in turns: each once a round after one untimed round, so the two sides of a ratio share the machine's
// state and the heap's. Prints the times as JSON.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { realisticAnswer } from './answer.mjs';

const [root, sdkPath, runs] = process.argv.slice(2);
const { check, parseAnswer } = await import(sdkPath);
// Through JSON text, as a host receives it (strings built in memory hash differently from parsed ones).
const text = JSON.stringify(realisticAnswer(100_000));
const answer = JSON.parse(text);
const { Ajv2020 } = await import('ajv/dist/2020.js');
const { default: addFormats } = await import('ajv-formats');
// Formats too (the schema's date-time), so that ajv checks all the schema says.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));
const strict = ajv.compile(JSON.parse(await readFile(join(root, 'generated/schema/answer.strict.schema.json'), 'utf8')));
if (check(answer).some((f) => f.severity === 'error') || !strict(answer)) throw new Error('the bench answer is not valid');

const fns = {
  check: () => check(answer),
  ajv: () => strict(answer),
  parse: () => JSON.parse(text),
  parseAnswer: () => parseAnswer(text),
};
for (const fn of Object.values(fns)) fn();
const times = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
for (let i = 0; i < Number(runs); i++) {
  for (const [k, fn] of Object.entries(fns)) {
    const t = performance.now();
    fn();
    times[k].push(performance.now() - t);
  }
}
process.stdout.write(JSON.stringify({ textBytes: Buffer.byteLength(text), times }));
