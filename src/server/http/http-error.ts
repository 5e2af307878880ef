import type { z } from 'zod';
import { describeIssue } from '../../shared/schemas.js';

/** An expected failure with its HTTP status and the French text sent as `{ error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Validates input against a shared schema; a mismatch is a 400 that names the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  // With the input kept on each issue, a wrong type ("views": 1.5) is told apart from a missing field.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw new HttpError(400, describeIssue(result.error));
  return result.data;
}
