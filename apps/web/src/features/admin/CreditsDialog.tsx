import { ADMIN_REASON_MAX } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useAdjustCredits } from './api/admin.ts';

/** Credits added (or taken, with a minus) through the ledger, with the reason the ledger row keeps. */
export function CreditsDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const adjust = useAdjustCredits(userId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const failure = isApiError(adjust.error) ? adjust.error : null;

  const close = (next: boolean) => {
    if (!next) {
      setAmount('');
      setReason('');
      adjust.reset();
    }
    onOpenChange(next);
  };
  const submit = async () => {
    const result = await adjust.mutateAsync({ amount: Number(amount), reason }).catch(() => null);
    if (!result) return;
    notify.success(t('admin.customer.credits.done', { balance: format.number(result.data.balance) }));
    close(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('admin.customer.credits.title')}
      description={t('admin.customer.credits.description')}
      closeLabel={t('admin.common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" form="admin-credits" disabled={adjust.isPending}>
            {t('admin.customer.credits.submit')}
          </Button>
        </>
      }
    >
      <form
        id="admin-credits"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('admin.customer.credits.amount')}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={failure?.fieldErrors.amount}
          required
        />
        <TextField
          label={t('admin.common.reason')}
          hint={t('admin.common.reasonHint')}
          maxLength={ADMIN_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={failure?.fieldErrors.reason}
          required
        />
        {failure && Object.keys(failure.fieldErrors).length === 0 ? (
          <Alert tone="error">{failure.message}</Alert>
        ) : null}
      </form>
    </Modal>
  );
}
