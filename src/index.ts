// Library entry: embed biointel's server or tools in another Node program.
export { loadConfig, type Config } from './config.js';
export { createContext, type AppContext } from './context.js';
export { createMcpServer } from './server/mcp.js';
export { startHttpServer } from './server/http-server.js';
export { tools, findTool } from './tools/index.js';
export { VERSION } from './version.js';
