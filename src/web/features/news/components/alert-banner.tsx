import ChevronRight from 'lucide-react/icons/chevron-right';
import CloudOff from 'lucide-react/icons/cloud-off';
import CloudRain from 'lucide-react/icons/cloud-rain';
import Wind from 'lucide-react/icons/wind';
import { alertColour, alertLabel } from '../../../../shared/news.js';
import { cn } from '../../../components/ui/cn.js';
import { useNow } from '../../../lib/use-now.js';
import { useAlertsState } from '../lib/alerts-state.js';
import { alertsUnavailableText } from '../lib/news-format.js';
import { ALERT_STYLES } from './alert-styles.js';
import * as newsCopy from '../../../copy/news.js';

/** The note that the alerts could not be read just now, and when they last were: never an all-clear. */
export function AlertsUnavailable({ lastReadAt, now, className }: { lastReadAt: number | null; now: Date; className?: string }) {
  return (
    <p
      data-testid="weather-alerts-unavailable"
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm font-semibold text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/60 dark:text-amber-100',
        className,
      )}
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {alertsUnavailableText(lastReadAt, now)}
    </p>
  );
}

/**
 * The alerts in force, at the top of the home and (on phones, where the news page's box comes after every
 * article) of the news page: on a cyclone day nobody should have to scroll to find them. Nothing when none is
 * in force and they were read just now; on the news page, the note that they are unavailable when they could
 * not be read.
 */
export function AlertBanner({ place }: { place: 'home' | 'news' }) {
  const now = useNow();
  const state = useAlertsState(now);
  const unavailable = state.status === 'unavailable' && (place === 'news' || state.alerts.length > 0);
  if (state.alerts.length === 0 && !unavailable) return null;
  return (
    <section
      aria-label={state.alerts.length > 0 ? newsCopy.alertBannerAlertesMeteoEnCours : newsCopy.alertBannerAlertesMeteo}
      data-testid="alert-banner"
      className={cn('mb-4 space-y-2', place === 'news' && 'lg:hidden')}
    >
      {unavailable && <AlertsUnavailable lastReadAt={state.lastReadAt} now={now} />}
      {state.alerts.length > 0 && (
        <ul className="space-y-2">
          {state.alerts.map((alert) => {
            const style = ALERT_STYLES[alertColour(alert)];
            const Icon = alert.kind === 'cyclone' ? Wind : CloudRain;
            return (
              <li
                key={alert.id}
                data-testid="alert-banner-entry"
                data-colour={alertColour(alert)}
                className={cn('flex items-start gap-3 rounded-2xl border p-3', style.box)}
              >
                <span aria-hidden="true" className={cn('grid size-9 shrink-0 place-items-center rounded-lg', style.icon)}>
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm leading-snug font-bold text-slate-900 dark:text-white">
                    {alertLabel(alert)} — {alert.zone}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{alert.advice}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {place === 'home' && (
        <a
          href="#trending"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ocean-800 underline-offset-2 hover:underline dark:text-ocean-300"
        >
          {newsCopy.alertBannerVoirLesAlertesEt}
          <ChevronRight aria-hidden="true" className="size-4" />
        </a>
      )}
    </section>
  );
}
