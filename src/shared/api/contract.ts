import { z } from 'zod';

/**
 * One HTTP endpoint, declared once: the server validates and checks its answers with it, the OpenAPI
 * document and the README table are generated from it, and the browser and the admin CLI take their types
 * from it. Schemas are Zod; a response schema describes the JSON sent for that status.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** One French-free line for the README table and the OpenAPI summary. */
  summary: string;
  /** The README's "answer" column: what each status means, in a few words. */
  answer: string;
  tags: readonly string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Readonly<Record<number, z.ZodType>>;
  /** The answer is not JSON (event stream, Prometheus text): documented, never serialised by the schema. */
  produces?: string;
  /** Bearer token the route asks for, when any. */
  security?: 'admin' | 'metrics';
}

/** Every refusal: `{ "error": "<message en français>" }`. */
export const errorSchema = z.strictObject({ error: z.string() }).meta({ id: 'Error' });

/** A 204 answer: no body at all. */
export const noContentSchema = z.null().meta({ description: 'Pas de contenu' });

/** Keeps each endpoint's literal type (so `z.infer` of its parts works) while checking its shape. */
export function defineEndpoints<const T extends Record<string, Endpoint>>(endpoints: T): T {
  return endpoints;
}

/** The body an endpoint accepts, as a caller writes it. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** The refusals an endpoint may answer, each `{ error }`. */
export function errors<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof errorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as { [K in S[number]]: typeof errorSchema };
}

/** The JSON of an endpoint's success (its 2xx answer with a body), as the browser and the CLI read it. */
export type SuccessOf<E extends Endpoint> = {
  [S in keyof E['response']]: S extends 200 | 201
    ? E['response'][S] extends z.ZodType
      ? z.output<E['response'][S]>
      : never
    : never;
}[keyof E['response']];
