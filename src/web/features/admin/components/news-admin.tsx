import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { adminEndpoints } from '../../../../shared/api/admin.js';
import type { BodyOf } from '../../../../shared/api/contract.js';
import type { NewsItem } from '../../../../shared/news.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { formatCount } from '../../../../shared/format.js';
import { NEWS_CATEGORY_LABELS } from '../../news/index.js';
import { useAdminCall } from '../api/admin-session.js';
import { newsAdminKeys, newsItemsQuery } from '../api/news-queries.js';
import { useListCache } from '../api/use-list-cache.js';
import { AdminCollection } from './admin-collection.js';
import { AlertsAdmin } from './alerts-admin.js';
import { DeleteButton, FormError } from './fields.js';
import { NewsItemForm, type NewsItemFields } from './news-item-form.js';
import * as adminCopy from '../../../copy/admin.js';

const ACTION = 'h-auto min-h-11 py-2';

/** Wrongly typed numbers are sent as typed: the server refuses them with its French message. */
const asBody = (fields: NewsItemFields) => fields as BodyOf<typeof adminEndpoints.createNewsItem>;

/** The "Actualités" page's content: weather alerts first (what is urgent), then the news items. */
export function NewsAdmin({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  return (
    <div className="flex flex-col gap-8">
      <AlertsAdmin token={token} onUnauthorized={onUnauthorized} />
      <NewsItemsAdmin />
    </div>
  );
}

function NewsItemsAdmin() {
  const { data, error } = useQuery(newsItemsQuery);
  const create = useAdminCall();
  const cache = useListCache<NewsItem>(newsAdminKeys.items);

  async function submitNew(fields: NewsItemFields, close: () => void) {
    const answer = await create.run('createNewsItem', { body: asBody(fields) });
    if (answer) {
      cache.put(answer.value);
      close();
    }
  }

  return (
    <AdminCollection
      headingId="admin-news"
      heading={adminCopy.newsAdminArticles}
      newLabel={adminCopy.newsAdminNouvelArticle}
      filterLabel={adminCopy.newsAdminFiltrerLesArticlesPar}
      loadingLabel={adminCopy.newsAdminChargementDesArticles}
      items={data}
      error={error}
      renderNewForm={(close) => (
        <NewsItemForm
          pending={create.pending}
          error={create.error}
          onSubmit={(fields) => void submitNew(fields, close)}
          onCancel={() => {
            create.clearError();
            close();
          }}
        />
      )}
      renderRow={(item) => <NewsItemRow item={item} />}
    />
  );
}

function NewsItemRow({ item }: { item: NewsItem }) {
  const [editing, setEditing] = useState(false);
  const call = useAdminCall();
  const cache = useListCache<NewsItem>(newsAdminKeys.items);

  async function update(fields: NewsItemFields) {
    const answer = await call.run('updateNewsItem', { params: { id: item.id }, body: asBody(fields) });
    if (answer) {
      cache.put(answer.value);
      setEditing(false);
    }
  }

  async function remove() {
    if (await call.run('deleteNewsItem', { params: { id: item.id } })) cache.remove(item.id);
  }

  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={item.title} role="group">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{NEWS_CATEGORY_LABELS[item.category]}</Badge>
        {item.trending && <Badge tone="trending">{adminCopy.newsAdminTendance}</Badge>}
      </div>
      <h3 className="text-base font-bold text-slate-900 dark:text-white">
        <span aria-hidden="true">{item.image}</span> {item.title}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {item.author} {adminCopy.newsAdminPublieLe}
        {new Date(item.publishedAt).toLocaleDateString('fr-FR', { timeZone: 'Indian/Reunion' })} · {formatCount(item.views)}{' '}
        {adminCopy.newsAdminVue}
        {item.views > 1 ? 's' : ''} · <code className="font-mono text-xs break-all">{item.id}</code>
      </p>
      {editing ? (
        <NewsItemForm
          item={item}
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
          <FormError message={call.error} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="secondary" className={ACTION} onClick={() => setEditing(true)}>
              {adminCopy.newsAdminModifier}
            </Button>
            <DeleteButton what={adminCopy.newsAdminCetArticle} pending={call.pending} onConfirm={() => void remove()} />
          </div>
        </>
      )}
    </Card>
  );
}
