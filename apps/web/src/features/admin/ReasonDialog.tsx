import { ADMIN_REASON_MAX } from '@linkwatch/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { TextField } from '@/ui/TextField.tsx';

/**
 * The console's confirmation of a change: what it does, the reason for the audit log, and a button
 * that says what happens. Stays open with the server's message when the change is refused.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  tone = 'primary',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      close(false);
    } catch (failure) {
      setError(isApiError(failure) ? failure.fullMessage : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={title}
      closeLabel={t('admin.common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('admin.common.cancel')}
          </Button>
          <Button variant={tone} onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-ink-muted">{body}</p>
        <TextField
          label={t('admin.common.reason')}
          hint={t('admin.common.reasonHint')}
          optional
          maxLength={ADMIN_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </Modal>
  );
}
