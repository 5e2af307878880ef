import CircleCheck from 'lucide-react/icons/circle-check';
import Download from 'lucide-react/icons/download';
import Trash2 from 'lucide-react/icons/trash-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useEraseMyData } from '../api/erase-my-data.js';
import { useExportMyData } from '../api/export-my-data.js';
import { EXPORT_FILE_NAME, erasureSummary } from '../lib/legal-text.js';
import * as legalCopy from '../../../copy/legal.js';

/** "Vos données": download this device's data as JSON, or erase it after a confirmation step. */
export function MyDataPanel() {
  const exportData = useExportMyData();
  const eraseData = useEraseMyData();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const eraseRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the step: onto "Oui, effacer" when asked, back to "Effacer mes données" on cancel.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current && !eraseData.isSuccess) eraseRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, eraseData.isSuccess]);

  return (
    <div className="space-y-4">
      <p>
        {legalCopy.myDataPanelVosVotesSontLies} <code>{EXPORT_FILE_NAME}</code>
        {legalCopy.myDataPanelOuLesEffacerSur}
      </p>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="primary" onClick={() => exportData.mutate()} disabled={exportData.isPending} data-testid="export-data">
          {exportData.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
          {legalCopy.myDataPanelTelechargerMesDonnees}
        </Button>
        {!confirming && (
          <Button
            ref={eraseRef}
            variant="outline"
            onClick={() => {
              eraseData.reset();
              setConfirming(true);
            }}
            data-testid="erase-data"
            className="border-rose-300 text-rose-800 hover:bg-rose-50 dark:border-rose-800 dark:text-rose-300 dark:hover:bg-rose-950/50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {legalCopy.myDataPanelEffacerMesDonnees}
          </Button>
        )}
      </div>

      {exportData.isSuccess && (
        <p role="status" className="flex items-center gap-2 text-emerald-800 dark:text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {legalCopy.myDataPanelTelechargementLance}
          {EXPORT_FILE_NAME}
        </p>
      )}
      {exportData.isError && (
        <p role="alert" className="text-rose-700 dark:text-rose-400">
          {legalCopy.myDataPanelErreur}
          {errorText(exportData.error)}
        </p>
      )}

      {confirming && (
        <div
          role="alertdialog"
          aria-labelledby="erase-confirm-title"
          aria-describedby="erase-confirm-text"
          data-testid="erase-confirm"
          className="rounded-xl border border-rose-200 bg-rose-50 p-4 dark:border-rose-900 dark:bg-rose-950/40"
        >
          <p id="erase-confirm-title" className="flex items-center gap-2 font-bold text-rose-900 dark:text-rose-200">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {legalCopy.myDataPanelEffacerDefinitivementVosDonnees}
          </p>
          <p id="erase-confirm-text" className="mt-1 text-rose-900/90 dark:text-rose-200/90">
            {legalCopy.myDataPanelVosVotesLiesA}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button
              ref={confirmRef}
              variant="no"
              disabled={eraseData.isPending}
              onClick={() => eraseData.mutate(undefined, { onSettled: () => setConfirming(false) })}
              data-testid="erase-confirm-button"
            >
              {eraseData.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
              {eraseData.isPending ? legalCopy.myDataPanelEffacement : legalCopy.myDataPanelOuiEffacerMesDonnees}
            </Button>
            <Button variant="ghost" disabled={eraseData.isPending} onClick={() => setConfirming(false)}>
              {legalCopy.myDataPanelAnnuler}
            </Button>
          </div>
        </div>
      )}

      {eraseData.isSuccess && (
        <p
          role="status"
          data-testid="erase-result"
          className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {erasureSummary(eraseData.data)}
        </p>
      )}
      {eraseData.isError && (
        <p role="alert" className="text-rose-700 dark:text-rose-400">
          {legalCopy.myDataPanelErreur}
          {errorText(eraseData.error)}
        </p>
      )}
    </div>
  );
}
