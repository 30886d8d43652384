// The widget's one request: svc_generate_insights through POST {base}/mcp in the plain JSON form of
// DESIGN.md 2.2, and every way it can fail turned into a message a page visitor can act on.

export interface InsightsLike {
  snapshotId?: string;
  genes?: string[];
  diseaseContext?: string;
  qualityScore?: number;
  enrichedPathways?: { id?: string; name: string; library?: string; q: number }[];
  drugCandidates?: { name: string; tier?: string; score?: number; chemblId?: string | null }[];
  drugAnalysisNote?: string;
  unresolvedGenes?: string[];
  warnings?: string[];
  /** Whether enrichment ran (not_computed: no library could be loaded). */
  enrichmentStatus?: { state: 'computed' | 'partial' | 'not_computed'; failed?: { library: string; error: string }[] };
  /**
   * Libraries loaded; n = panel genes in the library, tested = its sets of the sizes tested (n or
   * tested 0: the library tested nothing); significant = its sets at q <= 0.05.
   */
  enrichment?: { library: string; n: number; tested?: number; significant?: number }[];
  /** Lists the answer cut to their top items (enrichedPathways: 10 shown of the up to 25 the snapshot keeps). */
  omitted?: Record<string, { shown: number; total: number }>;
  /** Sources consulted and how they answered: a failed drug source is not "no drug found". */
  sources?: { id: string; status: string }[];
}

export type Failure = {
  kind: 'quota' | 'auth' | 'busy' | 'network' | 'server' | 'tool';
  message: string;
  /** When a limit resets (quota) or when to retry (busy). */
  retryAt?: Date;
};

export class WidgetError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

interface RpcBody {
  result?: { isError?: boolean; structuredContent?: InsightsLike; content?: { type: string; text?: string }[] };
  error?: { message?: string; data?: { code?: string; resetAt?: string; hint?: string } };
}

const TIMEOUT_MS = 300_000;

export async function requestInsights(base: string, genes: string[], disease: string, apiKey?: string): Promise<InsightsLike> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (apiKey) headers['X-API-Key'] = apiKey;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ method: 'tools/call', params: { name: 'svc_generate_insights', arguments: { genes, diseaseContext: disease } } }),
      signal: controller.signal,
      credentials: 'omit',
    });
  } catch {
    clearTimeout(timer);
    // Browsers hide why (down, blocked by CORS, offline): say what the visitor and operator can check.
    throw new WidgetError({
      kind: 'network',
      message: `Could not reach the biointel server at ${base}. It may be down, or this page's origin (${location.origin}) may not be allowed: its operator lists allowed pages in BIOINTEL_CORS_ORIGINS.`,
    });
  }
  clearTimeout(timer);
  let body: RpcBody | undefined;
  try {
    body = (await res.json()) as RpcBody;
  } catch {
    body = undefined;
  }
  const error = body?.error;
  if (res.status === 429) {
    const resetAt = error?.data?.resetAt ? new Date(error.data.resetAt) : undefined;
    throw new WidgetError({ kind: 'quota', message: error?.message ?? 'A usage limit was reached.', ...(resetAt ? { retryAt: resetAt } : {}) });
  }
  if (res.status === 401) throw new WidgetError({ kind: 'auth', message: `The API key was refused: ${error?.message ?? 'unauthorized'}.` });
  if (res.status === 503) {
    const after = Number(res.headers.get('Retry-After'));
    throw new WidgetError({ kind: 'busy', message: error?.message ?? 'The server is busy.', ...(after > 0 ? { retryAt: new Date(Date.now() + after * 1000) } : {}) });
  }
  if (!res.ok || error || !body?.result) throw new WidgetError({ kind: 'server', message: error?.message ?? `The server answered HTTP ${res.status}.` });
  if (body.result.isError || !body.result.structuredContent) {
    const text = body.result.content?.find((c) => c.type === 'text')?.text ?? 'The analysis failed.';
    throw new WidgetError({ kind: 'tool', message: text.replace(/^Error \([a-z_]+\): /, '') });
  }
  return body.result.structuredContent;
}
