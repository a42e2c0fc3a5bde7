import { ZForgotPasswordRequest } from '@linkwatch/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiForm } from '@/lib/useApiForm.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { AuthHeading } from './AuthHeading.tsx';
import { authApi } from './api/auth.ts';
import { Captcha } from './Captcha.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm({
    schema: ZForgotPasswordRequest,
    fields: ['email'],
    submit: authApi.forgotPassword,
    onSuccess: (_, payload) => setSentTo(payload.email),
  });

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      {sentTo ? (
        <Alert tone="success">{t('auth.forgot.sent', { email: sentTo })}</Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit} className="space-y-5">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <TextField
            label={t('auth.forgot.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            error={form.fieldError('email')}
          />
          <Captcha />
          <Button type="submit" size="lg" className="w-full" loading={form.pending}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          to={to('/login')}
          className="inline-flex items-center gap-1.5 font-medium text-brand-600 hover:text-brand-700"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('auth.forgot.back')}
        </Link>
      </p>
    </>
  );
}
