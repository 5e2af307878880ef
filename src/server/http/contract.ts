import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import type { Endpoint } from '../../shared/api/contract.js';
import { describeIssue } from '../../shared/schemas.js';
import { serverText } from '../../shared/messages.js';
import { HttpError } from './http-error.js';

/**
 * Validation: the shared Zod schema of the endpoint; a mismatch is a 400 naming the first problem in French
 * (`describeIssue`), exactly as the routes answered when they parsed their input by hand. Fastify passes an
 * absent part as null: read as `{}`, so a missing body says which field is missing.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // With the input kept on each issue, a wrong type ("views": 1.5) is told apart from a missing field.
    const result = schema.safeParse(data ?? {}, { reportInput: true });
    if (!result.success) return { error: new HttpError(400, describeIssue(result.error)) };
    return { value: result.data };
  };

/** An answer its declaration does not allow: a bug of the server, never sent as such. */
export class ResponseOutOfContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(serverText.responseOutOfContractOn(route));
    this.name = 'ResponseOutOfContractError';
  }
}

/**
 * Serialisation: `JSON.stringify` of what the route returned (the declared schemas add nothing to strip).
 * With `checkResponses`, the answer is first checked against its declaration; tests run with it, so a
 * route answering anything undeclared fails them. Production skips the check: every answer would be
 * parsed twice, for a mistake the tests already catch (docs/decisions/011-api-contract.md).
 */
export function contractSerializerCompiler(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseOutOfContractError(`${method} ${url}`, result.error.issues);
      return JSON.stringify(data);
    };
  };
}

/** The Fastify route schema of a declared endpoint (also what @fastify/swagger documents). */
export function routeSchema(endpoint: Endpoint): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.response)) {
    response[status] = endpoint.produces && status.startsWith('2') ? { content: { [endpoint.produces]: { schema } } } : schema;
  }
  return {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    ...(endpoint.security ? { security: [{ [endpoint.security]: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response,
  };
}

/** Installs the shared-schema validation and serialisation on the app (before any route). */
export function useContract(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler(options.checkResponses));
}

/** The schema as the Zod type provider reads it, so handlers get typed params, query, body and answers. */
interface TypedSchema<E extends Endpoint> extends FastifySchema {
  params: E['params'];
  querystring: E['querystring'];
  body: E['body'];
  response: E['response'];
}

/** Method, URL and schema of a declared endpoint, to spread into `app.route({ ...declared(e), handler })`. */
export function declared<E extends Endpoint>(endpoint: E): { method: E['method']; url: E['url']; schema: TypedSchema<E> } {
  return { method: endpoint.method, url: endpoint.url, schema: routeSchema(endpoint) as TypedSchema<E> };
}
