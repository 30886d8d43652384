// HGNC's download files: the complete set of approved gene symbol reports as one TSV, which
// src/genes/ keeps in the data directory so that gene panels resolve without a request per gene.
// The body is parsed (and so checked: hgnc-table.ts) inside the client, and not put in the response
// cache: the file on disk is the cache.
// @see https://www.genenames.org/download/statistics-and-files/
import { buildUrl, type UpstreamClient } from './http.js';
import { parseHgncCompleteSet, type HgncTable } from './hgnc-table.js';
import { resolveSource } from './registry.js';

export const COMPLETE_SET_PATH = '/tsv/tsv/hgnc_complete_set.txt';

export interface CompleteSetDownload {
  /** The URL requested (base-URL override included): recorded as provenance. */
  url: string;
  text: string;
  table: HgncTable;
}

export class HgncFiles {
  constructor(private readonly http: UpstreamClient) {}

  completeSetUrl(): string {
    return buildUrl(resolveSource('hgnc_files', this.http.config).baseUrl, COMPLETE_SET_PATH, {});
  }

  async completeSet(signal?: AbortSignal): Promise<CompleteSetDownload> {
    return this.http.text(
      { source: 'hgnc_files', path: COMPLETE_SET_PATH, expect: 'text', cache: false, maxRetries: 1, ...(signal ? { signal } : {}) },
      (text) => ({ url: this.completeSetUrl(), text, table: parseHgncCompleteSet(text) }),
    );
  }
}
