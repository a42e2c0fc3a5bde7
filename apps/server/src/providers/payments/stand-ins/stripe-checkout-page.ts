import type { StandInSession } from './stripe-sessions.ts';

/**
 * The stand-in's hosted checkout page: what Stripe Checkout's page does for the test card numbers,
 * without a card form. Pay is test card 4242 (succeeds); Decline is 4000 0000 0000 0002 (a generic
 * decline). The banner says it is not Stripe, and in the offline demo that it is a demo service.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function amountText(session: StandInSession): string {
  const major = (session.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return session.currency === 'usd' ? `$${major}` : `${major} ${session.currency.toUpperCase()}`;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 8px;
         box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  .banner { font-size: 13px; background: #fff4d6; border-radius: 4px; padding: 6px 10px; }
  .amount { font-size: 32px; font-weight: 600; margin: 8px 0; }
  form { display: inline; }
  button { font: inherit; padding: 10px 18px; border-radius: 6px; border: 1px solid #c4c9d4;
           background: #fff; cursor: pointer; margin: 16px 8px 0 0; }
  button.pay { background: #635bff; border-color: #635bff; color: #fff; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; } }
`;

export function checkoutPage(params: { session: StandInSession; label: string; path: string }): string {
  const { session, label, path } = params;
  const email = session.customerEmail ? `<p>${escapeHtml(session.customerEmail)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amountText(session))}</title><style>${STYLE}</style></head>
<body><main>
<p class="banner">${escapeHtml(label)}</p>
<p>${escapeHtml(session.description)}</p>
<p class="amount">${escapeHtml(amountText(session))}</p>
${email}
<form method="post" action="${escapeHtml(path)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(path)}/decline"><button type="submit">Decline</button></form>
</main></body></html>`;
}

export function closedPage(params: { session: StandInSession; label: string }): string {
  const { session, label } = params;
  const why = session.status === 'complete' ? 'has already been paid' : 'has expired';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout closed</title><style>${STYLE}</style></head>
<body><main><p class="banner">${escapeHtml(label)}</p><p>This checkout session ${why}.</p></main></body></html>`;
}
