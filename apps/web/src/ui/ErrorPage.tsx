import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { LogoMark } from '@/ui/Logo.tsx';

const KNOWN = { 403: 'forbidden', 404: 'notFound', 500: 'serverError' } as const;

/** spec point 2: status code, message and a back-home button. */
export function ErrorPage({
  status,
  message,
  fullScreen = false,
}: {
  status: number;
  message?: string;
  /** Alone in the window (no layout around it), or in a layout's page area. */
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const known = KNOWN[status as keyof typeof KNOWN] as (typeof KNOWN)[keyof typeof KNOWN] | undefined;
  // The three spec texts win over the server's wording; other statuses keep the server message.
  const text = known ? t(`status.error.${known}`) : (message ?? t('status.error.serverError'));
  const Frame = fullScreen ? 'main' : 'div';
  return (
    <Frame
      className={cn(
        'flex flex-col items-center text-center',
        fullScreen ? 'min-h-screen justify-center bg-canvas px-6 py-16' : 'py-16',
      )}
    >
      <LogoMark className="mb-10 size-10" />
      <p className="text-7xl font-bold tracking-tight text-brand-600 tabular-nums">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-ink">{text}</h1>
      <p className="mt-2 max-w-md text-sm text-ink-muted">{t('status.error.hint')}</p>
      <Link to={to('/')} className={cn(buttonClass({ size: 'lg' }), 'mt-8')}>
        {t('common.backHome')}
      </Link>
    </Frame>
  );
}
