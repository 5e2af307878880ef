import type { z } from 'zod';
import { MESSAGES, serverText } from '../messages.js';
import type { SuccessOf } from './contract.js';
import type { ApiEndpoints, EndpointName } from './index.js';
import { ROUTES } from './routes.js';

/**
 * The one way to call the API, for the browser, the admin screen and the command line: an endpoint by its name,
 * with its path parameters, query and body typed from its declaration, and its answer typed likewise. Only the
 * route table is bundled (no Zod). A refusal raises `ApiError` with the server's French text; a request that
 * never reached the server raises `NetworkError`.
 */

/** An API failure carrying the server's French `{ error }` text and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never reached the server (no network, or it dropped): nothing was sent or nothing came back. */
export class NetworkError extends ApiError {
  constructor(cause?: unknown) {
    super(MESSAGES.genericError, 0);
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

type Declared<E, Key extends string> = E extends { [K in Key]: infer S extends z.ZodType } ? z.input<S> : undefined;
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: never }
  : Record<string, never> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What a call of endpoint `N` takes: `params` for `:id`-style segments, `query`, `body`, as declared. */
export type CallInput<N extends EndpointName> = Part<'params', Declared<ApiEndpoints[N], 'params'>> &
  Part<'query', Declared<ApiEndpoints[N], 'querystring'>> &
  Part<'body', Declared<ApiEndpoints[N], 'body'>> & { signal?: AbortSignal };

/** The JSON a successful call of `N` answers (`null` for a 204). */
export type AnswerOf<N extends EndpointName> = SuccessOf<ApiEndpoints[N]>;

/** A call's arguments after the name: the input, optional when the endpoint needs none. */
export type CallArguments<N extends EndpointName> =
  Partial<CallInput<N>> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** "/api/markets/:id/history" with `{ id: "a b" }` and `{ range: "7d" }` → "/api/markets/a%20b/history?range=7d". */
export function pathOf<N extends EndpointName>(
  name: N,
  input: { params?: Readonly<Record<string, string>>; query?: Readonly<Record<string, string | undefined>> } = {},
): string {
  const path = ROUTES[name].url.replace(/:(\w+)/g, (_, key: string) => {
    const value = input.params?.[key];
    if (value === undefined) throw new Error(serverText.missingPathParameter(name, key));
    return encodeURIComponent(value);
  });
  const query = Object.entries(input.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;
}

/** The paths of an endpoint, as a pattern: "/api/municipal/:id/candidates" → /^\/api\/municipal\/[^/]+\/candidates$/. */
export function routePattern(name: EndpointName): RegExp {
  const source = ROUTES[name].url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}$`);
}

/** A TanStack Query key for a read: the endpoint's name, then what it was asked with. */
export function queryKeyOf<N extends EndpointName>(name: N, input?: Omit<CallInput<N>, 'body' | 'signal'>): readonly unknown[] {
  const parts: unknown[] = [name];
  if (input?.params) parts.push(input.params);
  if (input?.query) parts.push(input.query);
  return parts;
}

export interface CallerOptions {
  /** Prefix of every path: '' in the browser (same origin), the server's URL for the command line. */
  baseUrl?: string;
  /** Headers added to each request, e.g. the admin bearer token. */
  headers?: () => Readonly<Record<string, string>>;
  /** Called with each successful GET's answer and its path without the query (the browser notes when it last read each list). */
  onAnswer?: (path: string, response: Response) => void;
  /** The fetch cache mode: 'no-store' for the admin screen, whose figures must never come from a cache. */
  cache?: RequestCache;
}

async function refusalText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: the generic text below
  }
  return MESSAGES.genericError;
}

export type Caller = <N extends EndpointName>(name: N, ...args: CallArguments<N>) => Promise<AnswerOf<N>>;

export function createCaller(options: CallerOptions = {}): Caller {
  return async function call<N extends EndpointName>(name: N, ...[input]: CallArguments<N>): Promise<AnswerOf<N>> {
    const { method } = ROUTES[name];
    const given = (input ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, string | undefined>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const path = pathOf(name, given);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
    if (given.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl ?? ''}${path}`, {
        method,
        headers,
        body: given.body === undefined ? undefined : JSON.stringify(given.body),
        signal: given.signal,
        cache: options.cache,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
    if (!response.ok) throw new ApiError(await refusalText(response), response.status);
    if (response.status === 204) return null as AnswerOf<N>;
    const answer = (await response.json()) as AnswerOf<N>;
    if (method === 'GET') options.onAnswer?.(pathOf(name, { params: given.params }), response);
    return answer;
  };
}
