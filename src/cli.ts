// The biointel binary. No arguments: the stdio MCP server (what desktop assistants launch).
// Subcommands run the same tool handlers and stores for people and CI scripts.
//
// Start-up cost is paid only for what a command needs: this file and the command definitions load
// commander alone, and every action imports its implementation when it runs, so `biointel --help`
// loads neither zod, the MCP SDK, the spinner nor the store, and the stdio server loads its own
// build (src/stdio-main.ts; test/integration/startup.test.ts checks what each path loads).
import { Command, CommanderError, Option } from 'commander';
import { addAdminCommands } from './cli/admin-commands.js';
import { addAnalyzeCommand } from './cli/analyze-command.js';
import { addCompareCommand } from './cli/compare-command.js';
import type { EnrichFlags } from './cli/enrich.js';
import { ANSWER_EXIT_HELP, EXIT } from './cli/exit.js';
import { addGenesCommands } from './cli/genes-commands.js';
import { addKeyCommands } from './cli/key-commands.js';
import type { GlobalFlags } from './cli/run-tool.js';
import { addRepurposeCommand } from './cli/repurpose-command.js';
import { addSnapshotCommands } from './cli/snapshot-commands.js';
import { DEFAULT_LIBRARIES } from './genesets/defaults.js';
import { VERSION } from './version.js';

function buildProgram(): Command {
  const program = new Command('biointel')
    .description('Evidence-grounded biomedical analysis: an MCP server (stdio by default) and terminal commands.')
    .version(VERSION)
    .option('--data-dir <dir>', 'data directory (cache, snapshots, models); env BIOINTEL_DATA_DIR')
    .option('--no-cache', 'do not read or write the upstream response cache; env BIOINTEL_CACHE=off')
    .addOption(new Option('--log-level <level>', 'log level (stderr)').choices(['silent', 'error', 'warn', 'info', 'debug']))
    .option('--nli-model <id-or-dir>', 'NLI model: hub id or local folder; env BIOINTEL_NLI_MODEL')
    .option('--record-dir <dir>', 'record every upstream exchange into <dir>; env BIOINTEL_RECORD_DIR')
    .option('--replay-dir <dir>', 'answer upstream requests only from recordings in <dir>; env BIOINTEL_REPLAY_DIR')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .usage('[options] [command]')
    .argument('[command]', 'one of the commands below; none runs the stdio MCP server')
    .action(async (unknown: string | undefined, _opts, cmd: Command) => {
      if (unknown !== undefined) {
        const { reportError, UsageError } = await import('./cli/output.js');
        process.exitCode = reportError(new UsageError(`unknown command "${unknown}" (run biointel --help for the list)`));
        return;
      }
      process.exitCode = await serveStdio(cmd.optsWithGlobals());
    });

  program
    .command('serve')
    .description('Run the MCP server: stdio (default) or streamable HTTP with the public endpoints')
    .option('--http', 'serve HTTP (POST /mcp, /.well-known/mcp.json, /api/nli/status, /healthz) instead of stdio')
    .option('--host <host>', 'HTTP bind address; env BIOINTEL_HOST (default 127.0.0.1)')
    .option('--port <port>', 'HTTP port; env BIOINTEL_PORT (default 8787)')
    .option('--cors-origin <origins...>', "browser origins allowed to call the server besides its own loopback origin, e.g. the page embedding the widget (scheme://host[:port]; repeat or comma-separate); env BIOINTEL_CORS_ORIGINS")
    .addHelpText(
      'after',
      '\nAnonymous callers get the free tier; API keys (biointel keys create) select theirs through X-API-Key.' +
        '\nLimits: BIOINTEL_FREE_DAILY_LIMIT, BIOINTEL_*_RATE_PER_MINUTE, BIOINTEL_MAX_CONCURRENT_ANALYSES (see the README).' +
        '\n\nExample:\n  biointel serve --http --port 8787 --cors-origin https://lab.example.org',
    )
    .action(async (opts: { http?: boolean; host?: string; port?: string; corsOrigin?: string[] }, cmd: Command) => {
      const flags = cmd.optsWithGlobals<GlobalFlags>();
      if (!opts.http) {
        process.exitCode = await serveStdio(flags);
        return;
      }
      const { withContext, splitList } = await import('./cli/run-tool.js');
      const { runHttpServer } = await import('./server/http-server.js');
      const origins = splitList(opts.corsOrigin);
      const code = await withContext({ ...flags, ...(origins ? { corsOrigins: origins } : {}) }, async (ctx) => {
        const host = opts.host ?? ctx.config.host;
        const port = opts.port === undefined ? ctx.config.port : await parsePort(opts.port);
        await runHttpServer(ctx, { host, port });
        return new Promise<number>(() => undefined); // runs until a signal stops the process
      });
      process.exitCode = code;
    });

  program
    .command('verify')
    .description('Verify a biomedical claim against PubMed (svc_verify_claim)')
    .argument('<claim>', 'the claim, in quotes')
    .option('--pmids <ids...>', 'PMIDs cited for the claim (space or comma separated); omit to search PubMed')
    .option('--genes <symbols...>', 'gene symbols that focus the PubMed search')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 every statement supported; 3 judged and not supported (unsupported, contested, contradicted, hallucinated, or a statement of a supported claim not supported); 1 not verified (unverifiable or unjudged: PubMed failed, no abstract, no NLI model); 2 usage error.\n\nExample:\n  biointel verify "Trametinib improves survival in BRAF-mutated melanoma" --pmids 22663011')
    .action(async (claim: string, opts: { pmids?: string[]; genes?: string[]; json?: boolean }, cmd: Command) => {
      const [{ runTool, splitList }, { verifyClaimTool }, { renderVerify }, { verifyExitCode }] = await Promise.all([
        import('./cli/run-tool.js'),
        import('./tools/verify-claim/tool.js'),
        import('./cli/render/verify.js'),
        import('./cli/verify-exit.js'),
      ]);
      const args: Record<string, unknown> = { claim };
      const pmids = splitList(opts.pmids);
      const genes = splitList(opts.genes);
      if (pmids) args.pmids = pmids;
      if (genes) args.geneContext = genes;
      process.exitCode = await runTool(verifyClaimTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderVerify, { exitCode: verifyExitCode });
    });

  program
    .command('brief')
    .description('One-page brief on a gene as a drug target (svc_get_target_brief)')
    .argument('<gene>', 'gene symbol, e.g. EGFR (aliases and previous symbols are resolved through HGNC)')
    .option('--disease <text>', 'disease context for associations, trials and drug indications (default "cancer")')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel brief TP53 --disease "breast cancer"' + ANSWER_EXIT_HELP)
    .action(async (gene: string, opts: { disease?: string; json?: boolean }, cmd: Command) => {
      const [{ runTool }, { targetBriefTool }, { renderBrief }] = await Promise.all([
        import('./cli/run-tool.js'),
        import('./tools/target-brief/tool.js'),
        import('./cli/render/brief.js'),
      ]);
      const args: Record<string, unknown> = { gene, ...(opts.disease === undefined ? {} : { diseaseContext: opts.disease }) };
      process.exitCode = await runTool(targetBriefTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderBrief);
    });

  program
    .command('plan')
    .description('Validation plan for a hypothesis: in vitro, in vivo, translational (svc_generate_validation_plan)')
    .argument('<hypothesis>', 'the hypothesis, in quotes')
    .option('--genes <symbols...>', 'gene symbols the hypothesis is about, when the text does not name them')
    .option('--disease <text>', 'the disease, when the text does not name it (overrides the text)')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  biointel plan "Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC"\n  biointel plan "PARP1 inhibition is synthetically lethal with BRCA1 loss" --disease "breast cancer"' + ANSWER_EXIT_HELP)
    .action(async (hypothesis: string, opts: { genes?: string[]; disease?: string; json?: boolean }, cmd: Command) => {
      const [{ runTool, splitList }, { validationPlanTool }, { renderPlan }] = await Promise.all([
        import('./cli/run-tool.js'),
        import('./tools/validation-plan/tool.js'),
        import('./cli/render/plan.js'),
      ]);
      const genes = splitList(opts.genes);
      const args: Record<string, unknown> = { hypothesis, ...(genes ? { geneContext: genes } : {}), ...(opts.disease === undefined ? {} : { diseaseContext: opts.disease }) };
      process.exitCode = await runTool(validationPlanTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderPlan);
    });

  program
    .command('enrich')
    .description('Gene-set over-representation of a gene panel (hypergeometric p, Benjamini-Hochberg q per library)')
    .option('--genes <symbols...>', 'gene symbols (space or comma separated, at most 500), used exactly as given: no HGNC alias resolution here (svc_generate_insights / analyze do that)')
    .option('--gene-sets <files...>', 'GMT files to test (comma separated); the library name is the file name without extension; env BIOINTEL_GENESETS adds files to the defaults')
    .option('--libraries <names...>', `Enrichr libraries to test (default: ${DEFAULT_LIBRARIES.join(', ')}); "defaults" stands for that list`)
    .option('--all', 'list every tested set with at least one panel gene, not only q <= 0.05')
    .option('--top <n>', 'rows shown per library (default 20)')
    .option('--refresh-libraries', 're-download the Enrichr libraries into the local cache (kept forever otherwise)')
    .option('--list-libraries', 'list the local gene-set library cache and exit')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\nLibraries are downloaded once into <data-dir>/genesets/<Name>.gmt (with <Name>.json: URL, date, sha256)' +
        '\nand read from there afterwards, offline included. --gene-sets or --libraries replace the defaults.' +
        '\n\nExamples:\n  biointel enrich --genes TP53,BRCA1,BRCA2,ATM,CHEK2,PALB2' +
        '\n  biointel enrich --genes TP53 MDM2 CDKN1A --gene-sets my_sets.gmt --all --json',
    )
    .action(async (opts: EnrichFlags, cmd: Command) => {
      const { runEnrich } = await import('./cli/enrich.js');
      process.exitCode = await runEnrich(opts, cmd.optsWithGlobals<GlobalFlags>());
    });

  addAnalyzeCommand(program);
  addCompareCommand(program);
  addRepurposeCommand(program);
  addSnapshotCommands(program);
  addKeyCommands(program);
  addAdminCommands(program);
  addGenesCommands(program);
  return program;
}

async function serveStdio(flags: GlobalFlags): Promise<number> {
  // The stdio server's own build in dist/stdio/ (see stdio-main.ts).
  const { serveStdio: serve } = await import('./stdio-main.js');
  return serve(flags);
}

async function parsePort(value: string): Promise<number> {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    const { UsageError } = await import('./cli/output.js');
    throw new UsageError(`--port: expected an integer 0-65535, got "${value}"`);
  }
  return port;
}

async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`biointel analyze ... | head`) closes the pipe: an unhandled EPIPE
  // crashed the process with a stack trace. Stop writing and exit with the code already set.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(process.exitCode ?? EXIT.ok);
  });
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version are "errors" to commander with exit code 0.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    const { reportError } = await import('./cli/output.js');
    process.exitCode = reportError(err);
  }
}

await main(process.argv);
