import { Megaphone, ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCookie, setCookie } from '@/api/cookies.ts';
import { useMe } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';

const COOKIE = 'warning_dismissed';
const COOKIE_DAYS = 30;

/** A short fingerprint of the text, so a new warning shows even after an old one was dismissed. */
export function fingerprint(text: string): string {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

/** spec point 2: the dismissible service warning from settings; the dismissal is kept in a cookie. */
export function WarningBanner() {
  const { t } = useTranslation();
  const warning = useSettings()?.warning?.trim();
  const [dismissed, setDismissed] = useState(() => getCookie(COOKIE));
  if (!warning || dismissed === fingerprint(warning)) return null;

  const dismiss = () => {
    const value = fingerprint(warning);
    setCookie({ name: COOKIE, value, days: COOKIE_DAYS });
    setDismissed(value);
  };

  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <div className="flex items-start gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <Megaphone className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        <p className="min-w-0 flex-1 text-sm">{warning}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('shell.banner.dismiss')}
          className="-m-1 rounded-md p-1 text-amber-700 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** spec point 6: the suspicious-activity notice of a blocked account, until the balance is topped up. */
export function BlockedBanner() {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (!useMe().data?.attributes.isBlocked) return null;
  return (
    <div role="alert" className="border-b border-rose-200 bg-rose-50 text-rose-900">
      <div className="flex items-start gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-rose-600" aria-hidden />
        <p className="min-w-0 flex-1 text-sm">
          {t('errors.accountBlocked')}{' '}
          <Link to={to('/balance')} className="font-medium underline underline-offset-2">
            {t('shell.balance')}
          </Link>
        </p>
      </div>
    </div>
  );
}
