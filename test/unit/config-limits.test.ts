// The HTTP rate limits can be lifted past what one instance serves (tools/list: some 45,000 answers
// a second, 2.7 million a minute): the bound was 1,000,000 a minute, which the HTTP bench's own
// tools/list rounds went past. Beyond the bound, the error names the variable and the limit.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('per-minute rate limits', () => {
  it.each(['BIOINTEL_CLIENT_RATE_PER_MINUTE', 'BIOINTEL_ANONYMOUS_RATE_PER_MINUTE'])('%s accepts up to 100,000,000, and says so beyond', (name) => {
    const config = loadConfig({ env: { [name]: '100000000' } });
    expect(name.includes('CLIENT') ? config.clientRatePerMinute : config.anonymousRatePerMinute).toBe(100_000_000);
    expect(() => loadConfig({ env: { [name]: '100000001' } })).toThrow(new RegExp(`${name}.*100000000`));
  });
});
