#!/usr/bin/env node
// The command-line entry. The generator is written in TypeScript and built into dist/ by `npm run build`.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
