/**
 * The command line's news items and weather alerts (`news:*`, `alerts:*`), over the same admin API as the
 * `#admin` screen. The helpers come from admin.ts, which registers these commands on its program.
 */
import type { Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import {
  alertLabel,
  CYCLONE_LEVELS,
  isAlertCurrent,
  NEWS_CATEGORIES,
  RAIN_LEVELS,
  type NewsItem,
  type WeatherAlert,
} from '../../shared/news.js';
import { fromReunionDateTime, wholeNumberOrText } from '../../shared/reunion-time.js';
import { bodyFor, compact, deleted, list, request, show, usage, type Action } from './admin-kit.js';

/** "maintenant" is the present instant; a date-time without a zone is La Réunion's; anything else as given. */
export function reunionInstant(value: string, now: () => Date = () => new Date()): string {
  return value.trim().toLowerCase() === 'maintenant' ? now().toISOString() : fromReunionDateTime(value);
}

const integer = (value: string) => wholeNumberOrText(value);

function trendingFlag(value: string): boolean | string {
  const normalized = value.toLowerCase();
  if (['true', 'oui', 'yes', '1'].includes(normalized)) return true;
  if (['false', 'non', 'no', '0'].includes(normalized)) return false;
  // Left as typed: the schema refuses it in the server's words.
  return value;
}

function describeNewsItem(item: NewsItem): string {
  return [
    `${item.id}${item.trending ? '  [tendance]' : ''}`,
    `  ${item.image} ${item.title}`,
    `  ${item.category} · publié ${item.publishedAt} · ${item.author} · ${item.views} vue(s) (${item.viewsChange > 0 ? '+' : ''}${item.viewsChange} %) · ${item.readTime} min`,
    `  ${item.pressUrl}`,
  ].join('\n');
}

function alertStatus(alert: WeatherAlert, now: Date): string {
  if (isAlertCurrent(alert, now)) return 'en cours';
  return Date.parse(alert.issuedAt) > now.getTime() ? 'à venir' : 'terminée';
}

function describeAlert(alert: WeatherAlert): string {
  return [
    `${alert.id}  [${alertStatus(alert, new Date())}]`,
    `  ${alertLabel(alert)} — ${alert.zone}${alert.places ? ` (${alert.places})` : ''}`,
    `  émise ${alert.issuedAt} · fin ${alert.endsAt}`,
    `  ${alert.advice}`,
  ].join('\n');
}

export const NEWS_HELP = `Catégories d’articles : ${NEWS_CATEGORIES.join(', ')}.
Alertes : --kind cyclone (${CYCLONE_LEVELS.join(', ')}) ou --kind pluies (${RAIN_LEVELS.join(', ')}).
Heures d’articles et d’alertes : AAAA-MM-JJTHH:MM (heure de La Réunion), ISO 8601 complète, ou « maintenant ».`;

/** The options an article takes; on `news:create` the required ones are marked by the schema, not commander. */
function newsOptions(command: Command, trending: 'flag' | 'value'): Command {
  command
    .option('--title <titre>')
    .option('--summary <texte>', 'le résumé')
    .option('--category <catégorie>', NEWS_CATEGORIES.join(', '))
    .option('--published-at <date>', 'date de publication', (value) => reunionInstant(value))
    .option('--author <auteur>')
    .option('--read-time <minutes>', 'temps de lecture', integer)
    .option('--views <nombre>', 'nombre de vues', integer)
    .option('--views-change <pourcentage>', 'évolution des vues', integer)
    .option('--image <émoji>')
    .option('--press-url <adresse>', 'l’article de presse (http ou https)');
  return trending === 'flag'
    ? command.option('--trending', 'mise en avant')
    : command.option('--trending <true|false>', 'mise en avant', trendingFlag);
}

function alertOptions(command: Command): Command {
  return command
    .option('--kind <type>', 'cyclone ou pluies')
    .option('--level <niveau>')
    .option('--zone <zone>', 'la zone du titre : « Est et Sud »')
    .option('--places <communes>', 'les communes concernées')
    .option('--advice <consigne>', 'la consigne')
    .option('--issued-at <date>', 'émission', (value) => reunionInstant(value))
    .option('--ends-at <date>', 'fin', (value) => reunionInstant(value));
}

export function registerNewsCommands(program: Command, action: Action): void {
  // ---- news items ----

  program
    .command('news:list')
    .description('les articles de la page Actualités')
    .action(
      action(async (context) => {
        const feed = await request(context, 'getNews');
        list(context, feed.items, describeNewsItem, 'article(s)');
      }),
    );

  newsOptions(program.command('news:create').description('publie un article (publié maintenant sans --published-at)'), 'flag')
    .option('--id <id>', 'identifiant choisi (sinon tiré du titre)')
    .action(
      action(async (context, options: Record<string, unknown>) => {
        const body = bodyFor(adminEndpoints.createNewsItem.body, {
          publishedAt: new Date().toISOString(),
          readTime: 3,
          views: 0,
          viewsChange: 0,
          image: '📰',
          ...compact(options),
        });
        const item = await request(context, 'createNewsItem', { body });
        show(context, item, describeNewsItem, 'Article publié :');
      }),
    );

  newsOptions(program.command('news:update').description('modifie un article').argument('<id>'), 'value').action(
    action(async (context, id: string, options: Record<string, unknown>) => {
      const body = bodyFor(adminEndpoints.updateNewsItem.body, compact(options));
      if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez au moins une option (--title, --views…)');
      const item = await request(context, 'updateNewsItem', { params: { id }, body });
      show(context, item, describeNewsItem, 'Article modifié :');
    }),
  );

  program
    .command('news:delete')
    .description('supprime un article')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteNewsItem', { params: { id } });
        deleted(context, id, 'Article');
      }),
    );

  // ---- weather alerts ----

  program
    .command('alerts:list')
    .description('toutes les alertes météo, terminées comprises')
    .action(
      action(async (context) => {
        const alerts = await request(context, 'listAlerts');
        list(context, alerts, describeAlert, 'alerte(s)');
      }),
    );

  alertOptions(program.command('alerts:create').description('émet une alerte (émise maintenant sans --issued-at)'))
    .option('--id <id>', 'identifiant choisi (sinon tiré du type et de la zone)')
    .action(
      action(async (context, options: Record<string, unknown>) => {
        const body = bodyFor(adminEndpoints.createAlert.body, { issuedAt: new Date().toISOString(), ...compact(options) });
        const alert = await request(context, 'createAlert', { body });
        show(context, alert, describeAlert, 'Alerte émise :');
      }),
    );

  alertOptions(program.command('alerts:update').description('modifie une alerte').argument('<id>')).action(
    action(async (context, id: string, options: Record<string, unknown>) => {
      const body = bodyFor(adminEndpoints.updateAlert.body, compact(options));
      if (Object.keys(body).length === 0) throw usage('Rien à modifier : donnez au moins une option (--level, --ends-at…)');
      const alert = await request(context, 'updateAlert', { params: { id }, body });
      show(context, alert, describeAlert, 'Alerte modifiée :');
    }),
  );

  program
    .command('alerts:end')
    .description('termine une alerte maintenant (sa fin devient l’instant présent)')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        const body = bodyFor(adminEndpoints.updateAlert.body, { endsAt: new Date().toISOString() });
        const alert = await request(context, 'updateAlert', { params: { id }, body });
        show(context, alert, describeAlert, 'Alerte terminée :');
      }),
    );

  program
    .command('alerts:delete')
    .description('supprime une alerte')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteAlert', { params: { id } });
        deleted(context, id, 'Alerte');
      }),
    );
}
