// The stdio server's start, what desktop assistants launch: its own build (dist/stdio/,
// tsup.config.ts) that src/cli.ts imports only for that command. Node then reads a dozen files
// before the first answer instead of the dozens of shared chunks the commands' build splits into.
//
// The context (source clients, store, NLI service) is built after the first answers, not before
// (server/deferred-context.ts): the tool registry is all that initialize and tools/list need.
// test/integration/start-graph.test.ts keeps the analyses, sources and store out of what loads first.
import { configFromFlags, type GlobalFlags } from './cli/flags.js';
import { reportError } from './cli/output.js';
import { configSecrets, type Config } from './config.js';
import { createLogger } from './log.js';
import { deferContext } from './server/deferred-context.js';
import { runStdioServer } from './server/stdio.js';

export async function serveStdio(flags: GlobalFlags): Promise<number> {
  let config: Config;
  try {
    config = configFromFlags(flags);
  } catch (err) {
    return reportError(err);
  }
  const secrets = configSecrets(config);
  const log = createLogger(config.logLevel, { secrets });
  const context = deferContext(config, log, async () => (await import('./context.js')).createContext(config, { log }));
  try {
    await runStdioServer(context);
  } catch (err) {
    await context.close().catch(() => undefined);
    return reportError(err, secrets);
  }
  return new Promise<number>(() => undefined); // the transport keeps the process alive
}
