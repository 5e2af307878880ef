import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import type { ReactElement } from 'react';
import satori, { type SatoriOptions } from 'satori';
import { formatPercent } from '../../shared/format.js';
import { SHARE_MESSAGES } from '../../shared/messages.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../shared/share.js';
import { SITE } from '../../shared/site.js';

/**
 * The 1200×630 pictures of the share pages: drawn with satori (layout and text to SVG, fonts embedded as
 * paths), rasterised by resvg's WebAssembly build. Files are found through Node's resolution from this
 * module, so the same code runs from the sources (tsx, Vitest) and from the bundle in dist/server.
 */
const require = createRequire(import.meta.url);

type Style = Record<string, string | number>;
type Child = ReactElement | string | null | false;

/** satori's object form of an element, so no JSX compiler is needed. */
function h(type: string, props: { style?: Style; [key: string]: unknown }, ...children: Child[]): ReactElement {
  const kept = children.filter((child) => child !== null && child !== false);
  return { type, key: null, props: { ...props, children: kept.length === 1 ? kept[0] : kept } } as ReactElement;
}

// The app's colours (src/web/design-tokens.css and Tailwind's emerald and rose, as the OUI/NON bar draws them in dark mode).
const COLOURS = {
  ocean950: '#0e2f38',
  ocean800: '#1f5764',
  ocean300: '#7ddbe1',
  ocean100: '#d6f5f6',
  lava500: '#fe6311',
  lava300: '#ffb170',
  yes: '#34d399',
  no: '#fb7185',
  white: '#ffffff',
  muted: '#b2ebee',
};

// The header's logo: the volcano and its rays on the ocean gradient (src/web/app/logo.tsx).
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#25a5b2"/><stop offset="1" stop-color="#1f5764"/></linearGradient></defs><rect width="32" height="32" rx="7" fill="url(#g)"/><path d="M16 13 26 25H6Z" fill="#fff"/><path d="M13.2 16.4 16 13l2.8 3.4-1.4 1-1.4-1.2-1.4 1.2Z" fill="#fe6311"/><g stroke="#ffd100" stroke-width="1.8" stroke-linecap="round"><path d="M16 10V6"/><path d="m12.6 10.6-2.4-2.6"/><path d="m19.4 10.6 2.4-2.6"/></g></svg>`;
const FLAG_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"><rect width="30" height="20" rx="3" fill="#0b3d91"/><path d="M15 10 24.5 20h-19Z" fill="#ef3340"/><g stroke="#ffd100" stroke-width="1.6" stroke-linecap="round"><path d="M15 10 15 2.5"/><path d="M15 10 9.5 4"/><path d="M15 10 20.5 4"/><path d="M15 10 5.5 7.5"/><path d="M15 10 24.5 7.5"/></g></svg>`;
const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const PADDING_X = 72;
const TOP_BORDER = 12;
const PADDING_TOP = 44;
const PADDING_BOTTOM = 60;

function frame(top: ReactElement, ...body: Child[]): ReactElement {
  // satori sizes boxes without their padding: the content column is given its exact size inside the margins.
  const content = h(
    'div',
    {
      style: {
        display: 'flex',
        flexDirection: 'column',
        width: PREVIEW_WIDTH - 2 * PADDING_X,
        height: PREVIEW_HEIGHT - TOP_BORDER - PADDING_TOP - PADDING_BOTTOM,
      },
    },
    top,
    ...body,
  );
  return h(
    'div',
    {
      style: {
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        display: 'flex',
        padding: `${PADDING_TOP}px ${PADDING_X}px ${PADDING_BOTTOM}px`,
        fontFamily: 'Inter',
        color: COLOURS.white,
        // A flat colour: a gradient made each picture three times larger and rasterising twice as slow (measured).
        backgroundColor: COLOURS.ocean800,
        borderTop: `${TOP_BORDER}px solid ${COLOURS.lava500}`,
      },
    },
    content,
  );
}

/** The logo and name on the left, a pill (the status) on the right. */
function header(pill: string | null, tone: 'ocean' | 'lava' = 'ocean'): ReactElement {
  return h(
    'div',
    { style: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } },
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center' } },
      h('img', { src: dataUri(LOGO_SVG), width: 64, height: 64, style: { borderRadius: 14 } }),
      h('div', { style: { marginLeft: 18, fontSize: 40, fontWeight: 800, letterSpacing: -1 } }, SITE.name),
      h('img', { src: dataUri(FLAG_SVG), width: 36, height: 24, style: { marginLeft: 12, borderRadius: 4 } }),
    ),
    pill
      ? h(
          'div',
          {
            style: {
              display: 'flex',
              padding: '10px 24px',
              borderRadius: 999,
              fontSize: 28,
              fontWeight: 700,
              color: COLOURS.ocean950,
              backgroundColor: tone === 'lava' ? COLOURS.lava300 : COLOURS.ocean100,
            },
          },
          pill,
        )
      : null,
  );
}

function title(text: string, fontSize: number): ReactElement {
  return h(
    'div',
    {
      style: {
        display: 'block',
        marginTop: 40,
        fontSize,
        fontWeight: 700,
        lineHeight: 1.18,
        letterSpacing: -0.5,
        lineClamp: 3,
        overflow: 'hidden',
      },
    },
    text,
  );
}

/**
 * Inter draws the narrow no-break space of French numbers about two pixels wide at the pictures' smaller sizes
 * ("1660 votes", "41% NON"); there the ordinary no-break space keeps the groups readable.
 */
function widerSpaces(text: string): string {
  return text.replaceAll('\u202F', '\u00A0');
}

export interface PredictionPreview {
  title: string;
  /** Rounded, as on the cards. */
  yesPercentage: number;
  noPercentage: number;
  votes: string;
  status: string;
  /** Closed or resolved: the status pill is shown in the lava colour, the open one in the ocean's. */
  closed: boolean;
}

export function predictionElement(preview: PredictionPreview): ReactElement {
  const bar = h(
    'div',
    { style: { display: 'flex', width: '100%', height: 28, marginTop: 22, borderRadius: 14, overflow: 'hidden' } },
    h('div', { style: { width: `${preview.yesPercentage}%`, height: '100%', backgroundColor: COLOURS.yes } }),
    h('div', { style: { width: 6, height: '100%', backgroundColor: COLOURS.ocean800 } }),
    h('div', { style: { flexGrow: 1, height: '100%', backgroundColor: COLOURS.no } }),
  );
  return frame(
    header(preview.status, preview.closed ? 'lava' : 'ocean'),
    title(preview.title, preview.title.length > 90 ? 50 : 58),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', marginTop: 'auto' } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' } },
        h(
          'div',
          { style: { display: 'flex', alignItems: 'baseline' } },
          h(
            'div',
            { style: { fontSize: 96, fontWeight: 800, lineHeight: 1, color: COLOURS.yes } },
            `${preview.yesPercentage}\u202F%`,
          ),
          h('div', { style: { marginLeft: 20, fontSize: 48, fontWeight: 800, color: COLOURS.yes } }, SHARE_MESSAGES.yes),
          h(
            'div',
            { style: { marginLeft: 36, fontSize: 36, fontWeight: 800, color: COLOURS.no } },
            `${preview.noPercentage}\u00A0% ${SHARE_MESSAGES.no}`,
          ),
        ),
        h('div', { style: { fontSize: 34, fontWeight: 800, color: COLOURS.muted } }, widerSpaces(preview.votes)),
      ),
      bar,
    ),
  );
}

export interface CommunePreview {
  name: string;
  votes: string;
  candidates: { name: string; share: number }[];
}

const RANK_COLOURS = [COLOURS.lava500, COLOURS.ocean300, COLOURS.ocean100];

export function communeElement(preview: CommunePreview): ReactElement {
  const rows = preview.candidates.map((candidate, index) =>
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center', marginTop: index === 0 ? 0 : 22 } },
      h(
        'div',
        {
          style: {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 52,
            height: 52,
            borderRadius: 26,
            fontSize: 28,
            fontWeight: 800,
            color: COLOURS.ocean950,
            backgroundColor: RANK_COLOURS[index] ?? COLOURS.ocean100,
          },
        },
        String(index + 1),
      ),
      h(
        'div',
        { style: { display: 'flex', flexDirection: 'column', flexGrow: 1, marginLeft: 24 } },
        h(
          'div',
          { style: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' } },
          h(
            'div',
            { style: { display: 'block', fontSize: 36, fontWeight: 700, maxWidth: 760, lineClamp: 1, overflow: 'hidden' } },
            candidate.name,
          ),
          h('div', { style: { fontSize: 40, fontWeight: 800 } }, formatPercent(candidate.share, 1)),
        ),
        h(
          'div',
          {
            style: {
              display: 'flex',
              width: '100%',
              height: 14,
              marginTop: 10,
              borderRadius: 7,
              backgroundColor: 'rgba(255,255,255,0.15)',
            },
          },
          h('div', {
            style: {
              width: `${Math.max(candidate.share, 1)}%`,
              height: '100%',
              borderRadius: 7,
              backgroundColor: RANK_COLOURS[index] ?? COLOURS.ocean100,
            },
          }),
        ),
      ),
    ),
  );
  return frame(
    header('Municipales 2026', 'lava'),
    h(
      'div',
      { style: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginTop: 34 } },
      h(
        'div',
        { style: { display: 'block', fontSize: 60, fontWeight: 800, letterSpacing: -1, maxWidth: 760, lineClamp: 1 } },
        preview.name,
      ),
      h('div', { style: { fontSize: 34, fontWeight: 700, color: COLOURS.muted } }, widerSpaces(preview.votes)),
    ),
    rows.length > 0
      ? h('div', { style: { display: 'flex', flexDirection: 'column', marginTop: 'auto' } }, ...rows)
      : h('div', { style: { marginTop: 'auto', fontSize: 40, fontWeight: 700 } }, SHARE_MESSAGES.noCandidateYet),
  );
}

let ready: Promise<SatoriOptions['fonts']> | null = null;

/** Loads the WebAssembly rasteriser and the fonts, once per process. */
function prepare(): Promise<SatoriOptions['fonts']> {
  ready ??= (async () => {
    const wasm = await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await initWasm(wasm);
    const font = (file: string) => readFile(require.resolve(`@fontsource/inter/files/${file}`));
    const [regular, bold, extraBold, regularExt, boldExt, extraBoldExt] = await Promise.all([
      font('inter-latin-400-normal.woff'),
      font('inter-latin-700-normal.woff'),
      font('inter-latin-800-normal.woff'),
      font('inter-latin-ext-400-normal.woff'),
      font('inter-latin-ext-700-normal.woff'),
      font('inter-latin-ext-800-normal.woff'),
    ]);
    return [
      { name: 'Inter', data: regular, weight: 400, style: 'normal' },
      { name: 'Inter', data: bold, weight: 700, style: 'normal' },
      { name: 'Inter', data: extraBold, weight: 800, style: 'normal' },
      { name: 'Inter', data: regularExt, weight: 400, style: 'normal' },
      { name: 'Inter', data: boldExt, weight: 700, style: 'normal' },
      { name: 'Inter', data: extraBoldExt, weight: 800, style: 'normal' },
    ];
  })();
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

/** What a share picture shows: plain data, so it can be posted to the drawing worker (preview-worker.ts). */
export type PreviewPicture = { kind: 'prediction'; preview: PredictionPreview } | { kind: 'commune'; preview: CommunePreview };

function elementOf(picture: PreviewPicture): ReactElement {
  return picture.kind === 'prediction' ? predictionElement(picture.preview) : communeElement(picture.preview);
}

/**
 * Draws one picture: about 40–80 ms of CPU once warm (measured, see docs/decisions/022-share-previews.md). Runs
 * in the drawing worker, never on the server's main thread (docs/decisions/037-share-pictures-in-a-worker.md).
 */
export async function renderPng(picture: PreviewPicture): Promise<Buffer> {
  const fonts = await prepare();
  const svg = await satori(elementOf(picture), { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fonts });
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: PREVIEW_WIDTH } });
  try {
    const image = resvg.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

export interface RenderedPreview {
  png: Buffer;
  etag: string;
}

/**
 * How long a subject's picture is served as drawn, even once its state (the vote count, the share) has moved on:
 * on a busy night every vote makes a new state, and drawing each would keep the server busy drawing pictures that
 * crawlers and messaging apps show for minutes anyway. A state seen again within this time costs nothing.
 */
export const PREVIEW_MIN_AGE_MS = 60_000;

interface CachedPreview {
  state: string;
  at: number;
  rendered: RenderedPreview;
}

/** The cache's bounds: this many subjects, and this many bytes of PNG in all (a picture weighs 30–60 KiB). */
export const PREVIEW_CACHE_LIMITS = { entries: 200, bytes: 16 * 1024 * 1024 };

/**
 * One picture per subject (a prediction, a commune), redrawn when the caller's state key (title, rounded share,
 * vote count, status) differs and the picture is older than `PREVIEW_MIN_AGE_MS`; least recently used subjects
 * dropped beyond `limits` (entries or bytes). Requests for a state being drawn share its render; the drawing
 * itself, its order and its queue's bound belong to `draw` (the worker pool in preview-workers.ts).
 */
export class PreviewCache {
  private readonly entries = new Map<string, CachedPreview>();
  private readonly pending = new Map<string, Promise<RenderedPreview>>();
  private storedBytes = 0;

  constructor(
    private readonly draw: (picture: PreviewPicture) => Promise<Buffer>,
    private readonly limits = PREVIEW_CACHE_LIMITS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** PNG bytes held, at most `limits.bytes`. */
  get bytes(): number {
    return this.storedBytes;
  }

  async get(subject: string, state: string, now: Date, picture: () => PreviewPicture): Promise<RenderedPreview> {
    const cached = this.entries.get(subject);
    if (cached && (cached.state === state || now.getTime() - cached.at < PREVIEW_MIN_AGE_MS)) {
      // Most recently used goes last; the first entry is the next to go.
      this.entries.delete(subject);
      this.entries.set(subject, cached);
      return cached.rendered;
    }
    const pendingKey = JSON.stringify([subject, state]);
    const running = this.pending.get(pendingKey);
    if (running) return running;
    const render = this.draw(picture())
      .then((png) => {
        const rendered = { png, etag: `"${createHash('sha1').update(png).digest('base64url')}"` };
        this.store(subject, { state, at: now.getTime(), rendered });
        return rendered;
      })
      .finally(() => this.pending.delete(pendingKey));
    this.pending.set(pendingKey, render);
    return render;
  }

  private store(subject: string, entry: CachedPreview): void {
    this.forget(subject);
    this.entries.set(subject, entry);
    this.storedBytes += entry.rendered.png.length;
    while (this.entries.size > this.limits.entries || this.storedBytes > this.limits.bytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(subject: string): void {
    const entry = this.entries.get(subject);
    if (!entry) return;
    this.storedBytes -= entry.rendered.png.length;
    this.entries.delete(subject);
  }
}
