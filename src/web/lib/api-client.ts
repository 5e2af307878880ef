import { MESSAGES } from '../../shared/messages.js';
import { noteAnswer } from './connection.js';

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
  constructor() {
    super(MESSAGES.genericError, 0);
    this.name = 'NetworkError';
  }
}

/**
 * Whether a failure is the network's: the device says it is offline, or the request (or the one it
 * depended on, e.g. obtaining the device's identity) never reached the server.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof NetworkError) return true;
  }
  return false;
}

async function readErrorText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  } catch {
    // not JSON: fall through to the generic text
  }
  return MESSAGES.genericError;
}

/** Same-origin JSON call; failures raise ApiError with the server's text or "Une erreur est survenue". */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) throw new ApiError(await readErrorText(response), response.status);
  const body = (await response.json()) as T;
  if (init.method === undefined || init.method === 'GET') noteAnswer(path, response);
  return body;
}

/** Text to show for any failure: Error message, else "Erreur inconnue". */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : MESSAGES.unknownError;
}
