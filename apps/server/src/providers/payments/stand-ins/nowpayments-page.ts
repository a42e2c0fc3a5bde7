import type { StandInInvoice } from './nowpayments-invoice.ts';

/**
 * The invoice page at invoice_url: what NOWPayments' page does once the buyer has sent coins from a
 * wallet. Pay in full runs a payment to finished, Pay half to partially_paid (a short payment), Cancel
 * goes back to cancel_url. The banner says it is not NOWPayments.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5fa;color:#1f2330}
main{max-width:420px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
.banner{font-size:13px;background:#fff4d6;border-radius:4px;padding:6px 10px}.amount{font-size:32px;font-weight:600;margin:8px 0}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #c4c9d4;background:#fff;cursor:pointer;margin:16px 8px 0 0}
button.pay{background:#3a61ff;border-color:#3a61ff;color:#fff}@media (max-width:480px){main{margin:0;border-radius:0}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function paymentPage(invoice: StandInInvoice, label: string): string {
  const action = (name: string) => `/payment/${name}?iid=${encodeURIComponent(invoice.id)}`;
  const coin = (invoice.payCurrency ?? 'usdttrc20').toUpperCase();
  return page(
    `Pay $${invoice.priceAmount.toFixed(2)}`,
    `<p class="banner">${escapeHtml(label)}</p><p>${escapeHtml(invoice.orderDescription ?? '')}</p>
<p class="amount">$${escapeHtml(invoice.priceAmount.toFixed(2))}</p><p>in ${escapeHtml(coin)}</p>
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay in full</button></form>
<form method="post" action="${action('pay-half')}"><button type="submit">Pay half</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
  );
}

export function closedPage(invoice: StandInInvoice, label: string): string {
  const status = invoice.payments.at(-1)?.status ?? 'closed';
  return page(
    'Invoice closed',
    `<p class="banner">${escapeHtml(label)}</p><p>This invoice is ${escapeHtml(status)}.</p>`,
  );
}
