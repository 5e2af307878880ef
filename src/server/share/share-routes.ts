import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, SHARE_MESSAGES, seeElectionOn, seePredictionOn } from '../../shared/messages.js';
import { roundedPercentages, type Market } from '../../shared/market.js';
import { candidateShare, communeDisplayName, type Commune } from '../../shared/municipal.js';
import { idSchema } from '../../shared/schemas.js';
import { SITE } from '../../shared/site.js';
import { votesLabel } from '../../shared/format.js';
import {
  communeHash,
  communeShareDescription,
  communeSharePath,
  predictionHash,
  predictionShareDescription,
  predictionSharePath,
  predictionStatus,
  predictionStatusLabel,
  PREVIEW_IMAGE_FILE,
} from '../../shared/share.js';
import type { MarketCatalog } from '../markets/market-catalog.js';
import type { MunicipalService } from '../municipal/municipal-service.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/http-error.js';
import '../http/route-config.js';
import type { PreviewCache } from './preview-image.js';
import { PreviewQueueFull } from './preview-workers.js';
import { renderNotFoundPage, renderSharePage } from './share-page.js';

/** Pages and pictures change with the votes: five minutes is what a crawler or a proxy may keep them. */
const MAX_AGE = 'public, max-age=300';
/** A full drawing queue empties within a few seconds. */
const BUSY_RETRY_AFTER_SECONDS = 5;

const NOT_FOUND = {
  prediction: {
    heading: MESSAGES.marketNotFound,
    sentence: SHARE_MESSAGES.predictionNotFound,
  },
  commune: {
    heading: MESSAGES.communeNotFound,
    sentence: SHARE_MESSAGES.communeNotFound,
  },
} as const;

/** A page or picture route: outside the JSON API and its contract (docs/decisions/022-share-previews.md). */
const ROUTE_OPTIONS = { schema: { hide: true }, config: { rateLimitGroup: 'share' as const } };

/** `https://Predi974.re/` → `https://predi974.re`; null when it is no origin at all (a garbled Host header). */
function normalizedOrigin(text: string): string | null {
  return URL.canParse(text) ? new URL(text).origin : null;
}

/**
 * Where a share page's absolute links (og:url, og:image, canonical) point: PUBLIC_URL when it is set; else
 * the request's own origin only when ALLOWED_ORIGINS lists it; else nowhere, and the links stay relative.
 * The Host header is the client's word: echoed as it came, anyone could have a proxy or a crawler keep a
 * page of ours whose links lead to a site of theirs.
 */
function linkOrigin(request: FastifyRequest, config: ShareDeps['config'], allowed: ReadonlySet<string>): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const own = normalizedOrigin(`${request.protocol}://${request.host}`);
  return own !== null && allowed.has(own) ? own : '';
}

function validId(raw: string): string | null {
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function sendPage(reply: FastifyReply, status: number, html: string, varies = false): FastifyReply {
  // Without PUBLIC_URL the links depend on the host the page was asked for: caches must keep one copy per host.
  if (varies) reply.header('Vary', 'Host');
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', status === 200 ? MAX_AGE : 'no-cache')
    .send(html);
}

function sendPng(request: FastifyRequest, reply: FastifyReply, preview: { png: Buffer; etag: string }): FastifyReply {
  // Meant to be shown on other sites (messaging apps, social networks): not limited to this origin as the rest is.
  reply.header('Cache-Control', MAX_AGE).header('ETag', preview.etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (request.headers['if-none-match'] === preview.etag) return reply.code(304).send();
  return reply.code(200).header('Content-Type', 'image/png').send(preview.png);
}

export interface ShareDeps {
  catalog: MarketCatalog;
  municipal: Pick<MunicipalService, 'findCommune'>;
  previews: PreviewCache;
  clock: () => Date;
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>;
}

/**
 * `/p/<id>` and `/c/<insee>`: the share pages, and `…/apercu.png` their 1200×630 pictures. A prediction is
 * read from the list cache (no query); a commune costs one read of its row and candidates.
 */
export function registerShareRoutes(app: FastifyInstance, deps: ShareDeps): void {
  const { previews } = deps;

  /** A cached picture, or one drawn now; 503 with Retry-After when too many are already waiting to be drawn. */
  async function picture(...args: Parameters<PreviewCache['get']>) {
    try {
      return await previews.get(...args);
    } catch (error) {
      if (error instanceof PreviewQueueFull) {
        throw new HttpError(503, MESSAGES.serviceUnavailable, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
      }
      throw error;
    }
  }
  const allowed = new Set(deps.config.allowedOrigins.map(normalizedOrigin).filter((origin) => origin !== null));
  const varies = deps.config.publicUrl === null;
  async function findMarket(raw: string): Promise<Market | undefined> {
    const id = validId(raw);
    if (id === null) return undefined;
    return (await deps.catalog.get()).find(id);
  }

  async function findCommuneById(raw: string): Promise<Commune | undefined> {
    const id = validId(raw);
    return id === null ? undefined : deps.municipal.findCommune(id);
  }

  app.get<{ Params: { id: string } }>('/p/:id', ROUTE_OPTIONS, async (request, reply) => {
    const market = await findMarket(request.params.id);
    if (!market) return sendPage(reply, 404, renderNotFoundPage(NOT_FOUND.prediction.heading, NOT_FOUND.prediction.sentence));
    const path = predictionSharePath(market.id);
    const description = predictionShareDescription(market, deps.clock());
    const origin = linkOrigin(request, deps.config, allowed);
    return sendPage(
      reply,
      200,
      renderSharePage({
        title: market.title,
        description,
        url: `${origin}${path}`,
        imageUrl: `${origin}${path}/${PREVIEW_IMAGE_FILE}`,
        imageAlt: `${market.title} — ${description}`,
        appHref: `/${predictionHash(market.id)}`,
        linkText: seePredictionOn(SITE.name),
      }),
      varies,
    );
  });

  app.get<{ Params: { id: string } }>(`/p/:id/${PREVIEW_IMAGE_FILE}`, ROUTE_OPTIONS, async (request, reply) => {
    const market = await findMarket(request.params.id);
    if (!market) return reply.code(404).send({ error: MESSAGES.marketNotFound });
    const { yesPercentage, noPercentage } = roundedPercentages(market);
    const status = predictionStatus(market, deps.clock());
    const statusLabel = predictionStatusLabel(status);
    const state = JSON.stringify([market.title, yesPercentage, market.totalVotes, statusLabel]);
    const preview = await picture(`p:${market.id}`, state, deps.clock(), () => ({
      kind: 'prediction',
      preview: {
        title: market.title,
        yesPercentage,
        noPercentage,
        votes: votesLabel(market.totalVotes),
        status: statusLabel,
        closed: status.kind !== 'open',
      },
    }));
    return sendPng(request, reply, preview);
  });

  app.get<{ Params: { insee: string } }>('/c/:insee', ROUTE_OPTIONS, async (request, reply) => {
    const commune = await findCommuneById(request.params.insee);
    if (!commune) return sendPage(reply, 404, renderNotFoundPage(NOT_FOUND.commune.heading, NOT_FOUND.commune.sentence));
    const path = communeSharePath(commune.id);
    const description = communeShareDescription(commune);
    const origin = linkOrigin(request, deps.config, allowed);
    return sendPage(
      reply,
      200,
      renderSharePage({
        title: commune.title,
        description,
        url: `${origin}${path}`,
        imageUrl: `${origin}${path}/${PREVIEW_IMAGE_FILE}`,
        imageAlt: `${commune.title} — ${description}`,
        appHref: `/${communeHash(commune.id)}`,
        linkText: seeElectionOn(SITE.name),
      }),
      varies,
    );
  });

  app.get<{ Params: { insee: string } }>(`/c/:insee/${PREVIEW_IMAGE_FILE}`, ROUTE_OPTIONS, async (request, reply) => {
    const commune = await findCommuneById(request.params.insee);
    if (!commune) return reply.code(404).send({ error: MESSAGES.communeNotFound });
    const candidates = commune.candidates.map((candidate) => ({
      name: candidate.name,
      share: candidateShare(candidate.votes, commune.totalVotes),
    }));
    const state = JSON.stringify([commune.title, candidates, commune.totalVotes]);
    const preview = await picture(`c:${commune.id}`, state, deps.clock(), () => ({
      kind: 'commune',
      preview: { name: communeDisplayName(commune.title), votes: votesLabel(commune.totalVotes), candidates },
    }));
    return sendPng(request, reply, preview);
  });
}
