// Peak memory of check, in a process of its own: heap growth while checking, against the text's size.
import { readFile } from 'node:fs/promises';
const [file, sdkPath] = process.argv.slice(2);
const { check } = await import(sdkPath);
const text = await readFile(file, 'utf8');
const answer = JSON.parse(text);
globalThis.gc();
const before = process.memoryUsage().heapUsed;
let peak = before;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 1);
const findings = check(answer);
peak = Math.max(peak, process.memoryUsage().heapUsed);
clearInterval(sampler);
process.stdout.write(JSON.stringify({ textBytes: Buffer.byteLength(text), checkBytes: peak - before, findings: findings.length }));
