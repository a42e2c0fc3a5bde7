import { PASSWORD_MIN_LENGTH, ZChangePasswordRequest } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { useApiForm } from '@/lib/useApiForm.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { CardBody, CardFooter } from '@/ui/Card.tsx';
import { PasswordField } from '@/ui/TextField.tsx';
import { profileApi } from './api/profile.ts';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useApiForm({
    schema: ZChangePasswordRequest,
    fields: ['currentPassword', 'password', 'passwordConfirmation'],
    submit: profileApi.changePassword,
    onSuccess: (_, __, element) => {
      element.reset();
      notify.success(t('profile.password.changed'));
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <CardBody className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        <PasswordField
          label={t('profile.password.current')}
          name="currentPassword"
          autoComplete="current-password"
          className="sm:max-w-sm"
          error={form.fieldError('currentPassword')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            label={t('profile.password.password')}
            name="password"
            autoComplete="new-password"
            hint={t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={form.fieldError('password')}
          />
          <PasswordField
            label={t('profile.password.passwordConfirmation')}
            name="passwordConfirmation"
            autoComplete="new-password"
            error={form.fieldError('passwordConfirmation')}
          />
        </div>
      </CardBody>
      <CardFooter>
        <Button type="submit" loading={form.pending}>
          {t('profile.password.submit')}
        </Button>
      </CardFooter>
    </form>
  );
}
