import { MESSAGES } from '../../../../shared/messages.js';
import { ApiError } from '../../../lib/api-client.js';

async function errorOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: the generic text below
  }
  return MESSAGES.genericError;
}

/** An admin API call with the Bearer token; failures raise ApiError carrying the server's French text. */
export async function adminFetch<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(MESSAGES.genericError, 0);
  }
  if (!response.ok) throw new ApiError(await errorOf(response), response.status);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
