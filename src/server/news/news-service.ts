import type { z } from 'zod';
import { NEWS_MESSAGES } from '../../shared/messages.js';
import { rankNews, type NewsFeed, type NewsItem, type WeatherAlert } from '../../shared/news.js';
import {
  alertDatesSchema,
  describeIssue,
  newsDatesSchema,
  newsItemInputSchema,
  weatherAlertInputSchema,
  type NewsItemInput,
  type NewsItemPatch,
  type WeatherAlertInput,
  type WeatherAlertPatch,
} from '../../shared/schemas.js';
import { generateId } from '../admin/admin-service.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import {
  deleteAlert,
  deleteNewsItem,
  findAlert,
  findNewsItem,
  insertAlerts,
  insertNewsItems,
  listAlertsNotEnded,
  listAllAlerts,
  listNewsItems,
  replaceAlert,
  replaceNewsItem,
} from './news-repository.js';

const utc = (iso: string): string => new Date(iso).toISOString();

function newsItemFrom(id: string, input: Omit<NewsItemInput, 'id'>): NewsItem {
  return { ...input, id, publishedAt: utc(input.publishedAt), trending: input.trending ?? false };
}

function alertFrom(id: string, input: WeatherAlertInput): WeatherAlert {
  return { ...input, id, places: input.places ?? '', issuedAt: utc(input.issuedAt), endsAt: utc(input.endsAt) };
}

/** A patch applied to a stored record must still make a whole valid record (an alert's kind and level go together). */
function revalidate<S extends z.ZodType>(schema: S, merged: unknown): z.infer<S> {
  const result = schema.safeParse(merged, { reportInput: true });
  if (!result.success) throw new HttpError(400, describeIssue(result.error));
  return result.data;
}

interface NewsServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  clock: () => Date;
}

/** The "Actualités" feed and its editing by operators. */
export class NewsService {
  constructor(private readonly deps: NewsServiceDeps) {}

  /** Every news item, recent ones first (rankNews), and the alerts not ended yet (the browser hides those not yet issued). */
  async feed(): Promise<NewsFeed> {
    const { db } = this.deps.database;
    const now = this.deps.clock();
    const [items, alerts] = await Promise.all([listNewsItems(db), listAlertsNotEnded(db, now)]);
    return { items: rankNews(items, now), alerts };
  }

  listAlerts(): Promise<WeatherAlert[]> {
    return listAllAlerts(this.deps.database.db);
  }

  async createNewsItem(input: NewsItemInput): Promise<NewsItem> {
    revalidate(newsDatesSchema(this.deps.clock()), input);
    const { id: chosen, ...fields } = input;
    const item = newsItemFrom(chosen ?? generateId(input.title, 'article'), fields);
    const created = await this.deps.batcher.run(async (trx) => {
      if (await findNewsItem(trx, item.id)) return false;
      await insertNewsItems(trx, [item]);
      return true;
    });
    if (!created) throw new HttpError(409, NEWS_MESSAGES.newsIdTaken);
    return item;
  }

  async updateNewsItem(id: string, patch: NewsItemPatch): Promise<NewsItem> {
    // Only the dates given are checked against now: a stored item keeps its date when another field changes.
    revalidate(newsDatesSchema(this.deps.clock()), patch);
    const updated = await this.deps.batcher.run(async (trx) => {
      const stored = await findNewsItem(trx, id);
      if (!stored) return null;
      const item = newsItemFrom(id, revalidate(newsItemInputSchema, { ...stored, ...patch, id: undefined }));
      await replaceNewsItem(trx, item);
      return item;
    });
    if (!updated) throw new HttpError(404, NEWS_MESSAGES.newsNotFound);
    return updated;
  }

  async deleteNewsItem(id: string): Promise<void> {
    const found = await this.deps.batcher.run((trx) => deleteNewsItem(trx, id));
    if (!found) throw new HttpError(404, NEWS_MESSAGES.newsNotFound);
  }

  async createAlert(input: WeatherAlertInput): Promise<WeatherAlert> {
    revalidate(alertDatesSchema(this.deps.clock()), input);
    const alert = alertFrom(input.id ?? generateId(`${input.kind}-${input.zone}`, 'alerte'), input);
    const created = await this.deps.batcher.run(async (trx) => {
      if (await findAlert(trx, alert.id)) return false;
      await insertAlerts(trx, [alert]);
      return true;
    });
    if (!created) throw new HttpError(409, NEWS_MESSAGES.alertIdTaken);
    return alert;
  }

  async updateAlert(id: string, patch: WeatherAlertPatch): Promise<WeatherAlert> {
    revalidate(alertDatesSchema(this.deps.clock()), patch);
    const updated = await this.deps.batcher.run(async (trx) => {
      const stored = await findAlert(trx, id);
      if (!stored) return null;
      const alert = alertFrom(id, revalidate(weatherAlertInputSchema, { ...stored, ...patch, id: undefined }));
      await replaceAlert(trx, alert);
      return alert;
    });
    if (!updated) throw new HttpError(404, NEWS_MESSAGES.alertNotFound);
    return updated;
  }

  async deleteAlert(id: string): Promise<void> {
    const found = await this.deps.batcher.run((trx) => deleteAlert(trx, id));
    if (!found) throw new HttpError(404, NEWS_MESSAGES.alertNotFound);
  }
}
