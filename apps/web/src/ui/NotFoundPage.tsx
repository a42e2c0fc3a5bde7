import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';

/** spec point 2: an unknown route gives 'This page could not be found'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="flex flex-col items-center py-16 text-center">
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
