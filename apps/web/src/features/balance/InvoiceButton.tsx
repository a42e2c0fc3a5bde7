import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { useDownloadInvoice } from './api/payment.ts';

/** Saves a Paid top-up's invoice as payment_invoice_{id}.pdf (spec 7). */
export function InvoiceButton({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const download = useDownloadInvoice(paymentId, {
    onError: (error) =>
      notify.error(isApiError(error) ? error.message : t('balanceUi.history.invoiceFailed')),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={download.isPending}
      icon={<FileDown className="size-3.5" aria-hidden />}
      aria-label={t('balanceUi.history.invoiceFor', { id: paymentId })}
      onClick={() => download.mutate()}
    >
      {t('balanceUi.history.invoice')}
    </Button>
  );
}
