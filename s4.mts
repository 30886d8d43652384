import { tools } from './src/tools/index.js';
import { listedTool } from './src/server/tool-list.js';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
for (const t of tools) { const l = listedTool(t); console.log(t.name, 'all', countTokens(JSON.stringify(l)), 'in', countTokens(JSON.stringify(l.inputSchema)), 'out', countTokens(JSON.stringify(l.outputSchema)), 'desc', countTokens(l.description)); }
if (process.argv[2]) { const l = listedTool(tools.find((t) => t.name === process.argv[2])!); for (const [k, v] of Object.entries((l.outputSchema as any).properties)) console.log('  ', k, countTokens(JSON.stringify(v)), JSON.stringify(v).slice(0, 300)); console.log(JSON.stringify(l.inputSchema)); }
