// npm run docs: regenerate the README's tool, configuration and source tables from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderReadme } from '../src/docs.js';
import { tools } from '../src/tools/index.js';

const file = new URL('../README.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = renderReadme(before, tools);
writeFileSync(file, after);
process.stderr.write(before === after ? 'README.md already up to date\n' : 'README.md updated\n');
