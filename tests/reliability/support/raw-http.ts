import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on its own new TCP connection (no pooling), so concurrent calls really are concurrent clients. */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(
      `${url}${options.path}`,
      { method: options.method ?? 'GET', agent: false, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

export function rawPostJson(url: string, path: string, body: unknown): Promise<RawAnswer> {
  return rawRequest(url, { method: 'POST', path, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
