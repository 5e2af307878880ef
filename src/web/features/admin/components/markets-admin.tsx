import type { adminEndpoints } from '../../../../shared/api/admin.js';
import type { BodyOf } from '../../../../shared/api/contract.js';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { findCategory } from '../../../../shared/categories.js';
import type { Market } from '../../../../shared/market.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { adminKeys, marketPagesQuery, marketsOfPages } from '../api/admin-queries.js';
import { useAdminCall } from '../api/admin-session.js';
import { usePagesCache } from '../api/use-list-cache.js';
import { AdminCollection } from './admin-collection.js';
import { formatCount } from '../../../../shared/format.js';
import { DeleteButton, FormError } from './fields.js';
import { MarketForm, type MarketFields } from './market-form.js';
import * as adminCopy from '../../../copy/admin.js';

const ACTION = 'h-auto min-h-11 py-2';

export function MarketsAdmin() {
  const [search, setSearch] = useState('');
  // Typing is drawn first; the server's answer follows (the previous one stays shown meanwhile).
  const needle = useDeferredValue(search.trim());
  const pages = useInfiniteQuery(marketPagesQuery(needle));
  const items = marketsOfPages(pages.data);
  const total = pages.data?.pages[0]?.total;
  const create = useAdminCall();
  const cache = usePagesCache(adminKeys.markets);

  async function submitNew(fields: MarketFields, close: () => void) {
    const answer = await create.run('createMarket', { body: fields });
    if (answer) {
      cache.put(answer.value);
      close();
    }
  }

  return (
    <AdminCollection
      headingId="admin-markets"
      heading={adminCopy.marketsAdminPredictions}
      newLabel={adminCopy.marketsAdminNouvellePrediction}
      filterLabel={adminCopy.marketsAdminRechercher}
      loadingLabel={adminCopy.marketsAdminChargementDesPredictions}
      items={items}
      error={pages.error}
      search={{ value: search, onChange: setSearch }}
      footer={
        items &&
        total !== undefined && (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="admin-markets-count">
              {adminCopy.marketsAdminAffichees(formatCount(items.length), formatCount(total))}
            </p>
            {pages.hasNextPage && (
              <Button variant="outline" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {adminCopy.marketsAdminAfficherPlus}
              </Button>
            )}
          </div>
        )
      }
      renderNewForm={(close) => (
        <MarketForm
          pending={create.pending}
          error={create.error}
          onSubmit={(fields) => void submitNew(fields, close)}
          onCancel={() => {
            create.clearError();
            close();
          }}
        />
      )}
      renderRow={(market) => <MarketRow market={market} />}
    />
  );
}

function MarketRow({ market }: { market: Market }) {
  const [editing, setEditing] = useState(false);
  const [resolving, setResolving] = useState(false);
  const call = useAdminCall();
  const cache = usePagesCache(adminKeys.markets);
  const category = findCategory(market.category);

  async function update(body: BodyOf<typeof adminEndpoints.updateMarket>) {
    const answer = await call.run('updateMarket', { params: { id: market.id }, body });
    if (answer) {
      cache.put(answer.value);
      setEditing(false);
    }
  }

  async function resolve(outcome: 'yes' | 'no') {
    const answer = await call.run('resolveMarket', { params: { id: market.id }, body: { outcome } });
    if (answer) {
      cache.put(answer.value);
      setResolving(false);
    }
  }

  async function remove() {
    if (await call.run('deleteMarket', { params: { id: market.id } })) cache.remove(market.id);
  }

  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={market.title} role="group">
      <div className="flex flex-wrap items-center gap-2">
        {category && <Badge className={category.color}>{category.name}</Badge>}
        {market.trending && <Badge tone="trending">{adminCopy.marketsAdminTendance}</Badge>}
        {market.resolved && (
          <Badge tone={market.outcome === 'yes' ? 'yes' : 'no'}>
            {adminCopy.marketsAdminResolue}
            {market.outcome === 'yes' ? adminCopy.marketsAdminOui : adminCopy.marketsAdminNon}
          </Badge>
        )}
      </div>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">{market.title}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {formatCount(market.totalVotes)} {adminCopy.marketsAdminVote}
        {market.totalVotes > 1 ? 's' : ''} {adminCopy.marketsAdminFinLe}{' '}
        {new Date(market.endDate).toLocaleDateString('fr-FR', { timeZone: 'Indian/Reunion' })} ·{' '}
        <code className="font-mono text-xs break-all">{market.id}</code>
      </p>
      {editing ? (
        <MarketForm
          market={market}
          pending={call.pending}
          error={call.error}
          onSubmit={(fields) => void update(fields)}
          onCancel={() => {
            call.clearError();
            setEditing(false);
          }}
        />
      ) : (
        <>
          {resolving && (
            <div
              role="group"
              aria-label={adminCopy.marketsAdminChoisirLeResultat}
              className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/70"
            >
              <p className="flex-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                {adminCopy.marketsAdminQuelEstLeResultat}
              </p>
              <Button variant="yes" disabled={call.pending} onClick={() => void resolve('yes')}>
                {adminCopy.marketsAdminOui}
              </Button>
              <Button variant="no" disabled={call.pending} onClick={() => void resolve('no')}>
                {adminCopy.marketsAdminNon}
              </Button>
              <Button variant="outline" onClick={() => setResolving(false)}>
                {adminCopy.marketsAdminAnnuler}
              </Button>
            </div>
          )}
          <FormError message={call.error} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="secondary" className={ACTION} onClick={() => setEditing(true)}>
              {adminCopy.marketsAdminModifier}
            </Button>
            {!market.resolved && !resolving && (
              <Button variant="secondary" className={ACTION} onClick={() => setResolving(true)}>
                {adminCopy.marketsAdminResoudre}
              </Button>
            )}
            <Button variant="secondary" disabled={call.pending} onClick={() => void update({ trending: !market.trending })}>
              {market.trending ? adminCopy.marketsAdminRetirerDesTendances : adminCopy.marketsAdminMettreEnTendance}
            </Button>
            <DeleteButton what={adminCopy.marketsAdminCettePrediction} pending={call.pending} onConfirm={() => void remove()} />
          </div>
        </>
      )}
    </Card>
  );
}
