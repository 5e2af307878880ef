import WifiOff from 'lucide-react/icons/wifi-off';
import { useOfflineState } from '../lib/connection.js';
import { formatDayAndTime } from '../../shared/format.js';
import * as offlineCopy from '../copy/offline.js';

/** Shown while the device is offline or the lists come from the last copy: the data may be out of date, and from when. */
export function OfflineBanner() {
  const { offline, since } = useOfflineState();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-2.5 rounded-2xl border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <p>
        <strong className="font-bold">{offlineCopy.offlineBannerVousEtesHorsConnexion}</strong>{' '}
        {since === null
          ? offlineCopy.offlineBannerLesResultatsAffichesPeuvent
          : offlineCopy.offlineBannerLesResultatsAffichesDatent(formatDayAndTime(since))}
      </p>
    </div>
  );
}
