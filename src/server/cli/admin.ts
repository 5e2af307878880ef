/**
 * Administration command line: talks to the HTTP admin API of a running server, so every change is
 * pushed at once to the people following the site live. Commands and help come from `commander`; the
 * bodies are checked by the same schemas the server validates with (src/shared/api/admin.ts), so a
 * mistake is told before anything is sent, in the server's own words.
 *
 *   ADMIN_TOKEN=… npm run admin -- <command> [options]
 *   npm run admin -- help [command]
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { adminEndpoints } from '../../shared/api/admin.js';
import type { SuccessOf } from '../../shared/api/contract.js';
import { marketEndpoints } from '../../shared/api/markets.js';
import { municipalEndpoints } from '../../shared/api/municipal.js';
import { CATEGORY_IDS } from '../../shared/categories.js';
import type { Market } from '../../shared/market.js';
import { municipalTitle, type Candidate, type Commune } from '../../shared/municipal.js';
import { describeIssue } from '../../shared/schemas.js';
import { loadDotEnvFile } from '../dotenv.js';
import { NEWS_HELP, registerNewsCommands } from './admin-news-commands.js';

const SEE_HELP = 'Voir : npm run admin -- help';

/** A failure to show to the user, with the process exit code (2: the command line itself is wrong). */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const usage = (message: string) => new CliError(`${message}\n${SEE_HELP}`, 2);

// ---- option values: turned into what the API takes; whether they are acceptable is the schemas' call ----

/** "2026-12-31" is the end of that day in La Réunion (UTC+4, no daylight saving); other dates pass through. */
export function endDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59+04:00` : value;
}

function yesOrNo(name: string): (value: string) => boolean {
  return (value) => {
    const normalized = value.toLowerCase();
    if (['true', 'oui', 'yes', '1'].includes(normalized)) return true;
    if (['false', 'non', 'no', '0'].includes(normalized)) return false;
    throw new InvalidArgumentError(`--${name} attend true ou false (reçu : ${value})`);
  };
}

function outcome(value: string): 'yes' | 'no' {
  const normalized = value.toLowerCase();
  if (normalized === 'oui' || normalized === 'yes') return 'yes';
  if (normalized === 'non' || normalized === 'no') return 'no';
  throw new InvalidArgumentError(`--outcome attend oui ou non (reçu : ${value})`);
}

function communeTitle(options: { title?: string; name?: string }): string | undefined {
  if (options.title !== undefined && options.name !== undefined) throw usage('Donner --title ou --name, pas les deux');
  return options.name !== undefined ? municipalTitle(options.name.trim()) : options.title;
}

export function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The body as the endpoint declares it, or the first problem in French (the server's own wording). */
export function bodyFor<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw usage(describeIssue(result.error));
  return result.data;
}

// ---- HTTP ----

interface Client {
  baseUrl: string;
  token: string | undefined;
}

export async function call<T>(client: Client, method: string, path: string, body?: unknown, admin = true): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (admin) {
    if (!client.token)
      throw new CliError('ADMIN_TOKEN n’est pas défini : exportez le jeton d’administration du serveur (ADMIN_TOKEN=…).', 2);
    headers.Authorization = `Bearer ${client.token}`;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${client.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new CliError(`Impossible de joindre le serveur ${client.baseUrl} (${reason}). Est-il démarré ? Sinon précisez --url.`);
  }
  const raw = await response.text();
  let data: unknown = null;
  if (raw !== '') {
    try {
      data = JSON.parse(raw);
    } catch {
      data = raw;
    }
  }
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : response.statusText;
    const hint =
      response.status === 401
        ? ' — vérifiez ADMIN_TOKEN'
        : response.status === 404 && message === 'Administration désactivée'
          ? ' — le serveur n’a pas de ADMIN_TOKEN'
          : '';
    throw new CliError(`Erreur ${response.status} : ${message}${hint}`);
  }
  return data as T;
}

const seg = encodeURIComponent;

// ---- output ----

type Print = (line: string) => void;

function describeMarket(market: Market): string {
  const flags = [market.trending ? 'tendance' : '', market.resolved ? `résolu : ${market.outcome === 'yes' ? 'OUI' : 'NON'}` : '']
    .filter(Boolean)
    .join(', ');
  return [
    `${market.id}${flags ? `  [${flags}]` : ''}`,
    `  ${market.title}`,
    `  ${market.category} · fin ${market.endDate} · OUI ${market.yesVotes} (${market.yesPercentage} %) / NON ${market.noVotes} (${market.noPercentage} %)`,
  ].join('\n');
}

function describeCommune(commune: Commune): string {
  const head = `${commune.id}${commune.trending ? '  [tendance]' : ''}  ${commune.title} · ${commune.totalVotes} vote(s)`;
  const top = commune.candidates.map((candidate) => `    ${candidate.id}  ${candidate.name} (${candidate.votes})`);
  return [head, ...top].join('\n');
}

function describeCandidate(candidate: Candidate): string {
  return `${candidate.id}  ${candidate.name} (${candidate.votes} vote(s))`;
}

// ---- commands ----

export interface Context {
  client: Client;
  print: Print;
  json: boolean;
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
  context.print(
    context.json
      ? JSON.stringify({ deleted: id })
      : `${what} supprimé${what === 'Candidat' || what === 'Article' ? '' : 'e'} : ${id}`,
  );
}

const AFTER_HELP = `
Le jeton d’administration est lu dans la variable d’environnement ADMIN_TOKEN
(jamais sur la ligne de commande, où il serait visible des autres utilisateurs).
Catégories : ${CATEGORY_IDS.join(', ')}.
Dates : AAAA-MM-JJ (fin de journée, heure de La Réunion) ou ISO 8601 complète.
${NEWS_HELP}`;

/** Commander's help headings, in French; the subcommands inherit the setting. */
const HELP_TITLES: Record<string, string> = {
  'Usage:': 'Utilisation :',
  'Options:': 'Options :',
  'Global Options:': 'Options générales :',
  'Commands:': 'Commandes :',
  'Arguments:': 'Arguments :',
};

/** The program; each action gets the context built from the global options and the environment. */
function buildProgram(env: NodeJS.ProcessEnv, out: Print, err: Print): Command {
  const program = new Command('npm run admin --')
    .description('Prédi974 — administration (via l’API d’un serveur en marche)')
    .option('--url <url>', 'adresse du serveur (défaut : http://127.0.0.1:$PORT, PORT=3000 par défaut)')
    .option('--json', 'affiche la réponse brute en JSON')
    .helpOption('-h, --help', 'cette aide')
    .helpCommand('help [commande]', 'l’aide d’une commande')
    .addHelpText('after', AFTER_HELP)
    .configureHelp({ styleTitle: (title) => HELP_TITLES[title] ?? title })
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => out(text.trimEnd()), writeErr: (text) => err(text.trimEnd()) });

  const context = (command: Command): Context => {
    const { url, json } = command.optsWithGlobals<{ url?: string; json?: boolean }>();
    const port = env.PORT && env.PORT !== '' ? env.PORT : '3000';
    const baseUrl = (url ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
    if (!URL.canParse(baseUrl)) throw usage(`--url invalide : ${baseUrl}`);
    const token = env.ADMIN_TOKEN && env.ADMIN_TOKEN !== '' ? env.ADMIN_TOKEN : undefined;
    return { client: { baseUrl, token }, print: out, json: json === true };
  };
  // Commander passes the positional arguments, the options, then the command: the context comes from the last.
  const action =
    <A extends unknown[]>(handler: (context: Context, ...args: A) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      await handler(context(command), ...(args.slice(0, -1) as A));
    };

  // ---- predictions ----

  program
    .command('markets:list')
    .description('les prédictions')
    .action(
      action(async (context) => {
        const markets = await call<Market[]>(context.client, 'GET', marketEndpoints.listMarkets.url, undefined, false);
        list(context, markets, describeMarket, 'prédiction(s)');
      }),
    );

  program
    .command('markets:create')
    .description('crée une prédiction')
    .requiredOption('--title <titre>', 'la question')
    .option('--description <texte>', 'le détail', '')
    .requiredOption('--category <catégorie>', CATEGORY_IDS.join(', '))
    .requiredOption('--end-date <date>', 'fin du vote', endDate)
    .option('--trending', 'mise en avant')
    .option('--id <id>', 'identifiant choisi (sinon tiré du titre)')
    .action(
      action(
        async (
          context,
          options: { title: string; description: string; category: string; endDate: string; trending?: true; id?: string },
        ) => {
          const body = bodyFor(adminEndpoints.createMarket.body, compact(options));
          const market = await call<SuccessOf<typeof adminEndpoints.createMarket>>(
            context.client,
            'POST',
            '/api/admin/markets',
            body,
          );
          show(context, market, describeMarket, 'Prédiction créée :');
        },
      ),
    );

  program
    .command('markets:update')
    .description('modifie une prédiction')
    .argument('<id>')
    .option('--title <titre>')
    .option('--description <texte>')
    .option('--category <catégorie>')
    .option('--end-date <date>', 'fin du vote', endDate)
    .option('--trending <true|false>', 'mise en avant', yesOrNo('trending'))
    .action(
      action(async (context, id: string, options: Record<string, unknown>) => {
        const body = bodyFor(adminEndpoints.updateMarket.body, compact(options));
        if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez au moins une option (--title, --trending…)');
        const market = await call<SuccessOf<typeof adminEndpoints.updateMarket>>(
          context.client,
          'PATCH',
          `/api/admin/markets/${seg(id)}`,
          body,
        );
        show(context, market, describeMarket, 'Prédiction modifiée :');
      }),
    );

  program
    .command('markets:resolve')
    .description('résout une prédiction')
    .argument('<id>')
    .requiredOption('--outcome <oui|non>', 'le résultat', outcome)
    .action(
      action(async (context, id: string, options: { outcome: 'yes' | 'no' }) => {
        const body = bodyFor(adminEndpoints.resolveMarket.body, options);
        const market = await call<SuccessOf<typeof adminEndpoints.resolveMarket>>(
          context.client,
          'POST',
          `/api/admin/markets/${seg(id)}/resolve`,
          body,
        );
        show(context, market, describeMarket, 'Prédiction résolue :');
      }),
    );

  program
    .command('markets:delete')
    .description('supprime une prédiction et ses votes')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await call(context.client, 'DELETE', `/api/admin/markets/${seg(id)}`);
        deleted(context, id, 'Prédiction');
      }),
    );

  // ---- municipal elections ----

  program
    .command('communes:list')
    .description('les élections municipales')
    .action(
      action(async (context) => {
        const communes = await call<SuccessOf<typeof municipalEndpoints.listCommunes>>(
          context.client,
          'GET',
          municipalEndpoints.listCommunes.url,
          undefined,
          false,
        );
        list(context, communes, describeCommune, 'élection(s)');
      }),
    );

  program
    .command('communes:create')
    .description('crée une élection (--title "Élection Municipale Saint-Denis 2026" ou --name Saint-Denis)')
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending', 'mise en avant')
    .option('--id <id>')
    .action(
      action(async (context, options: { title?: string; name?: string; trending?: true; id?: string }) => {
        const title = communeTitle(options);
        if (title === undefined) throw usage('Option obligatoire manquante : --title ou --name');
        const body = bodyFor(adminEndpoints.createCommune.body, compact({ id: options.id, title, trending: options.trending }));
        const commune = await call<SuccessOf<typeof adminEndpoints.createCommune>>(
          context.client,
          'POST',
          '/api/admin/municipal',
          body,
        );
        show(context, commune, describeCommune, 'Élection créée :');
      }),
    );

  program
    .command('communes:update')
    .description('modifie une élection')
    .argument('<id>')
    .option('--title <titre>')
    .option('--name <commune>')
    .option('--trending <true|false>', 'mise en avant', yesOrNo('trending'))
    .action(
      action(async (context, id: string, options: { title?: string; name?: string; trending?: boolean }) => {
        const body = bodyFor(
          adminEndpoints.updateCommune.body,
          compact({ title: communeTitle(options), trending: options.trending }),
        );
        if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez --title, --name ou --trending');
        const commune = await call<SuccessOf<typeof adminEndpoints.updateCommune>>(
          context.client,
          'PATCH',
          `/api/admin/municipal/${seg(id)}`,
          body,
        );
        show(context, commune, describeCommune, 'Élection modifiée :');
      }),
    );

  program
    .command('communes:delete')
    .description('supprime une élection, ses candidats et ses votes')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await call(context.client, 'DELETE', `/api/admin/municipal/${seg(id)}`);
        deleted(context, id, 'Élection');
      }),
    );

  program
    .command('candidates:list')
    .description('les candidats d’une élection')
    .argument('<communeId>')
    .action(
      action(async (context, communeId: string) => {
        const path = `/api/municipal/${seg(communeId)}/candidates`;
        const candidates = await call<SuccessOf<typeof municipalEndpoints.listCandidates>>(
          context.client,
          'GET',
          path,
          undefined,
          false,
        );
        list(context, candidates, describeCandidate, 'candidat(s)');
      }),
    );

  program
    .command('candidates:add')
    .description('ajoute un candidat')
    .argument('<communeId>')
    .requiredOption('--name <nom>')
    .option('--id <id>')
    .action(
      action(async (context, communeId: string, options: { name: string; id?: string }) => {
        const body = bodyFor(adminEndpoints.addCandidate.body, compact(options));
        const path = `/api/admin/municipal/${seg(communeId)}/candidates`;
        const candidate = await call<SuccessOf<typeof adminEndpoints.addCandidate>>(context.client, 'POST', path, body);
        show(context, candidate, describeCandidate, 'Candidat ajouté :');
      }),
    );

  program
    .command('candidates:rename')
    .description('renomme un candidat')
    .argument('<communeId>')
    .argument('<candidateId>')
    .requiredOption('--name <nom>')
    .action(
      action(async (context, communeId: string, candidateId: string, options: { name: string }) => {
        const body = bodyFor(adminEndpoints.renameCandidate.body, options);
        const path = `/api/admin/municipal/${seg(communeId)}/candidates/${seg(candidateId)}`;
        const candidate = await call<SuccessOf<typeof adminEndpoints.renameCandidate>>(context.client, 'PATCH', path, body);
        show(context, candidate, describeCandidate, 'Candidat renommé :');
      }),
    );

  program
    .command('candidates:delete')
    .description('supprime un candidat et ses votes')
    .argument('<communeId>')
    .argument('<candidateId>')
    .action(
      action(async (context, communeId: string, candidateId: string) => {
        await call(context.client, 'DELETE', `/api/admin/municipal/${seg(communeId)}/candidates/${seg(candidateId)}`);
        deleted(context, candidateId, 'Candidat');
      }),
    );

  registerNewsCommands(program, { action, call, bodyFor, usage, compact, show, list, deleted });

  return program;
}

/** Commander's own refusals of a command line, in French. */
function frenchUsage(error: CommanderError, argv: string[]): string {
  switch (error.code) {
    case 'commander.unknownCommand':
      return `Commande inconnue : ${argv[0] ?? ''}`;
    case 'commander.missingMandatoryOptionValue':
      return `Option obligatoire manquante : ${/'(--[\w-]+)/.exec(error.message)?.[1] ?? ''}`;
    case 'commander.invalidArgument':
      // The text of the InvalidArgumentError thrown by the option's parser, after commander's preamble.
      return error.message.replace(/^error: .*? is invalid\. /, '');
    case 'commander.unknownOption':
      return `Option inconnue : ${/'([^']+)'/.exec(error.message)?.[1] ?? ''}`;
    case 'commander.missingArgument':
      return `Argument manquant : ${/'([^']+)'/.exec(error.message)?.[1] ?? ''}`;
    case 'commander.excessArguments':
      return 'Argument inattendu';
    default:
      return error.message.replace(/^error: /, '');
  }
}

/** Runs one command line; returns the exit code. Output goes through the given writers (tests pass their own). */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Print = (line) => process.stdout.write(`${line}\n`),
  err: Print = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  // Commander's own error lines are English: silenced, the French text below is written instead.
  const program = buildProgram(env, out, () => undefined);
  try {
    if (argv.length === 0) {
      out(program.helpInformation().trimEnd());
      return 2;
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help asked for: written by commander already.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version')
        return 0;
      err(`${frenchUsage(error, argv)}\n${SEE_HELP}`);
      return 2;
    }
    if (error instanceof CliError) {
      err(error.message);
      return error.exitCode;
    }
    err(`Erreur inattendue : ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && /admin\.(ts|js|mjs)$/.test(process.argv[1]);
if (invokedDirectly) {
  // ADMIN_TOKEN and PORT may come from .env, as for the server.
  loadDotEnvFile();
  runAdminCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
