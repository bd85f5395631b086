// Writes a prepared set of files with the toolchain's writer; the fault test kills it at random moments.
import { readFile } from 'node:fs/promises';
import { writeTree } from '../../dist/write/tree.js';

const [filesJson, outDir] = process.argv.slice(2);
const files = JSON.parse(await readFile(filesJson, 'utf8'));
await writeTree(outDir, files);
