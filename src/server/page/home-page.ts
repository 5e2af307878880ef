import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { homeDataScript, SHELL_REVISION_HEADER, type HomeRenderer } from '../../shared/home-page.js';
import type { MarketCatalog } from '../markets/market-catalog.js';
import { acceptedEncodings } from '../http/accept-encoding.js';
import { compressedBody } from '../http/compressed-body.js';
import { contentRevision } from './content-revision.js';

/** The page for one version of the list: rendered, serialised and compressed once, sent as bytes to every request. */
interface RenderedPage {
  html: string;
  etag: string;
  gzip(): Buffer;
  brotli(): Buffer;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** Where `vite build --ssr` leaves the renderer (package.json, build:ssr). */
export const SSR_ENTRY = resolve('dist/ssr/ssr-entry.js');

/** The renderer the SSR build exported, or null when there is none (the web app was built without it). */
export async function loadHomeRenderer(path: string = SSR_ENTRY): Promise<HomeRenderer | null> {
  if (!existsSync(path)) return null;
  const module = (await import(pathToFileURL(path).href)) as { renderHomeScreen?: unknown };
  return typeof module.renderHomeScreen === 'function' ? (module.renderHomeScreen as HomeRenderer) : null;
}

function pageOf(html: string): RenderedPage {
  return { html, ...compressedBody(html) };
}

/** The page shows a clock-dependent countdown and order: rendered again at least this often. */
const MAX_AGE_MS = 60_000;

/**
 * The home page with its first screen already drawn (docs/decisions/026-server-rendered-first-screen.md): the built
 * index.html with the React render of the list's first page inside `#root` and that page beside it as JSON
 * (docs/decisions/043-catalogue-in-pages.md). Rendered once per version of that first page, never per request: a
 * vote on a prediction further down the list changes nothing here.
 */
export class HomePage {
  private rendered: { firstPageEtag: string; at: number; page: RenderedPage } | null = null;
  private readonly head: string;
  private readonly tail: string;
  /** The built page as it is, sent if a render ever fails: the browser then draws everything itself. */
  private readonly fallback: RenderedPage;

  constructor(
    template: string,
    private readonly renderer: HomeRenderer,
    private readonly catalog: MarketCatalog,
    private readonly clock: () => Date,
    private readonly logger: FastifyBaseLogger,
  ) {
    const at = template.indexOf(ROOT_ELEMENT);
    if (at < 0) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
    this.head = template.slice(0, at);
    this.tail = template.slice(at + ROOT_ELEMENT.length);
    this.fallback = pageOf(template);
  }

  async get(): Promise<RenderedPage> {
    const first = (await this.catalog.get()).firstPage();
    const now = this.clock().getTime();
    const kept = this.rendered;
    if (kept && kept.firstPageEtag === first.etag && now - kept.at < MAX_AGE_MS) return kept.page;
    let page: RenderedPage;
    try {
      const data = { page: first.page, renderedAt: now };
      page = pageOf(`${this.head}<div id="root">${this.renderer(data)}</div>${homeDataScript(data)}${this.tail}`);
    } catch (error) {
      this.logger.error({ err: error }, 'home page: server render failed, sending the unrendered page');
      page = this.fallback;
    }
    this.rendered = { firstPageEtag: first.etag, at: now, page };
    return page;
  }
}

/** `/` and `/index.html` (the address the service worker keeps as its shell) answer the rendered page. */
export function registerHomePage(
  app: FastifyInstance,
  deps: { webRoot: string; renderer: HomeRenderer; catalog: MarketCatalog; clock: () => Date },
): void {
  const template = readFileSync(join(deps.webRoot, 'index.html'));
  const shellRevision = contentRevision(template);
  const page = new HomePage(template.toString('utf8'), deps.renderer, deps.catalog, deps.clock, app.log);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rendered = await page.get();
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('ETag', rendered.etag)
      .header(SHELL_REVISION_HEADER, shellRevision)
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === rendered.etag) return reply.code(304).send();
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (accepted.has('br')) return reply.header('Content-Encoding', 'br').send(rendered.brotli());
    if (accepted.has('gzip')) return reply.header('Content-Encoding', 'gzip').send(rendered.gzip());
    return reply.send(rendered.html);
  };
  app.get('/', handler);
  app.get('/index.html', handler);
}
