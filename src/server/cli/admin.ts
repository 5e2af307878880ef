/**
 * Administration command line: talks to the HTTP admin API of a running server, so every change is
 * pushed at once to the people following the site live.
 *
 *   ADMIN_TOKEN=… npm run admin -- <command> [options]
 *   npm run admin -- help
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CATEGORY_IDS, isCategoryId } from '../../shared/categories.js';
import type { Market } from '../../shared/market.js';
import { municipalTitle, type Candidate, type Commune } from '../../shared/municipal.js';

const HELP = `Prédi974 — administration (via l’API d’un serveur en marche)

Utilisation : npm run admin -- <commande> [options]

Prédictions
  markets:list
  markets:create --title T --description D --category C --end-date 2026-12-31 [--trending] [--id ID]
  markets:update <id> [--title T] [--description D] [--category C] [--end-date DATE] [--trending true|false]
  markets:resolve <id> --outcome oui|non
  markets:delete <id>

Élections municipales
  communes:list
  communes:create (--title "Élection Municipale Saint-Denis 2026" | --name Saint-Denis) [--trending] [--id ID]
  communes:update <id> [--title T | --name N] [--trending true|false]
  communes:delete <id>
  candidates:list <communeId>
  candidates:add <communeId> --name N [--id ID]
  candidates:rename <communeId> <candidateId> --name N
  candidates:delete <communeId> <candidateId>

Options communes
  --url URL     adresse du serveur (défaut : http://127.0.0.1:$PORT, PORT=3000 par défaut)
  --json        affiche la réponse brute en JSON
  -h, --help    cette aide

Le jeton d’administration est lu dans la variable d’environnement ADMIN_TOKEN
(jamais sur la ligne de commande, où il serait visible des autres utilisateurs).
Catégories : ${CATEGORY_IDS.join(', ')}.
Dates : AAAA-MM-JJ (fin de journée, heure de La Réunion) ou ISO 8601 complète.`;

/** A failure to show to the user, with the process exit code. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const usage = (message: string) => new CliError(`${message}\nVoir : npm run admin -- help`, 2);

type Options = NonNullable<ParseArgsConfig['options']>;
const COMMON: Options = {
  url: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

function parse(args: string[], options: Options, positionalCount: number, names: string): Parsed {
  let parsed: Parsed;
  try {
    const result = parseArgs({ args, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
    parsed = { values: result.values as Parsed['values'], positionals: result.positionals };
  } catch (error) {
    throw usage(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) return parsed;
  if (parsed.positionals.length !== positionalCount) {
    throw usage(positionalCount === 0 ? `Argument inattendu : ${parsed.positionals.join(' ')}` : `Arguments attendus : ${names}`);
  }
  return parsed;
}

function text(values: Parsed['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function required(values: Parsed['values'], name: string): string {
  const value = text(values, name);
  if (value === undefined || value.trim() === '') throw usage(`Option obligatoire manquante : --${name}`);
  return value;
}

function booleanText(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  const normalized = value.toLowerCase();
  if (['true', 'oui', 'yes', '1'].includes(normalized)) return true;
  if (['false', 'non', 'no', '0'].includes(normalized)) return false;
  throw usage(`--${name} attend true ou false (reçu : ${value})`);
}

function category(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isCategoryId(value)) throw usage(`Catégorie inconnue : ${value} (valeurs possibles : ${CATEGORY_IDS.join(', ')})`);
  return value;
}

/** "2026-12-31" is the end of that day in La Réunion (UTC+4, no daylight saving); full ISO dates pass through. */
export function endDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const iso = `${value}T23:59:59+04:00`;
    if (Number.isNaN(Date.parse(iso))) throw usage(`Date invalide : ${value}`);
    return iso;
  }
  if (Number.isNaN(Date.parse(value))) throw usage(`Date invalide : ${value} (attendu AAAA-MM-JJ ou ISO 8601)`);
  return value;
}

function outcome(value: string): 'yes' | 'no' {
  const normalized = value.toLowerCase();
  if (normalized === 'oui' || normalized === 'yes') return 'yes';
  if (normalized === 'non' || normalized === 'no') return 'no';
  throw usage(`--outcome attend oui ou non (reçu : ${value})`);
}

function communeTitle(values: Parsed['values']): string | undefined {
  const title = text(values, 'title');
  const name = text(values, 'name');
  if (title !== undefined && name !== undefined) throw usage('Donner --title ou --name, pas les deux');
  return name !== undefined ? municipalTitle(name.trim()) : title;
}

function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// ---- HTTP ----

interface Client {
  baseUrl: string;
  token: string | undefined;
}

async function call<T>(client: Client, method: string, path: string, body?: unknown, admin = true): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (admin) {
    if (!client.token)
      throw new CliError('ADMIN_TOKEN n’est pas défini : exportez le jeton d’administration du serveur (ADMIN_TOKEN=…).', 2);
    headers.Authorization = `Bearer ${client.token}`;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const url = `${client.baseUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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

interface Context {
  client: Client;
  print: Print;
  json: boolean;
}

type Command = { options: Options; positionals: string[]; run(parsed: Parsed, context: Context): Promise<void> };

function show<T>(context: Context, value: T, describe: (value: T) => string, title?: string): void {
  if (context.json) {
    context.print(JSON.stringify(value, null, 2));
    return;
  }
  if (title) context.print(title);
  context.print(describe(value));
}

const COMMANDS: Record<string, Command> = {
  'markets:list': {
    options: {},
    positionals: [],
    async run(_parsed, context) {
      const markets = await call<Market[]>(context.client, 'GET', '/api/markets', undefined, false);
      if (context.json) return context.print(JSON.stringify(markets, null, 2));
      for (const market of markets) context.print(describeMarket(market));
      context.print(`${markets.length} prédiction(s)`);
    },
  },
  'markets:create': {
    options: {
      id: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      category: { type: 'string' },
      'end-date': { type: 'string' },
      trending: { type: 'boolean' },
    },
    positionals: [],
    async run({ values }, context) {
      const body = compact({
        id: text(values, 'id'),
        title: required(values, 'title'),
        description: text(values, 'description') ?? '',
        category: category(required(values, 'category')),
        endDate: endDate(required(values, 'end-date')),
        trending: values.trending === true ? true : undefined,
      });
      const market = await call<Market>(context.client, 'POST', '/api/admin/markets', body);
      show(context, market, describeMarket, 'Prédiction créée :');
    },
  },
  'markets:update': {
    options: {
      title: { type: 'string' },
      description: { type: 'string' },
      category: { type: 'string' },
      'end-date': { type: 'string' },
      trending: { type: 'string' },
    },
    positionals: ['<id>'],
    async run({ values, positionals: [id = ''] }, context) {
      const body = compact({
        title: text(values, 'title'),
        description: text(values, 'description'),
        category: category(text(values, 'category')),
        endDate: endDate(text(values, 'end-date')),
        trending: booleanText(text(values, 'trending'), 'trending'),
      });
      if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez au moins une option (--title, --trending…)');
      const market = await call<Market>(context.client, 'PATCH', `/api/admin/markets/${seg(id)}`, body);
      show(context, market, describeMarket, 'Prédiction modifiée :');
    },
  },
  'markets:resolve': {
    options: { outcome: { type: 'string' } },
    positionals: ['<id>'],
    async run({ values, positionals: [id = ''] }, context) {
      const market = await call<Market>(context.client, 'POST', `/api/admin/markets/${seg(id)}/resolve`, {
        outcome: outcome(required(values, 'outcome')),
      });
      show(context, market, describeMarket, 'Prédiction résolue :');
    },
  },
  'markets:delete': {
    options: {},
    positionals: ['<id>'],
    async run({ positionals: [id = ''] }, context) {
      await call(context.client, 'DELETE', `/api/admin/markets/${seg(id)}`);
      context.print(context.json ? JSON.stringify({ deleted: id }) : `Prédiction supprimée : ${id}`);
    },
  },
  'communes:list': {
    options: {},
    positionals: [],
    async run(_parsed, context) {
      const communes = await call<Commune[]>(context.client, 'GET', '/api/municipal', undefined, false);
      if (context.json) return context.print(JSON.stringify(communes, null, 2));
      for (const commune of communes) context.print(describeCommune(commune));
      context.print(`${communes.length} élection(s)`);
    },
  },
  'communes:create': {
    options: { id: { type: 'string' }, title: { type: 'string' }, name: { type: 'string' }, trending: { type: 'boolean' } },
    positionals: [],
    async run({ values }, context) {
      const title = communeTitle(values);
      if (title === undefined) throw usage('Option obligatoire manquante : --title ou --name');
      const body = compact({ id: text(values, 'id'), title, trending: values.trending === true ? true : undefined });
      const commune = await call<Commune>(context.client, 'POST', '/api/admin/municipal', body);
      show(context, commune, describeCommune, 'Élection créée :');
    },
  },
  'communes:update': {
    options: { title: { type: 'string' }, name: { type: 'string' }, trending: { type: 'string' } },
    positionals: ['<id>'],
    async run({ values, positionals: [id = ''] }, context) {
      const body = compact({ title: communeTitle(values), trending: booleanText(text(values, 'trending'), 'trending') });
      if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez --title, --name ou --trending');
      const commune = await call<Commune>(context.client, 'PATCH', `/api/admin/municipal/${seg(id)}`, body);
      show(context, commune, describeCommune, 'Élection modifiée :');
    },
  },
  'communes:delete': {
    options: {},
    positionals: ['<id>'],
    async run({ positionals: [id = ''] }, context) {
      await call(context.client, 'DELETE', `/api/admin/municipal/${seg(id)}`);
      context.print(context.json ? JSON.stringify({ deleted: id }) : `Élection supprimée : ${id}`);
    },
  },
  'candidates:list': {
    options: {},
    positionals: ['<communeId>'],
    async run({ positionals: [communeId = ''] }, context) {
      const candidates = await call<Candidate[]>(
        context.client,
        'GET',
        `/api/municipal/${seg(communeId)}/candidates`,
        undefined,
        false,
      );
      if (context.json) return context.print(JSON.stringify(candidates, null, 2));
      for (const candidate of candidates) context.print(describeCandidate(candidate));
      context.print(`${candidates.length} candidat(s)`);
    },
  },
  'candidates:add': {
    options: { id: { type: 'string' }, name: { type: 'string' } },
    positionals: ['<communeId>'],
    async run({ values, positionals: [communeId = ''] }, context) {
      const body = compact({ id: text(values, 'id'), name: required(values, 'name') });
      const candidate = await call<Candidate>(context.client, 'POST', `/api/admin/municipal/${seg(communeId)}/candidates`, body);
      show(context, candidate, describeCandidate, 'Candidat ajouté :');
    },
  },
  'candidates:rename': {
    options: { name: { type: 'string' } },
    positionals: ['<communeId>', '<candidateId>'],
    async run({ values, positionals: [communeId = '', candidateId = ''] }, context) {
      const candidate = await call<Candidate>(
        context.client,
        'PATCH',
        `/api/admin/municipal/${seg(communeId)}/candidates/${seg(candidateId)}`,
        { name: required(values, 'name') },
      );
      show(context, candidate, describeCandidate, 'Candidat renommé :');
    },
  },
  'candidates:delete': {
    options: {},
    positionals: ['<communeId>', '<candidateId>'],
    async run({ positionals: [communeId = '', candidateId = ''] }, context) {
      await call(context.client, 'DELETE', `/api/admin/municipal/${seg(communeId)}/candidates/${seg(candidateId)}`);
      context.print(context.json ? JSON.stringify({ deleted: candidateId }) : `Candidat supprimé : ${candidateId}`);
    },
  },
};

/** Runs one command line; returns the exit code. Output goes through the given writers (tests pass their own). */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Print = (line) => process.stdout.write(`${line}\n`),
  err: Print = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    out(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`Commande inconnue : ${name}\nVoir : npm run admin -- help`);
    return 2;
  }
  try {
    const parsed = parse(rest, command.options, command.positionals.length, command.positionals.join(' '));
    if (parsed.values.help) {
      out(HELP);
      return 0;
    }
    const port = env.PORT && env.PORT !== '' ? env.PORT : '3000';
    const baseUrl = (text(parsed.values, 'url') ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
    try {
      new URL(baseUrl);
    } catch {
      throw usage(`--url invalide : ${baseUrl}`);
    }
    const token = env.ADMIN_TOKEN && env.ADMIN_TOKEN !== '' ? env.ADMIN_TOKEN : undefined;
    await command.run(parsed, { client: { baseUrl, token }, print: out, json: parsed.values.json === true });
    return 0;
  } catch (error) {
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
