import { api } from '@/api/client.ts';
import { apiHeaders, apiUrl } from '@/api/http.ts';
import { currentLocale } from '@/lib/i18n.ts';

/** spec 7: the invoice is saved under this name, whatever the server's header says. */
export const invoiceFileName = (paymentId: number | string) => `payment_invoice_${paymentId}.pdf`;

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download on its own turn; revoking at once could cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `GET balances/invoice/{id}` as a blob (spec 7), in the page's language (the PDF's words follow it).
 * A failure is asked again through the JSON client, so its error reads like every other one.
 */
export async function downloadInvoice(paymentId: number | string): Promise<void> {
  const path = `balances/invoice/${paymentId}`;
  const response = await fetch(apiUrl(path), { headers: apiHeaders(currentLocale(), 'application/pdf') });
  if (!response.ok) await api.get(path);
  save(await response.blob(), invoiceFileName(paymentId));
}
