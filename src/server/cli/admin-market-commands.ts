/** The command line's predictions (`markets:*`), over the admin API. */
import { InvalidArgumentError, type Command } from 'commander';
import { adminEndpoints } from '../../shared/api/admin.js';
import { CATEGORY_IDS } from '../../shared/categories.js';
import type { Market } from '../../shared/market.js';
import { wholeList } from '../../shared/market-list.js';
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
  throw new InvalidArgumentError(`--outcome attend oui ou non (reçu : ${value})`);
}

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

export function registerMarketCommands(program: Command, action: Action): void {
  // ---- predictions ----

  program
    .command('markets:list')
    .description('les prédictions')
    .action(
      action(async (context) => {
        const markets = wholeList(await request(context, 'listMarkets'));
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
          const market = await request(context, 'createMarket', { body });
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
        const market = await request(context, 'updateMarket', { params: { id }, body });
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
        const market = await request(context, 'resolveMarket', { params: { id }, body });
        show(context, market, describeMarket, 'Prédiction résolue :');
      }),
    );

  program
    .command('markets:delete')
    .description('supprime une prédiction et ses votes')
    .argument('<id>')
    .action(
      action(async (context, id: string) => {
        await request(context, 'deleteMarket', { params: { id } });
        deleted(context, id, 'Prédiction');
      }),
    );
}
