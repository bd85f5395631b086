// The floor for `validate`: a process that reads the answer file named by argv[2] and JSON.parses it, nothing else.
import { readFile } from 'node:fs/promises';

JSON.parse(await readFile(process.argv[2], 'utf8'));
