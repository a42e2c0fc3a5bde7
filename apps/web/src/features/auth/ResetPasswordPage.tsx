import { PASSWORD_MIN_LENGTH, ZResetPasswordRequest } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '@/lib/notices.ts';
import { useApiForm } from '@/lib/useApiForm.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { PasswordField, TextField } from '@/ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { authApi } from './api/auth.ts';

/** Opened from the mail link /{locale}/login/reset-password?token=T&email=E. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const form = useApiForm({
    schema: ZResetPasswordRequest,
    fields: ['password', 'passwordConfirmation', 'email'],
    prepare: (values) => ({ ...values, token, email }),
    submit: authApi.resetPassword,
    onSuccess: () => {
      notify.success(t('auth.reset.success'));
      navigate(to('/login'), { replace: true });
    },
  });

  if (!token) {
    return (
      <>
        <AuthHeading title={t('auth.reset.title')} />
        <Alert tone="warning">{t('auth.reset.missingToken')}</Alert>
        <Link
          to={to('/login/forgot-password')}
          className="mt-6 inline-block text-sm font-medium text-brand-600"
        >
          {t('auth.reset.requestNew')}
        </Link>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <form noValidate onSubmit={form.onSubmit} className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        <TextField
          label={t('auth.reset.email')}
          value={email}
          readOnly
          autoComplete="username"
          error={form.fieldError('email')}
        />
        <PasswordField
          label={t('auth.reset.password')}
          name="password"
          autoComplete="new-password"
          autoFocus
          hint={t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={form.fieldError('password')}
        />
        <PasswordField
          label={t('auth.reset.passwordConfirmation')}
          name="passwordConfirmation"
          autoComplete="new-password"
          error={form.fieldError('passwordConfirmation')}
        />
        <Button type="submit" size="lg" className="w-full" loading={form.pending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </>
  );
}
