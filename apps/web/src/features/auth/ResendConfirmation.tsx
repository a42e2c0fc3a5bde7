import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { useResendConfirmation } from './api/confirmEmail.ts';

/** A lost or expired confirmation link: the mail again, to the address the page knows. */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendConfirmation(email);
  if (resend.isSuccess) return <Alert tone="success">{t('auth.resend.sent', { email })}</Alert>;
  return (
    <div className="space-y-3">
      {resend.error ? <Alert tone="error">{resend.error.message}</Alert> : null}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t('auth.resend.button')}
      </Button>
    </div>
  );
}
