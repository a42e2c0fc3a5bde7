import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';

export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const email = useSearchParams()[0].get('email');
  return (
    <div className="text-center">
      <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600 ring-1 ring-emerald-100">
        <MailCheck className="size-7" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{t('auth.registerSuccess.title')}</h1>
      <p className="mt-3 text-sm leading-6 text-ink-muted">
        {email ? t('auth.registerSuccess.body', { email }) : t('auth.registerSuccess.bodyNoEmail')}
      </p>
      <p className="mt-3 text-xs leading-5 text-ink-subtle">{t('auth.registerSuccess.hint')}</p>
      {email ? (
        <div className="mt-6">
          <ResendConfirmation email={email} />
        </div>
      ) : null}
      <Link
        to={to('/login')}
        className={cn(buttonClass({ variant: 'secondary', size: 'lg' }), 'mt-8 w-full')}
      >
        {t('auth.registerSuccess.back')}
      </Link>
    </div>
  );
}
