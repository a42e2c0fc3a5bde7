import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';

/**
 * spec point 2: an unknown route gives 'This page could not be found', and so does a page whose validity
 * check fails (a missing or someone else's project): the one 404 page, titled as such wherever it shows.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const title = `${t('shell.pages.notFound')} · ${t('common.appName')}`;
  // Shown in place of a page whose route has its own title: that title comes back when the page goes.
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <div className="flex flex-col items-center py-16 text-center" data-testid="not-found">
      <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <Compass className="size-7" aria-hidden />
      </div>
      <p className="text-sm font-semibold tracking-wide text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink">{t('status.notFound.title')}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{t('status.notFound.body')}</p>
      <Link to={to('/')} className={cn(buttonClass({ size: 'lg' }), 'mt-8')}>
        {t('common.backHome')}
      </Link>
    </div>
  );
}
