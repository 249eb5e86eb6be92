import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryObserver,
  type InfiniteData,
  type InfiniteQueryObserverOptions,
  type MutationOptions,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';

/**
 * For the hooks' unit tests, without a browser or a server (docs/console.md › The data layer): a
 * fake gateway that answers the console's API client with a status and JSON as the gateway does
 * and keeps every request made (method, path, query, body), and a QueryClient with observers,
 * which is what the hooks are made of (each is `useQuery`/`useMutation` of an options factory).
 *
 * Import it before anything that loads api/client.ts: the client takes `fetch` and `Request`
 * when it is made, and Node's `Request` refuses the console's relative URLs (`/console/api/...`),
 * which this one resolves against a made-up origin.
 */
const ORIGIN = 'http://console.test';
const PREFIX = '/console/api';

export type SeenRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = { status: number; body?: unknown };
type Route = { method: string; path: string; reply: (request: SeenRequest) => Reply };

const routes: Route[] = [];
/** Every request made since the last reset, oldest first. */
export const requests: SeenRequest[] = [];

/**
 * Answers `METHOD /v1/path` (the path as sent, ids filled in) with `reply`, a fixed answer or one
 * made from the request; the latest route for a request wins. Unrouted requests answer 404.
 */
export function answer(route: string, reply: Reply | ((request: SeenRequest) => Reply)): void {
  const [method = '', path = ''] = route.split(' ');
  routes.unshift({ method, path, reply: typeof reply === 'function' ? reply : () => reply });
}

/** Forgets the routes and the requests (each test sets its own). */
export function resetFakeApi(): void {
  routes.length = 0;
  requests.length = 0;
}

/** The requests made to `METHOD /v1/path`. */
export function requestsTo(route: string): SeenRequest[] {
  return requests.filter((request) => `${request.method} ${request.path}` === route);
}

const parse = (text: string): unknown => JSON.parse(text);

class ConsoleRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
  }
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new ConsoleRequest(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  const seen: SeenRequest = {
    method: request.method,
    path: url.pathname.slice(PREFIX.length),
    query: url.searchParams,
    body: text ? parse(text) : undefined,
  };
  requests.push(seen);
  const route = routes.find(({ method, path }) => method === seen.method && path === seen.path);
  const { status, body } = route
    ? route.reply(seen)
    : { status: 404, body: { code: 'not_found', error: `No answer for ${seen.method} ${seen.path}`, details: {} } };
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

Object.assign(globalThis, { Request: ConsoleRequest, fetch: fakeFetch });

/** A cache as the console's (main.tsx), without retries: a test sees the first answer. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A query's first settled result, as a component using the same options would see it (`select` applied). */
export function observe<Data, Selected, Key extends QueryKey>(
  queryClient: QueryClient,
  options: QueryObserverOptions<Data, Error, Selected, Data, Key>,
): Promise<QueryObserverResult<Selected, Error>> {
  const observer = new QueryObserver(queryClient, options);
  return new Promise((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.isPending && result.fetchStatus !== 'idle') return;
      stop();
      resolve(result);
    });
  });
}

/** An infinite query's observer, its first page read: `fetchNextPage` reads on, as "Load more" does. */
export async function observePages<Page, Key extends QueryKey>(
  queryClient: QueryClient,
  options: InfiniteQueryObserverOptions<Page, Error, InfiniteData<Page>, Key, string>,
) {
  await queryClient.fetchInfiniteQuery(options);
  return new InfiniteQueryObserver(queryClient, options);
}

/** Runs a mutation as `mutate` would (the options' callbacks awaited): its answer, or the ApiError it threw. */
export function mutate<Data, Variables>(
  queryClient: QueryClient,
  options: MutationOptions<Data, Error, Variables>,
  variables: Variables,
): Promise<Data> {
  return new MutationObserver(queryClient, options).mutate(variables);
}

/** Whether the cache marked the query under `key` stale (an invalidation), so what shows it reads it again. */
export function invalidated(queryClient: QueryClient, key: QueryKey): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}
