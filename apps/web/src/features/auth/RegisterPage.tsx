import { PASSWORD_MIN_LENGTH, ZRegisterRequest } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiForm } from '@/lib/useApiForm.ts';
import { useLocale, useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { PasswordField, TextField } from '@/ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { authApi } from './api/auth.ts';
import { Captcha } from './Captcha.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referral = params.get('ref') ?? '';
  const [attempt, setAttempt] = useState(0);
  const form = useApiForm({
    schema: ZRegisterRequest,
    fields: ['name', 'email', 'password', 'passwordConfirmation', 'referral'],
    // The account starts in the language the visitor signed up in.
    prepare: (values) => ({ ...values, referral: values.referral || undefined, locale }),
    submit: (payload) => authApi.register(payload).finally(() => setAttempt((n) => n + 1)),
    onSuccess: (_, payload) =>
      navigate(`${to('/login/register-success')}?email=${encodeURIComponent(payload.email)}`),
  });

  return (
    <>
      <AuthHeading title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <form noValidate onSubmit={form.onSubmit} className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        <TextField
          label={t('auth.register.name')}
          name="name"
          autoComplete="name"
          autoFocus
          error={form.fieldError('name')}
        />
        <TextField
          label={t('auth.register.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.fieldError('email')}
        />
        <PasswordField
          label={t('auth.register.password')}
          name="password"
          autoComplete="new-password"
          hint={t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={form.fieldError('password')}
        />
        <PasswordField
          label={t('auth.register.passwordConfirmation')}
          name="passwordConfirmation"
          autoComplete="new-password"
          error={form.fieldError('passwordConfirmation')}
        />
        {referral ? (
          <TextField
            label={t('auth.register.referral')}
            name="referral"
            defaultValue={referral}
            readOnly
            error={form.fieldError('referral')}
          />
        ) : null}
        <Captcha resetKey={attempt} />
        <Button type="submit" size="lg" className="w-full" loading={form.pending}>
          {t('auth.register.submit')}
        </Button>
        <p className="text-center text-xs leading-5 text-ink-subtle">
          {t('auth.register.agreePrefix')}{' '}
          <Link to={to('/agreement')} className="font-medium text-brand-600 hover:text-brand-700">
            {t('auth.register.agreeLink')}
          </Link>
        </p>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link to={to('/login')} className="font-medium text-brand-600 hover:text-brand-700">
          {t('auth.register.login')}
        </Link>
      </p>
    </>
  );
}
