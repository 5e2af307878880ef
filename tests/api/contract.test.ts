import { validate } from '@readme/openapi-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, defineEndpoints, errors } from '../../src/shared/api/index.js';
import { declared, useContract } from '../../src/server/http/contract.js';
import { registerErrorHandling } from '../../src/server/http/error-handler.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const METHODS = ['get', 'post', 'patch', 'delete', 'put'] as const;

/** "GET /api/markets/{id}" for each operation of the document. */
function operationsOf(document: OpenAPIV3_1.Document): string[] {
  const operations: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) if (item?.[method]) operations.push(`${method.toUpperCase()} ${path}`);
  }
  return operations.sort();
}

describe('the OpenAPI document served by the app', () => {
  let t: TestServer;
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { ADMIN_TOKEN: 'a'.repeat(32), METRICS_TOKEN: 'm'.repeat(16) });
    const response = await fetch(`${t.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenAPIV3_1.Document;
  });
  afterAll(async () => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('holds every route the app answers, and only those declared in src/shared/api', async () => {
    const declaredOperations = allEndpoints.map((e) => `${e.method} ${e.url.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(operationsOf(document)).toEqual(declaredOperations);
    // Written out, so a route dropped from both the app and the declarations is noticed too.
    expect(declaredOperations).toHaveLength(44);
    for (const endpoint of allEndpoints) {
      expect(t.server.app.hasRoute({ method: endpoint.method, url: endpoint.url }), `${endpoint.method} ${endpoint.url}`).toBe(
        true,
      );
    }
  });

  it('describes a vote with its body, its answer and its French refusals', () => {
    const operation = document.paths?.['/api/votes']?.post;
    expect(operation?.summary).toBe('Vote OUI or NON on a prediction (proof of work when the protection is on)');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '403', '404', '409']);
    const body = operation?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(['marketId', 'voteType', 'fingerprint']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('serves the reference page and its scripts from the app itself, under the site CSP', async () => {
    const page = await fetch(`${t.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('./static/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${t.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});

describe('an answer its declaration does not allow', () => {
  const broken = defineEndpoints({
    sample: {
      method: 'GET',
      url: '/sample',
      summary: 'A route answering a field it does not declare',
      answer: '200',
      tags: ['test'],
      response: { 200: z.strictObject({ ok: z.boolean() }), ...errors(400) },
    },
  }).sample;

  async function serve(checkResponses: boolean): Promise<{ app: FastifyInstance; url: string }> {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    useContract(app, { checkResponses });
    app.route({ ...declared(broken), handler: async () => ({ ok: true, secret: 'ne doit pas sortir' }) });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url };
  }

  it('becomes a 500 "Réponse hors contrat" when responses are checked (tests)', async () => {
    const { app, url } = await serve(true);
    try {
      const response = await fetch(`${url}/sample`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Réponse hors contrat' });
    } finally {
      await app.close();
    }
  });

  it('is sent as built when the check is off (production)', async () => {
    const { app, url } = await serve(false);
    try {
      const response = await fetch(`${url}/sample`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, secret: 'ne doit pas sortir' });
    } finally {
      await app.close();
    }
  });
});
