/**
 * What every admin command shares: the context built from the global options and the environment, the one typed
 * caller of the API (src/shared/api/caller.ts) with the command line's own wording of its failures, the body checks
 * in the server's words, and the output (text, or `--json`).
 */
import type { Command } from 'commander';
import type { z } from 'zod';
import { ApiError, createCaller, NetworkError, type AnswerOf, type CallArguments } from '../../shared/api/caller.js';
import type { EndpointName } from '../../shared/api/index.js';
import { ROUTES } from '../../shared/api/routes.js';
import { ADMIN_CLI_MESSAGES, adminCliText, MESSAGES } from '../../shared/messages.js';
import { describeIssue } from '../../shared/schemas.js';

export const SEE_HELP = ADMIN_CLI_MESSAGES.seeHelp;

/** A failure to show to the user, with the process exit code (2: the command line itself is wrong). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const usage = (message: string) => new CliError(`${message}\n${SEE_HELP}`, 2);

export function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The body as the endpoint declares it, or the first problem in French (the server's own wording). */
export function bodyFor<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw usage(describeIssue(result.error));
  return result.data;
}

export type Print = (line: string) => void;

export interface Context {
  client: { baseUrl: string; token: string | undefined };
  print: Print;
  json: boolean;
}

/** Calls an endpoint by its name; the admin token is sent to the routes that declare it, and failures are told in French. */
export async function request<N extends EndpointName>(
  context: Context,
  name: N,
  ...args: CallArguments<N>
): Promise<AnswerOf<N>> {
  const { baseUrl, token } = context.client;
  const route = ROUTES[name];
  const admin = 'security' in route && route.security === 'admin';
  if (admin && token === undefined) throw new CliError(ADMIN_CLI_MESSAGES.tokenMissing, 2);
  const call = createCaller({
    baseUrl,
    headers: (): Record<string, string> => (admin ? { Authorization: `Bearer ${token}` } : {}),
  });
  try {
    return await call(name, ...args);
  } catch (error) {
    if (error instanceof NetworkError) {
      const cause = (error.cause as { cause?: { code?: string; message?: string } } | undefined)?.cause;
      const reason = cause?.code ?? cause?.message ?? String(error.cause);
      throw new CliError(adminCliText.unreachable(baseUrl, reason));
    }
    if (error instanceof ApiError) {
      const hint =
        error.status === 401
          ? ADMIN_CLI_MESSAGES.hintUnauthorized
          : error.status === 404 && error.message === MESSAGES.adminDisabled
            ? ADMIN_CLI_MESSAGES.hintAdminOff
            : '';
      throw new CliError(adminCliText.httpError(error.status, error.message, hint));
    }
    throw error;
  }
}

export function show<T>(context: Context, value: T, describe: (value: T) => string, title: string): void {
  if (context.json) return context.print(JSON.stringify(value, null, 2));
  context.print(title);
  context.print(describe(value));
}

export function list<T>(context: Context, values: T[], describe: (value: T) => string, total: string): void {
  if (context.json) return context.print(JSON.stringify(values, null, 2));
  for (const value of values) context.print(describe(value));
  context.print(`${values.length} ${total}`);
}

export function deleted(context: Context, id: string, what: string): void {
  context.print(context.json ? JSON.stringify({ deleted: id }) : adminCliText.deleted(what, id));
}

/** Wraps a command's handler: commander passes the positional arguments, the options, then the command. */
export type Action = <A extends unknown[]>(
  handler: (context: Context, ...args: A) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

/** The `action` of a program whose context comes from its global options (`--url`, `--json`) and the environment. */
export function actionWith(env: NodeJS.ProcessEnv, out: Print): Action {
  const context = (command: Command): Context => {
    const { url, json } = command.optsWithGlobals<{ url?: string; json?: boolean }>();
    const port = env.PORT && env.PORT !== '' ? env.PORT : '3000';
    const baseUrl = (url ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
    if (!URL.canParse(baseUrl)) throw usage(adminCliText.invalidUrl(baseUrl));
    const token = env.ADMIN_TOKEN && env.ADMIN_TOKEN !== '' ? env.ADMIN_TOKEN : undefined;
    return { client: { baseUrl, token }, print: out, json: json === true };
  };
  return <A extends unknown[]>(handler: (context: Context, ...args: A) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      await handler(context(command), ...(args.slice(0, -1) as A));
    };
}
