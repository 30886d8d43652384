// Pulls the human-readable message out of an upstream error body, whatever its format, so errors
// name what the provider said instead of dumping a page.

const MAX = 300;

export function upstreamMessage(body: string, contentType: string): string {
  const text = body.trim();
  if (!text) return '';
  if (contentType.includes('json') || /^[{[]/.test(text)) {
    try {
      const found = messageIn(JSON.parse(text) as unknown);
      if (found) return clip(found);
    } catch {
      // not JSON after all: fall through to text handling
    }
  }
  if (/<html|<!doctype/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1]?.trim();
    return clip(title || h1 || 'HTML error page');
  }
  return clip(text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
}

function messageIn(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.map(messageIn).filter(Boolean).join('; ') || undefined;
  const obj = value as Record<string, unknown>;
  for (const k of ['error', 'errMsg', 'message', 'messages', 'errors', 'detail', 'Fault', 'Message', 'ERROR']) {
    const found = messageIn(obj[k]);
    if (found) return found;
  }
  return undefined;
}

function clip(s: string): string {
  return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}
