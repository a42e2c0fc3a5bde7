import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { resetEndReason, setToken } from '@/api/token.ts';
import { useApiForm } from '@/lib/useApiForm.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { PasswordField, TextField } from '@/ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { authApi } from './api/auth.ts';
import { Captcha } from './Captcha.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';

/**
 * spec point 4: login is followed by fetching the current user. Storing the token is all this page
 * does; the guest guard then fetches the user and sends them to the remembered path, the partners
 * page or the index.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params] = useSearchParams();
  // Past a login limit the server takes a solved captcha (README, "Login limits"): the box shows then.
  const [limited, setLimited] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The address of the last try: an account not confirmed yet can ask for its link again.
  const [triedEmail, setTriedEmail] = useState('');
  const form = useApiForm({
    schema: () => import('./loginSchema.ts').then((m) => m.ZLoginRequest),
    fields: ['email', 'password'],
    prepare: (values) => {
      setTriedEmail(values.email);
      return { ...values, partner: params.has('partner') || undefined };
    },
    submit: (payload) =>
      authApi
        .login(payload)
        .catch((error: unknown) => {
          if (isApiError(error, 429)) setLimited(true);
          throw error;
        })
        .finally(() => setAttempt((n) => n + 1)),
    onSuccess: (token) => setToken(token),
  });

  useEffect(() => resetEndReason(), []);

  return (
    <>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <form noValidate onSubmit={form.onSubmit} onInput={form.prepareSchema} className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        {form.formError === t('errors.emailNotConfirmed') && triedEmail ? (
          <ResendConfirmation email={triedEmail} />
        ) : null}
        <TextField
          label={t('auth.login.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          error={form.fieldError('email')}
        />
        <div className="space-y-2">
          <PasswordField
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            error={form.fieldError('password')}
          />
          <div className="text-right">
            <Link
              to={to('/login/forgot-password')}
              className="text-sm font-medium text-brand-600 hover:text-brand-700"
            >
              {t('auth.login.forgot')}
            </Link>
          </div>
        </div>
        {limited ? <Captcha resetKey={attempt} /> : null}
        <Button type="submit" size="lg" className="w-full" loading={form.pending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        {t('auth.login.noAccount')}{' '}
        <Link to={to('/register')} className="font-medium text-brand-600 hover:text-brand-700">
          {t('auth.login.register')}
        </Link>
      </p>
    </>
  );
}
