import { useQueryClient } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '@/lib/notices.ts';
import { meQueryKey, useToken } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useConfirmEmail } from './api/confirmEmail.ts';

/**
 * spec point 4: after email confirmation the user goes to login with a success notice. A changed
 * email (`?type=change`) is confirmed with user/confirm-email; a logged-in user goes back to the profile.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const change = useSearchParams()[0].get('type') === 'change';
  const loggedIn = useToken() !== null;
  const queryClient = useQueryClient();

  const confirm = useConfirmEmail(code, change);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    notify.success(change ? t('auth.confirm.changed') : t('auth.confirm.success'));
    if (change) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    navigate(to(change && loggedIn ? '/profile' : '/login'), { replace: true });
  }, [confirm.isSuccess, change, loggedIn, navigate, queryClient, t, to]);

  if (confirm.isError) {
    return (
      <Card className="mx-auto max-w-lg">
        <EmptyState
          level={1}
          icon={<MailX className="size-6" aria-hidden />}
          title={t('auth.confirm.failedTitle')}
          body={<span role="alert">{confirm.error.message}</span>}
          action={
            <Link to={to('/login')} className={buttonClass()}>
              {t('auth.confirm.toLogin')}
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-ink-muted">
      <Spinner className="size-8 text-brand-600" />
      <p role="status">{t('auth.confirm.checking')}</p>
    </div>
  );
}
