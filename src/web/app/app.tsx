import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { Category } from '../../shared/categories.js';
import { frenchTypography } from '../../shared/format.js';
import { HINT_DELAY_NARROW_MS, HINT_DELAY_WIDE_MS, HINT_WIDE_MIN_WIDTH_PX } from '../../shared/constants.js';
import type { MarketFilters, VoteFilter } from '../../shared/search.js';
import Layers from 'lucide-react/icons/layers';
import { SegmentedControl } from '../components/ui/segmented-control.js';
import { Spinner } from '../components/ui/spinner.js';
import { MarketList } from '../features/markets/components/market-list.js';
import { useMarketStream } from '../features/markets/hooks/use-market-stream.js';
import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from '../lib/health.js';
import { prepareIdentity } from '../lib/prepare-identity.js';
import { communeHash } from '../lib/prediction-link.js';
import { endHydration, useDeviceValue } from '../lib/device-value.js';
import { importWithRetry, withScreenStyles } from '../lib/screen-styles.js';
import { whenEngaged } from '../lib/when-engaged.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.js';
import { searchTypedBeforeStart } from '../lib/typed-before-start.js';
import { BottomTabBar, type BottomTab } from './bottom-tab-bar.js';
import { CategoryBar } from './category-bar.js';
import { CookieBanner, CookieBannerSpacer } from './cookie-banner.js';
import { DesktopFooter } from './desktop-footer.js';
import { navigateToHash, parseHash, subPageHash, tabHash, useHash, type Tab } from './hash-route.js';
import { Header } from './header.js';
import { HowItWorksHint } from './how-it-works-hint.js';
import { OfflineBanner } from './offline-banner.js';
import { AlertBanner } from '../features/news/components/alert-banner.js';
import { SearchFilterBar, VOTE_FILTER_OPTIONS } from './search-filter-bar.js';
import type { SubPage } from './sub-pages.js';
import * as shellCopy from '../copy/shell.js';

type BackProps = { onBack: () => void };

/**
 * A screen other than the first: its module, asked again under a fresh address when the first request failed (the
 * browser keeps a failed import, and the screen would not open again in this visit), and the stylesheet of every
 * screen (first-screen.css has not its rules). `load` is the bare `import()`, `name` the screen's export.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const loaded = await withScreenStyles(() => importWithRetry(load));
    return { default: loaded[name] as ComponentType<PropsOf<M[K]>> };
  });
}
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

// Everything the first screen does not show is fetched on demand.
// The detail is drawn with the other screens' stylesheet too (first-screen.css is the shell and the list only).
// A first touch fetches it ahead; when that fetch failed (network lost), opening a prediction asks again.
const loadMarketDetail = () =>
  withScreenStyles(() => importWithRetry(() => import('../features/markets/components/market-detail.js')));
const MarketDetail = lazy(loadMarketDetail);
// The shell's sheets, opened by a tap: their code is retried under a fresh address like the screens'.
const HowItWorksSheet = lazy(() => importWithRetry(() => import('./how-it-works-sheet.js')));
const MoreMenu = lazy(() => importWithRetry(() => import('./more-menu.js')));
const SearchCategorySheet = lazy(() => importWithRetry(() => import('./search-category-sheet.js')));
const MunicipalPage = lazyNamed(() => import('../features/municipal/index.js'), 'MunicipalPage');
const NewsPage = lazyNamed(() => import('../features/news/index.js'), 'NewsPage');
const DocumentationPage = lazyNamed(() => import('../features/legal/index.js'), 'DocumentationPage');
const LegalNoticePage = lazyNamed(() => import('../features/legal/index.js'), 'LegalNoticePage');
const CookiePolicyPage = lazyNamed(() => import('../features/legal/index.js'), 'CookiePolicyPage');
const TransparencyPage = lazyNamed(() => import('../features/transparency/index.js'), 'TransparencyPage');
// Only those who open #admin download its code.
const AdminPage = lazyNamed(() => import('../features/admin/index.js'), 'AdminPage');
const AccessibilityStatementPage = lazyNamed(() => import('../features/legal/index.js'), 'AccessibilityStatementPage');
const PrivacyPolicyPage = lazyNamed(() => import('../features/legal/index.js'), 'PrivacyPolicyPage');
const TrackRecordPage = lazyNamed(() => import('../features/track-record/index.js'), 'TrackRecordPage');
const VoteChainPage = lazyNamed(() => import('../features/vote-chain/index.js'), 'VoteChainPage');

const SUB_PAGES: Record<SubPage, ComponentType<BackProps>> = {
  documentation: DocumentationPage,
  legal: LegalNoticePage,
  cookies: CookiePolicyPage,
  privacy: PrivacyPolicyPage,
  accessibility: AccessibilityStatementPage,
  trackRecord: TrackRecordPage,
  voteChain: VoteChainPage,
};

/** When the detail's code is fetched if the visitor has not touched the page yet. */
const DETAIL_PREFETCH_FALLBACK_MS = 8_000;

function PageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-ocean-700 dark:text-ocean-300">
      <Spinner className="size-7" label={shellCopy.appChargement} />
    </div>
  );
}

/** Whether this visit began on a shared prediction or commune (the address when the page loaded). */
const firstRoute = typeof window === 'undefined' ? null : parseHash(window.location.hash);
function startedOnSharedItem(): boolean {
  return firstRoute !== null && (firstRoute.predictionId !== null || firstRoute.communeId !== null);
}

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** Gives the focus back to a prediction's card (its title link), or to the list when a filter hides it. */
function focusCard(id: string) {
  const link = document.querySelector<HTMLElement>(`[data-market-id="${CSS.escape(id)}"] h3 a`);
  const target = link ?? document.getElementById(PREDICTIONS_HEADING_ID);
  target?.focus({ preventScroll: true });
}

/** Moves the focus to a skip link's target without touching the address (the hash names screens here). */
function skipTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}

/** Whether this visit has shown a screen other than a prediction's detail: the detail then takes the focus. */
let otherScreenShown = false;

const PREDICTIONS_HEADING_ID = 'predictions';
const MAIN_ID = 'contenu';

export function App() {
  useMarketStream();
  const hash = useHash();
  const parsedRoute = useMemo(() => parseHash(hash), [hash]);
  // #admin exists only when the server has administration on; otherwise it is an unknown hash: home.
  const health = useQuery({ ...healthQueryOptions, enabled: parsedRoute.tab === 'admin' });
  const adminOff = parsedRoute.tab === 'admin' && (health.isError || health.data?.admin === false);
  const route = useMemo(() => (adminOff ? parseHash('') : parsedRoute), [adminOff, parsedRoute]);
  const subPage = route.page;
  // Until the visitor changes it, the search is what they typed in the server's page before the app ran (hydration
  // emptied the box; it is put back on the next render).
  const typedBeforeStart = useDeviceValue(searchTypedBeforeStart, '');
  const [searchChanged, setSearch] = useState<string | null>(null);
  const search = searchChanged ?? typedBeforeStart;
  const [category, setCategory] = useState('all');
  const [voteFilter, setVoteFilter] = useState<VoteFilter>('all');
  // What the device remembers is read once the page is hydrated: the server's page (and so the first render
  // here) is the same for every device.
  const storedRead = useDeviceValue(() => readStorage(STORAGE_KEYS.howItWorksRead) !== null, true);
  const [acknowledged, setAcknowledged] = useState(false);
  const howItWorksRead = storedRead || acknowledged;
  // Opens by itself on a first visit, unless the visit starts on a shared prediction or commune: the person who
  // followed a link sees what was shared first, and the hint invites them once they reach other screens.
  const [sheet, setSheet] = useState<'auto' | 'open' | 'closed'>('auto');
  const howItWorksOpen = sheet === 'open' || (sheet === 'auto' && !howItWorksRead && !startedOnSharedItem());
  const [hintVisible, setHintVisible] = useState(false);
  const [hintDismissed, setHintDismissed] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [searchSheetOpen, setSearchSheetOpen] = useState(false);
  const listScroll = useRef(0);
  const skipLink = useRef<HTMLAnchorElement>(null);

  // theme-init.js hides the home screen before the first paint when the address names another screen (the
  // server, which never sees the hash, rendered home): shown again once this render is of the real screen.
  useEffect(() => {
    if (hash === window.location.hash) delete document.documentElement.dataset.hashRoute;
  }, [hash]);

  // The server's page reads without the app; from here on its controls answer. `html[data-app]` says so to what
  // drives the page from outside (the browser tests wait on it before they tap or press a key).
  // The last effect of the first commit (a parent's run after its children's): components drawn from here on read
  // the device's values at once.
  useEffect(() => {
    endHydration();
    document.documentElement.dataset.app = 'ready';
  }, []);

  // The detail is the screen most visits open next: its code is fetched at the first touch, key or scroll (or
  // after a few idle seconds), never during the page's own load. That early fetch may fail (the page is leaving
  // for an update, the network dropped): opening the detail fetches it again and shows its own error if need be.
  useEffect(
    () =>
      whenEngaged(() => {
        void loadMarketDetail().catch(() => undefined);
      }, DETAIL_PREFETCH_FALLBACK_MS),
    [],
  );

  // A first visit obtains its identity (and solves its proof) in the background once the visitor shows the intent
  // to act (a tap on a control, a key), so the first vote rarely waits and a visitor who only reads never pays.
  useEffect(() => prepareIdentity(), []);

  // The hint points at the "Comment ça marche" button for visitors who have not read it yet.
  useEffect(() => {
    if (howItWorksRead) return;
    const wide = window.innerWidth >= HINT_WIDE_MIN_WIDTH_PX;
    const timer = window.setTimeout(() => setHintVisible(true), wide ? HINT_DELAY_WIDE_MS : HINT_DELAY_NARROW_MS);
    return () => window.clearTimeout(timer);
  }, [howItWorksRead]);

  const goToTab = useCallback((tab: Tab) => {
    navigateToHash(tabHash(tab));
    scrollToTop();
  }, []);

  const goHome = useCallback(() => {
    navigateToHash('');
    scrollToTop();
  }, []);

  const openPage = useCallback((page: SubPage) => {
    setMoreOpen(false);
    navigateToHash(subPageHash(page));
    scrollToTop();
  }, []);

  const openTransparency = useCallback(() => {
    setMoreOpen(false);
    goToTab('transparence');
  }, [goToTab]);

  const openCommune = useCallback((id: string) => navigateToHash(communeHash(id)), []);
  const closeCommune = useCallback(() => navigateToHash(tabHash('municipales')), []);

  const closeDetail = useCallback(() => {
    navigateToHash('');
    requestAnimationFrame(() => window.scrollTo({ top: listScroll.current }));
  }, []);

  // Keyboard and screen reader users keep their place: the detail's title takes the focus when it was opened from
  // another screen (not when the visit starts on it), and closing it (Retour or the browser's Back) gives the focus
  // back to the card that opened it, instead of dropping it on the page's body.
  const openedDetail = useRef<string | null>(null);
  useEffect(() => {
    if (hash !== window.location.hash) return; // hydration's render of home, before the real screen
    const previous = openedDetail.current;
    openedDetail.current = route.predictionId;
    if (route.predictionId !== null) return;
    otherScreenShown = true;
    if (previous === null) return;
    requestAnimationFrame(() => focusCard(previous));
  }, [hash, route.predictionId]);

  // Remember where the list was so closing a detail lands back on the same card.
  useEffect(() => {
    if (route.predictionId !== null) return;
    const save = () => {
      listScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [route.predictionId]);

  function changeSearch(value: string) {
    setSearch(value);
    if (route.tab !== 'home' || route.predictionId !== null || subPage !== null) goHome();
  }

  function changeCategory(value: string) {
    setCategory(value);
    setSearch('');
    if (route.tab !== 'home' || route.predictionId !== null || subPage !== null) goHome();
  }

  // However the sheet is closed (button, ✕, Escape, backdrop, swipe), it has been seen: it never reopens by itself.
  function acknowledgeHowItWorks() {
    writeStorage(STORAGE_KEYS.howItWorksRead, 'true');
    setAcknowledged(true);
    setSheet('closed');
    setHintVisible(false);
  }

  function openHowItWorks() {
    setHintVisible(false);
    setSheet('open');
  }

  function selectBottomTab(tab: BottomTab) {
    if (tab === 'home') goHome();
    else if (tab === 'trending') goToTab('trending');
    else if (tab === 'search') setSearchSheetOpen(true);
    else setMoreOpen(true);
  }

  function searchByCategory(chosen: Category) {
    setSearchSheetOpen(false);
    setCategory('all');
    setSearch(chosen.name);
    goHome();
  }

  const filters: MarketFilters = useMemo(() => ({ search, category, voteFilter }), [search, category, voteFilter]);
  const showingList = subPage === null && route.tab === 'home' && route.predictionId === null;
  const showCategoryBar =
    subPage === null &&
    route.predictionId === null &&
    route.tab !== 'trending' &&
    route.tab !== 'transparence' &&
    route.tab !== 'admin';
  const bottomActive: BottomTab | null =
    subPage !== null ? null : route.tab === 'trending' ? 'trending' : route.tab === 'home' ? 'home' : null;
  const SubPageComponent = subPage ? SUB_PAGES[subPage] : null;
  const newsActive = subPage === null && route.tab === 'trending' && route.predictionId === null;
  // Never over a prediction or a commune: on a shared link that is what the visitor came for.
  const showHint =
    hintVisible &&
    !howItWorksOpen &&
    !howItWorksRead &&
    !hintDismissed &&
    route.predictionId === null &&
    route.communeId === null;

  let content;
  if (SubPageComponent) {
    content = <SubPageComponent onBack={goHome} />;
  } else if (route.predictionId !== null) {
    content = (
      <MarketDetail key={route.predictionId} marketId={route.predictionId} onBack={closeDetail} focusTitle={otherScreenShown} />
    );
  } else if (route.tab === 'municipales') {
    content = (
      <MunicipalPage onBack={goHome} communeId={route.communeId} onOpenCommune={openCommune} onCloseCommune={closeCommune} />
    );
  } else if (route.tab === 'trending') {
    content = <NewsPage />;
  } else if (route.tab === 'transparence') {
    content = <TransparencyPage onBack={goHome} />;
  } else if (route.tab === 'admin') {
    content = health.data?.admin ? <AdminPage onBack={goHome} /> : <PageFallback />;
  } else {
    content = null;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      {/* First in the tab order, then the cookie banner (fixed at the bottom, early in the DOM so that a keyboard
          reaches its buttons in a few presses), then the header. */}
      <a
        ref={skipLink}
        href={`#${showingList ? PREDICTIONS_HEADING_ID : MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          skipTo(showingList ? PREDICTIONS_HEADING_ID : MAIN_ID);
        }}
        className="sr-only z-50 rounded-lg bg-ocean-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {showingList ? shellCopy.appAllerAuxPredictions : shellCopy.appAllerAuContenu}
      </a>
      {/* A choice made from the keyboard hands the focus to the skip link, just before the bar in the tab order: the
          next Tab goes on to the header, and Enter to the content. */}
      <CookieBanner onOpenPolicy={() => openPage('cookies')} onChosenFromKeyboard={() => skipLink.current?.focus()} />
      <Header
        search={search}
        onSearchChange={changeSearch}
        onLogoClick={goHome}
        onOpenHowItWorks={openHowItWorks}
        onOpenNews={() => goToTab('trending')}
        newsActive={newsActive}
        below={showHint && <HowItWorksHint onOpen={openHowItWorks} onDismiss={() => setHintDismissed(true)} />}
      >
        {showCategoryBar && (
          <CategoryBar
            selected={route.tab === 'home' ? category : null}
            municipalActive={route.tab === 'municipales'}
            onSelect={changeCategory}
            onSelectMunicipal={() => goToTab('municipales')}
          />
        )}
      </Header>

      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 pt-5 pb-28 outline-none short:pb-16 sm:px-6 md:pb-20 lg:px-8"
      >
        <OfflineBanner />
        {showingList && <AlertBanner place="home" />}
        <div hidden={!showingList} data-home-screen>
          {/* The button stays under the title at every width: the right of this row is where the how-it-works hint
              hangs, and it would cover it there. */}
          <div className="mb-5 flex flex-col gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
                {frenchTypography(shellCopy.appQueVaTIl)}
              </h1>
              <p className="mt-1 text-sm text-slate-600 sm:text-base dark:text-slate-400">{shellCopy.appVotezOuiOuNon}</p>
            </div>
            <button
              type="button"
              onClick={() => openPage('voteChain')}
              // A minimum height, not a fixed one: at 200 % zoom on a phone the label takes two lines, and both fit inside.
              className="inline-flex min-h-9 shrink-0 items-center gap-2 self-start rounded-full bg-gradient-to-r from-ocean-700 to-ocean-800 px-4 py-1.5 text-sm leading-tight font-bold text-white shadow-soft transition hover:from-ocean-800 hover:to-ocean-900 sm:min-h-10 dark:from-ocean-500 dark:to-ocean-400 dark:text-slate-950 dark:hover:from-ocean-400 dark:hover:to-ocean-300"
            >
              <Layers aria-hidden="true" className="size-4" />
              {shellCopy.appVoterALaChaine}
            </button>
          </div>
          <SearchFilterBar
            search={search}
            onSearchChange={setSearch}
            voteFilter={voteFilter}
            onVoteFilterChange={setVoteFilter}
          />
          <div className="mt-4 mb-4 lg:hidden">
            <SegmentedControl
              label={shellCopy.appFiltrerParVote}
              options={VOTE_FILTER_OPTIONS}
              value={voteFilter}
              onChange={setVoteFilter}
            />
          </div>
          <div className="mt-5">
            <h2 id={PREDICTIONS_HEADING_ID} tabIndex={-1} className="sr-only">
              {shellCopy.appPredictions}
            </h2>
            <MarketList filters={filters} />
          </div>
        </div>
        {content && <Suspense fallback={<PageFallback />}>{content}</Suspense>}
      </main>

      <CookieBannerSpacer />
      <DesktopFooter onOpenPage={openPage} onOpenTransparency={openTransparency} />
      <BottomTabBar active={bottomActive} onSelect={selectBottomTab} />

      <Suspense fallback={null}>
        {howItWorksOpen && <HowItWorksSheet open onClose={acknowledgeHowItWorks} />}
        {moreOpen && (
          <MoreMenu open onClose={() => setMoreOpen(false)} onOpenPage={openPage} onOpenTransparency={openTransparency} />
        )}
        {searchSheetOpen && <SearchCategorySheet open onClose={() => setSearchSheetOpen(false)} onChoose={searchByCategory} />}
      </Suspense>
    </div>
  );
}
