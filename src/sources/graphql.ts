// GraphQL over the shared client. GraphQL APIs report errors inside HTTP 200 (or 400) bodies, so
// `errors` is checked before `data`: a schema drift must reach the caller as an error, never as
// an empty list.
import { UpstreamError } from '../errors.js';
import type { UpstreamClient } from './http.js';
import type { SourceId } from './registry.js';

interface GraphqlBody<T> {
  data?: T | null;
  errors?: { message?: string }[];
}

export async function graphql<T>(
  http: UpstreamClient,
  source: SourceId,
  path: string,
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    // The errors/data check runs inside the client, so an answer carrying GraphQL errors is never cached.
    return await http.json(
      {
        source,
        path,
        json: { query, variables },
        cache: true, // queries are reads: cache them like GETs
        ...(signal ? { signal } : {}),
      },
      (json) => graphqlData<T>(source, json as GraphqlBody<T>),
    );
  } catch (err) {
    // Servers answer invalid queries with HTTP 400 and a GraphQL error body; surface its message.
    if (err instanceof UpstreamError && err.status === 400 && err.upstreamMessage) {
      throw new UpstreamError({ source, failure: 'graphql', status: 400, message: 'query rejected', upstreamMessage: err.upstreamMessage });
    }
    throw err;
  }
}

function graphqlData<T>(source: SourceId, body: GraphqlBody<T> | null): T {
  if (!body || typeof body !== 'object') throw new UpstreamError({ source, failure: 'schema', message: 'GraphQL answer is not an object' });
  if (body.errors?.length) {
    throw new UpstreamError({
      source,
      failure: 'graphql',
      message: 'GraphQL error',
      upstreamMessage: body.errors.map((e) => e.message ?? 'unknown').join('; '),
      hint: 'The source schema may have changed; run `npm run test:live` to check for drift.',
    });
  }
  if (body.data === undefined || body.data === null) {
    throw new UpstreamError({ source, failure: 'schema', message: 'GraphQL answer has no data' });
  }
  return body.data;
}
