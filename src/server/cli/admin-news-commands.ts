/**
 * The command line's news items and weather alerts (`news:*`, `alerts:*`), over the same admin API as the
 * `#admin` screen. The helpers come from admin.ts, which registers these commands on its program.
 */
import type { Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import { ADMIN_CLI_MESSAGES, ADMIN_CLI_THINGS, adminNewsHelp, NEWS_CLI_MESSAGES, newsCliText } from '../../shared/messages.js';
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
    `${item.id}${item.trending ? NEWS_CLI_MESSAGES.trendingFlag : ''}`,
    `  ${item.image} ${item.title}`,
    newsCliText.itemFigures(item),
    `  ${item.pressUrl}`,
  ].join('\n');
}

function alertStatus(alert: WeatherAlert, now: Date): string {
  if (isAlertCurrent(alert, now)) return NEWS_CLI_MESSAGES.current;
  return Date.parse(alert.issuedAt) > now.getTime() ? NEWS_CLI_MESSAGES.upcoming : NEWS_CLI_MESSAGES.ended;
}

function describeAlert(alert: WeatherAlert): string {
  return [
    `${alert.id}  [${alertStatus(alert, new Date())}]`,
    `  ${alertLabel(alert)} — ${alert.zone}${alert.places ? ` (${alert.places})` : ''}`,
    newsCliText.alertDates(alert.issuedAt, alert.endsAt),
    `  ${alert.advice}`,
  ].join('\n');
}

export const NEWS_HELP = adminNewsHelp(NEWS_CATEGORIES, CYCLONE_LEVELS, RAIN_LEVELS);

/** The options an article takes; on `news:create` the required ones are marked by the schema, not commander. */
function newsOptions(command: Command, trending: 'flag' | 'value'): Command {
  command
    .option('--title <titre>')
    .option('--summary <texte>', NEWS_CLI_MESSAGES.summary)
    .option('--category <catégorie>', NEWS_CATEGORIES.join(', '))
    .option('--published-at <date>', NEWS_CLI_MESSAGES.publishedAt, (value) => reunionInstant(value))
    .option('--author <auteur>')
    .option('--read-time <minutes>', NEWS_CLI_MESSAGES.readTime, integer)
    .option('--views <nombre>', NEWS_CLI_MESSAGES.views, integer)
    .option('--views-change <pourcentage>', NEWS_CLI_MESSAGES.viewsChange, integer)
    .option('--image <émoji>')
    .option('--press-url <adresse>', NEWS_CLI_MESSAGES.pressUrl);
  return trending === 'flag'
    ? command.option('--trending', ADMIN_CLI_MESSAGES.trending)
    : command.option('--trending <true|false>', ADMIN_CLI_MESSAGES.trending, trendingFlag);
}

function alertOptions(command: Command): Command {
  return command
    .option('--kind <type>', NEWS_CLI_MESSAGES.kind)
    .option('--level <niveau>')
    .option('--zone <zone>', NEWS_CLI_MESSAGES.zone)
    .option('--places <communes>', NEWS_CLI_MESSAGES.places)
    .option('--advice <consigne>', NEWS_CLI_MESSAGES.advice)
    .option('--issued-at <date>', NEWS_CLI_MESSAGES.issuedAt, (value) => reunionInstant(value))
    .option('--ends-at <date>', NEWS_CLI_MESSAGES.endsAt, (value) => reunionInstant(value));
}

export function registerNewsCommands(program: Command, action: Action): void {
  // ---- news items ----

  program
    .command('news:list')
    .description(NEWS_CLI_MESSAGES.list)
    .action(
      action(async (context) => {
        const feed = await request(context, 'getNews');
        list(context, feed.items, describeNewsItem, ADMIN_CLI_THINGS.articles);
      }),
    );

  newsOptions(program.command('news:create').description(NEWS_CLI_MESSAGES.create), 'flag')
    .option('--id <id>', ADMIN_CLI_MESSAGES.chosenIdFromTitle)
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
        show(context, item, describeNewsItem, NEWS_CLI_MESSAGES.published);
      }),
    );

  newsOptions(program.command('news:update').description(NEWS_CLI_MESSAGES.update).argument('<id>'), 'value').action(
    action(async (context, id: string, options: Record<string, unknown>) => {
      const body = bodyFor(adminEndpoints.updateNewsItem.body, compact(options));
      if (Object.keys(body).length === 0) throw usage(NEWS_CLI_MESSAGES.newsNothingToUpdate);
      const item = await request(context, 'updateNewsItem', { params: { id }, body });
      show(context, item, describeNewsItem, NEWS_CLI_MESSAGES.newsUpdated);
    }),
  );

  program
    .command('news:delete')
    .description(NEWS_CLI_MESSAGES.delete)
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteNewsItem', { params: { id } });
        deleted(context, id, ADMIN_CLI_THINGS.article);
      }),
    );

  // ---- weather alerts ----

  program
    .command('alerts:list')
    .description(NEWS_CLI_MESSAGES.alertsList)
    .action(
      action(async (context) => {
        const alerts = await request(context, 'listAlerts');
        list(context, alerts, describeAlert, ADMIN_CLI_THINGS.alerts);
      }),
    );

  alertOptions(program.command('alerts:create').description(NEWS_CLI_MESSAGES.alertsCreate))
    .option('--id <id>', NEWS_CLI_MESSAGES.alertChosenId)
    .action(
      action(async (context, options: Record<string, unknown>) => {
        const body = bodyFor(adminEndpoints.createAlert.body, { issuedAt: new Date().toISOString(), ...compact(options) });
        const alert = await request(context, 'createAlert', { body });
        show(context, alert, describeAlert, NEWS_CLI_MESSAGES.alertIssued);
      }),
    );

  alertOptions(program.command('alerts:update').description(NEWS_CLI_MESSAGES.alertsUpdate).argument('<id>')).action(
    action(async (context, id: string, options: Record<string, unknown>) => {
      const body = bodyFor(adminEndpoints.updateAlert.body, compact(options));
      if (Object.keys(body).length === 0) throw usage(NEWS_CLI_MESSAGES.alertNothingToUpdate);
      const alert = await request(context, 'updateAlert', { params: { id }, body });
      show(context, alert, describeAlert, NEWS_CLI_MESSAGES.alertUpdated);
    }),
  );

  program
    .command('alerts:end')
    .description(NEWS_CLI_MESSAGES.alertsEnd)
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        const body = bodyFor(adminEndpoints.updateAlert.body, { endsAt: new Date().toISOString() });
        const alert = await request(context, 'updateAlert', { params: { id }, body });
        show(context, alert, describeAlert, NEWS_CLI_MESSAGES.alertEnded);
      }),
    );

  program
    .command('alerts:delete')
    .description(NEWS_CLI_MESSAGES.alertsDelete)
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteAlert', { params: { id } });
        deleted(context, id, ADMIN_CLI_THINGS.alert);
      }),
    );
}
