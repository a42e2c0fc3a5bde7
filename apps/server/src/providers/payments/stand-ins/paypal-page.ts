import type { StandInOrder } from './paypal-orders.ts';

/**
 * The buyer's page at an order's payer-action link: what PayPal's checkout does once the buyer has
 * logged in, without a login. Pay approves; "Pay with a declined card" approves with a funding source
 * that the capture then declines (INSTRUMENT_DECLINED); Cancel goes back to cancel_url. The banner says
 * it is not PayPal.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#001c64}
main{max-width:420px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
.banner{font-size:13px;background:#fff4d6;border-radius:4px;padding:6px 10px}.amount{font-size:32px;font-weight:600;margin:8px 0}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:20px;border:1px solid #c4c9d4;background:#fff;cursor:pointer;margin:16px 8px 0 0}
button.pay{background:#ffc439;border-color:#ffc439}@media (max-width:480px){main{margin:0;border-radius:0}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function approvalPage(order: StandInOrder, label: string): string {
  const action = (name: string) => `/checkoutnow/${name}?token=${encodeURIComponent(order.id)}`;
  return page(
    `Pay $${order.amount.value}`,
    `<p class="banner">${escapeHtml(label)}</p><p>${escapeHtml(order.description ?? '')}</p>
<p class="amount">$${escapeHtml(order.amount.value)}</p>
<form method="post" action="${action('approve')}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action('decline')}"><button type="submit">Pay with a declined card</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
  );
}

export function closedPage(order: StandInOrder, label: string): string {
  return page(
    'Order closed',
    `<p class="banner">${escapeHtml(label)}</p><p>This order is ${order.status.toLowerCase()}.</p>`,
  );
}
