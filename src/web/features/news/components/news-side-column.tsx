import CircleCheck from 'lucide-react/icons/circle-check';
import CloudRain from 'lucide-react/icons/cloud-rain';
import ExternalLink from 'lucide-react/icons/external-link';
import Megaphone from 'lucide-react/icons/megaphone';
import TrendingUp from 'lucide-react/icons/trending-up';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Wind from 'lucide-react/icons/wind';
import { NEWS_TRENDING_COUNT } from '../../../../shared/constants.js';
import { frenchTypography } from '../../../../shared/format.js';
import { SITE } from '../../../../shared/site.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { alertColour, alertLabel, isNewsRecent, type NewsItem, type WeatherAlert } from '../../../../shared/news.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { AlertsState } from '../lib/alerts-state.js';
import { formatAlertTime, formatViews } from '../lib/news-format.js';
import { AlertsUnavailable } from './alert-banner.js';
import { ALERT_STYLES } from './alert-styles.js';
import { ViewsChange } from './views-change.js';
import * as newsPageCopy from '../../../copy/news-page.js';

function FollowUs() {
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-ocean-700 to-ocean-900 p-5 text-white dark:from-ocean-800 dark:to-ocean-950">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Megaphone aria-hidden="true" className="size-5" />
          {newsPageCopy.newsSideColumnSuivezNous}
        </h2>
        <p className="mt-1 text-sm text-ocean-50">
          {newsPageCopy.newsSideColumnLesPredictionsDuJour}
          {SITE.socialName}.
        </p>
        <a
          href={SITE.socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="news-social-link"
          className="mt-4 inline-flex h-10 items-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-ocean-900 shadow-sm transition-colors hover:bg-ocean-50"
        >
          {SITE.name} {newsPageCopy.newsSideColumnSur}
          {SITE.socialName}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> {newsPageCopy.newsSideColumnSOuvreDansUn}</span>
        </a>
      </div>
    </Card>
  );
}

/** The most read of the recent items: an item of last year is no trend, however read it was. */
function TrendingList({ items, now }: { items: readonly NewsItem[]; now: Date }) {
  const recent = items.filter((item) => isNewsRecent(item, now)).slice(0, NEWS_TRENDING_COUNT);
  return (
    <Card className="p-5" data-testid="news-trending">
      <h2 className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-white">
        <TrendingUp aria-hidden="true" className="size-5 text-lava-600 dark:text-lava-400" />
        {newsPageCopy.newsSideColumnEnTendance}
      </h2>
      {recent.length === 0 && (
        <p data-testid="news-trending-none" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {newsPageCopy.newsSideColumnAucunArticleDeMoins}
        </p>
      )}
      <ol className="mt-3 divide-y divide-slate-100 empty:hidden dark:divide-slate-800">
        {recent.map((item, index) => (
          <li key={item.id} className="flex gap-3 py-3 first:pt-1 last:pb-0">
            <span className="w-5 shrink-0 text-lg leading-tight font-black text-lava-600 tabular-nums dark:text-lava-400">
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <a
                href={item.pressUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="line-clamp-2 text-sm leading-snug font-semibold text-slate-800 hover:text-ocean-800 hover:underline dark:text-slate-100 dark:hover:text-ocean-300"
              >
                {frenchTypography(item.title)}
                <span className="sr-only"> {newsPageCopy.newsSideColumnSOuvreDansUn}</span>
              </a>
              <div className="mt-1 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
                <span className="tabular-nums">
                  {formatViews(item.views)} {newsPageCopy.newsSideColumnVues}
                </span>
                <ViewsChange change={item.viewsChange} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function AlertEntry({ alert }: { alert: WeatherAlert }) {
  const colour = alertColour(alert);
  const style = ALERT_STYLES[colour];
  const Icon = alert.kind === 'cyclone' ? Wind : CloudRain;
  return (
    <li
      data-testid="weather-alert"
      data-level={alert.level}
      data-colour={colour}
      className={cn('rounded-xl border p-3', style.box)}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className={cn('grid size-9 shrink-0 place-items-center rounded-lg', style.icon)}>
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm leading-snug font-bold text-slate-900 dark:text-white">
              {alertLabel(alert)} — {alert.zone}
            </p>
            <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-[11px] font-bold tracking-wide uppercase', style.badge)}>
              {newsPageCopy.newsSideColumnEnCours}
            </span>
          </div>
          {alert.places && <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{alert.places}</p>}
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{alert.advice}</p>
          <p className="mt-1.5 text-[11px] text-slate-600 dark:text-slate-400" data-testid="weather-alert-times">
            {newsPageCopy.newsSideColumnEmiseLe}
            <time dateTime={alert.issuedAt}>{formatAlertTime(alert.issuedAt)}</time>
            {newsPageCopy.newsSideColumnJusquAu} <time dateTime={alert.endsAt}>{formatAlertTime(alert.endsAt)}</time>
          </p>
        </div>
      </div>
    </li>
  );
}

/**
 * Only the alerts current at `now`: an ended alert is never shown as active. "Aucune alerte en cours" only when
 * the server itself has just answered; otherwise the box says the alerts are unavailable and since when, with
 * those the last reading knew of.
 */
function WeatherAlerts({ state, now }: { state: AlertsState; now: Date }) {
  const { status, alerts } = state;
  return (
    <Card className="p-5" data-testid="weather-alerts" data-status={status}>
      <h2 id="alertes-meteo" className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-white">
        <TriangleAlert aria-hidden="true" className="size-5 text-red-600 dark:text-red-400" />
        {newsPageCopy.newsSideColumnAlertesMeteo}
      </h2>
      {status === 'unavailable' && <AlertsUnavailable lastReadAt={state.lastReadAt} now={now} className="mt-3" />}
      {alerts.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {alerts.map((alert) => (
            <AlertEntry key={alert.id} alert={alert} />
          ))}
        </ul>
      ) : status === 'loading' ? (
        <Skeleton className="mt-3 h-16 rounded-xl" />
      ) : status === 'live' ? (
        <p
          data-testid="no-weather-alert"
          className="mt-3 flex items-center gap-2.5 rounded-xl border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
        >
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          {newsPageCopy.newsSideColumnAucuneAlerteEnCours}
        </p>
      ) : null}
      <p className="mt-3 text-[11px] text-slate-500 dark:text-slate-400">{newsPageCopy.newsSideColumnSourceMeteoFranceLa}</p>
    </Card>
  );
}

export function NewsSideColumn({ items, alerts, now }: { items: readonly NewsItem[]; alerts: AlertsState; now: Date }) {
  return (
    <aside aria-label={newsPageCopy.newsSideColumnInformationsComplementaires} className="space-y-4">
      <FollowUs />
      <TrendingList items={items} now={now} />
      <WeatherAlerts state={alerts} now={now} />
    </aside>
  );
}
