// The only way src/ writes diagnostics: to stderr, because stdout is the MCP channel in stdio mode.
// Every line passes through redact() so API keys and e-mail addresses never reach a log.

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export interface Logger {
  level: LogLevel;
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

const SECRET_PARAMS = /([?&](?:api_key|apikey|api-key|key|token|email)=)[^&\s"']*/gi;
const SECRET_HEADERS = /("?(?:x-api-key|authorization)"?\s*[:=]\s*"?)[^"\s,}]+/gi;
/** biointel API keys (src/store/keys.ts), wherever they appear: a path, a message, a pasted header. */
const API_KEYS = /bik_[A-Za-z0-9_-]{32}/g;

/** Removes secrets from text: query parameters, header values and any extra literal secrets. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(SECRET_PARAMS, '$1***').replace(SECRET_HEADERS, '$1***').replace(API_KEYS, 'bik_***');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}

export function createLogger(
  level: LogLevel = 'warn',
  options: { secrets?: readonly string[]; write?: (line: string) => void } = {},
): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const secrets = options.secrets ?? [];
  const logger: Logger = {
    level,
    error: (msg, fields) => emit('error', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    debug: (msg, fields) => emit('debug', msg, fields),
  };
  function emit(at: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (ORDER[at] > ORDER[logger.level]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : '';
    write(redact(`[biointel] ${at}: ${msg}${extra}\n`, secrets));
  }
  return logger;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? v.message : v));
  } catch {
    return String(value);
  }
}
