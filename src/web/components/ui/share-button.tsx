import Check from 'lucide-react/icons/check';
import Share2 from 'lucide-react/icons/share-2';
import { useEffect, useState } from 'react';
import { Button } from './button.js';
import * as uiCopy from '../../copy/ui.js';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-HTTP pages have no Clipboard API: the old selection trick still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Web Share sheet on phones; elsewhere the link is copied and "Lien copié" confirms it. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Share refused (e.g. no target): fall back to copying.
      }
    }
    try {
      await copyText(url);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <div className="flex items-center gap-2">
      <span role="status" className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
        {status === 'copied' ? uiCopy.shareButtonLienCopie : status === 'failed' ? url : ''}
      </span>
      <Button variant="outline" size="sm" onClick={() => void share()}>
        {status === 'copied' ? <Check aria-hidden="true" className="size-4" /> : <Share2 aria-hidden="true" className="size-4" />}
        {uiCopy.shareButtonPartager}
      </Button>
    </div>
  );
}
