/** The command line's predictions (`markets:*`), over the admin API. */
import { InvalidArgumentError, type Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import { CATEGORY_IDS } from '../../shared/categories.js';
import type { Market } from '../../shared/market.js';
import { wholeList } from '../../shared/market-list.js';
import { ADMIN_CLI_MESSAGES, ADMIN_CLI_THINGS, adminCliText, MARKET_CLI_MESSAGES, marketCliText } from '../../shared/messages.js';
import { bodyFor, compact, request, show, list, deleted, usage, type Action } from './admin-kit.js';
import { yesOrNo } from './admin-options.js';

/** "2026-12-31" is the end of that day in La Réunion (UTC+4, no daylight saving); other dates pass through. */
export function endDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59+04:00` : value;
}

function outcome(value: string): 'yes' | 'no' {
  const normalized = value.toLowerCase();
  if (normalized === 'oui' || normalized === 'yes') return 'yes';
  if (normalized === 'non' || normalized === 'no') return 'no';
  throw new InvalidArgumentError(adminCliText.expectsOutcome(value));
}

function describeMarket(market: Market): string {
  const flags = [
    market.trending ? MARKET_CLI_MESSAGES.trendingFlag : '',
    market.resolved ? marketCliText.resolvedFlag(market.outcome) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [`${market.id}${flags ? `  [${flags}]` : ''}`, `  ${market.title}`, marketCliText.figures(market)].join('\n');
}

export function registerMarketCommands(program: Command, action: Action): void {
  // ---- predictions ----

  program
    .command('markets:list')
    .description(MARKET_CLI_MESSAGES.list)
    .action(
      action(async (context) => {
        const markets = wholeList(await request(context, 'listMarkets'));
        list(context, markets, describeMarket, ADMIN_CLI_THINGS.predictions);
      }),
    );

  program
    .command('markets:create')
    .description(MARKET_CLI_MESSAGES.create)
    .requiredOption('--title <titre>', MARKET_CLI_MESSAGES.question)
    .option('--description <texte>', MARKET_CLI_MESSAGES.detail, '')
    .requiredOption('--category <catégorie>', CATEGORY_IDS.join(', '))
    .requiredOption('--end-date <date>', ADMIN_CLI_MESSAGES.endOfVote, endDate)
    .option('--trending', ADMIN_CLI_MESSAGES.trending)
    .option('--id <id>', ADMIN_CLI_MESSAGES.chosenIdFromTitle)
    .action(
      action(
        async (
          context,
          options: { title: string; description: string; category: string; endDate: string; trending?: true; id?: string },
        ) => {
          const body = bodyFor(adminEndpoints.createMarket.body, compact(options));
          const market = await request(context, 'createMarket', { body });
          show(context, market, describeMarket, MARKET_CLI_MESSAGES.created);
        },
      ),
    );

  program
    .command('markets:update')
    .description(MARKET_CLI_MESSAGES.update)
    .argument('<id>')
    .option('--title <titre>')
    .option('--description <texte>')
    .option('--category <catégorie>')
    .option('--end-date <date>', ADMIN_CLI_MESSAGES.endOfVote, endDate)
    .option('--trending <true|false>', ADMIN_CLI_MESSAGES.trending, yesOrNo('trending'))
    .action(
      action(async (context, id: string, options: Record<string, unknown>) => {
        const body = bodyFor(adminEndpoints.updateMarket.body, compact(options));
        if (Object.keys(body).length === 0) throw usage(MARKET_CLI_MESSAGES.nothingToUpdate);
        const market = await request(context, 'updateMarket', { params: { id }, body });
        show(context, market, describeMarket, MARKET_CLI_MESSAGES.updated);
      }),
    );

  program
    .command('markets:resolve')
    .description(MARKET_CLI_MESSAGES.resolve)
    .argument('<id>')
    .requiredOption('--outcome <oui|non>', MARKET_CLI_MESSAGES.outcome, outcome)
    .action(
      action(async (context, id: string, options: { outcome: 'yes' | 'no' }) => {
        const body = bodyFor(adminEndpoints.resolveMarket.body, options);
        const market = await request(context, 'resolveMarket', { params: { id }, body });
        show(context, market, describeMarket, MARKET_CLI_MESSAGES.resolved);
      }),
    );

  program
    .command('markets:delete')
    .description(MARKET_CLI_MESSAGES.delete)
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteMarket', { params: { id } });
        deleted(context, id, ADMIN_CLI_THINGS.prediction);
      }),
    );
}
