import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { useCancelTask } from './api/cancelTask.ts';

/** Cancels a waiting or running task after a confirmation; the server refunds the unprocessed part. */
export function CancelTaskButton({ id }: { id: number | string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelTask(id, {
    onSuccess: () => notify.success(t('tasksUi.cancel.done')),
    onError: (error) => notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed')),
  });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<Ban className="size-3.5" aria-hidden />}
        loading={cancel.isPending}
        onClick={() => setOpen(true)}
        aria-label={t('tasksUi.cancel.label', { id })}
      >
        {t('tasksUi.cancel.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('tasksUi.cancel.title')}
        body={t('tasksUi.cancel.body')}
        cancelLabel={t('tasksUi.cancel.keep')}
        confirmLabel={t('tasksUi.cancel.confirm')}
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
