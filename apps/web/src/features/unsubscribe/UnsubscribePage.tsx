import { MAILING_FLAGS, type MailingFlag } from '@linkwatch/shared';
import { MailCheck, MailX, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useUnsubscribe } from './api/unsubscribe.ts';

function isFlag(value: string | null): value is MailingFlag {
  return value !== null && (MAILING_FLAGS as readonly string[]).includes(value);
}

/**
 * The page a mail's unsubscribe link opens (no login needed): it posts the token once, then says
 * which mails stop, or shows the server's 'Error. Please try again.' with a retry.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const rawType = params.get('type');
  const type = isFlag(rawType) ? rawType : null;

  const unsubscribe = useUnsubscribe({ token, type });

  const home = (
    <Link to={to('/')} className={buttonClass({ variant: 'secondary' })}>
      {t('common.backHome')}
    </Link>
  );

  if (!token || unsubscribe.isError) {
    return (
      <Card className="mx-auto max-w-lg">
        <EmptyState
          level={1}
          icon={<MailX className="size-6" aria-hidden />}
          title={t('reportsUi.unsubscribe.failedTitle')}
          body={
            <span role="alert">
              {token ? unsubscribe.error?.message : t('reports.mailings.errors.unsubscribeInvalid')}
              {token ? null : <span className="mt-2 block">{t('reportsUi.unsubscribe.missing')}</span>}
            </span>
          }
          action={
            <div className="flex gap-3">
              {token ? (
                <Button
                  icon={<RotateCw className="size-4" aria-hidden />}
                  loading={unsubscribe.isFetching}
                  onClick={() => void unsubscribe.refetch()}
                >
                  {t('common.retry')}
                </Button>
              ) : null}
              {home}
            </div>
          }
        />
      </Card>
    );
  }

  if (unsubscribe.isSuccess) {
    const email = unsubscribe.data.attributes.email;
    return (
      <Card className="mx-auto max-w-lg">
        <EmptyState
          level={1}
          icon={<MailCheck className="size-6" aria-hidden />}
          title={t('reportsUi.unsubscribe.done')}
          body={<span role="status">{t(`reports.mailings.unsubscribed.${type ?? 'all'}`, { email })}</span>}
          action={home}
        />
      </Card>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-16 text-ink-muted">
      <Spinner className="size-8 text-brand-600" />
      <p role="status">{t('reportsUi.unsubscribe.working')}</p>
    </div>
  );
}
