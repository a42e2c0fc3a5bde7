import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { closeNow, failNextInto, listenAt } from './listen.ts';
import type { StandInInvoice, StandInPayment } from './nowpayments-invoice.ts';
import {
  type IpnBody,
  type IpnDelivery,
  type IpnSigningOptions,
  type SignedIpn,
  signedIpn,
} from './nowpayments-ipn.ts';
import { closedPage, paymentPage } from './nowpayments-page.ts';
import { sendSigned } from './post-signed.ts';

export type { StandInInvoice, StandInPayment };

/**
 * A loopback server answering as NOWPayments' API does for an invoice integration, for the adapter's
 * tests and the API tests:
 * - `POST /v1/invoice`, `GET /v1/merchant/coins`, `GET /v1/currencies`, `GET /v1/min-amount` (a coin's
 *   minimum, with its USD equivalent when asked `fiat_equivalent=usd`), all with `x-api-key` (a wrong
 *   or missing key: 403 INVALID_API_KEY); bad parameters are 400 INVALID_REQUEST_PARAMS, a price under
 *   a coin's minimum 400 AMOUNT_MINIMAL_ERROR, in NOWPayments' `{status: false, statusCode, code,
 *   message}` body; `failNext` answers anything else (429, 500);
 * - the invoice page at invoice_url: Pay in full, Pay half (a short payment: partially_paid), Cancel;
 * - the IPNs a payment's life sends to the invoice's ipn_callback_url (or the URL tests set): waiting,
 *   confirming, confirmed, sending, then finished or partially_paid; or waiting then expired/failed;
 *   `refund` sends refunded for a paid invoice's payment (the store returned the coins).
 * Rates are fixed per coin, so amounts in tests are exact.
 */
export interface NowPaymentsStandInOptions {
  apiKey: string;
  ipnSecret: string;
  /** The coins the store accepts (`GET /v1/merchant/coins`); empty: the store picked none. */
  storeCoins?: string[];
  label?: string;
  /**
   * The invoice page's Pay sends the browser back at once and the payment's IPNs follow this far apart,
   * as a blockchain's confirmations do; unset: all IPNs are delivered before the browser is sent back.
   */
  ipnStepMs?: number;
  port?: number;
  host?: string;
}

export interface NowPaymentsApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface NowPaymentsErrorReply {
  status: number;
  code: string;
  message: string;
}

export interface NowPaymentsStandIn {
  /** The API's origin: NOWPAYMENTS_BASE_URL. */
  readonly url: string;
  readonly requests: NowPaymentsApiRequest[];
  readonly deliveries: IpnDelivery[];
  invoice(id: string): StandInInvoice | undefined;
  /** Where IPNs go instead of each invoice's ipn_callback_url (tests: APP_URL is not where the app listens). */
  setIpnUrl(url: string | undefined): void;
  failNext(reply: NowPaymentsErrorReply, times?: number): void;
  /** The buyer pays this share of the crypto amount: the IPNs up to finished (1) or partially_paid (< 1). */
  pay(invoiceId: string, share?: number): Promise<IpnDelivery[]>;
  /** No (or not enough) crypto arrives in time: waiting, then expired (or failed). */
  expire(invoiceId: string, status?: 'expired' | 'failed'): Promise<IpnDelivery[]>;
  /** The store refunds the invoice's last payment (finished or partially_paid): its refunded IPN. */
  refund(invoiceId: string): Promise<IpnDelivery>;
  /** The IPN body of the invoice's latest payment in this status, not sent. */
  ipn(invoiceId: string, status: string): IpnBody;
  sign(body: IpnBody, options?: IpnSigningOptions): SignedIpn;
  deliver(body: IpnBody, options?: IpnSigningOptions): Promise<IpnDelivery>;
  close(): Promise<void>;
}

/** USD per coin, decimals and the smallest price NOWPayments takes in it. */
const COINS: Record<string, { rate: number; decimals: number; minUsd: number }> = {
  btc: { rate: 64_000, decimals: 8, minUsd: 10 },
  eth: { rate: 3_200, decimals: 8, minUsd: 5 },
  ltc: { rate: 80, decimals: 8, minUsd: 1 },
  trx: { rate: 0.125, decimals: 6, minUsd: 1 },
  usdttrc20: { rate: 1, decimals: 6, minUsd: 1 },
  usdterc20: { rate: 1, decimals: 6, minUsd: 15 },
  usdtbsc: { rate: 1, decimals: 6, minUsd: 1 },
};
const FIAT = new Set(['usd', 'eur', 'gbp']);
const PAYING = ['waiting', 'confirming', 'confirmed', 'sending'];

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export async function startNowPaymentsStandIn(
  options: NowPaymentsStandInOptions,
): Promise<NowPaymentsStandIn> {
  const { apiKey, ipnSecret, port = 0, host = '127.0.0.1' } = options;
  const label = options.label ?? 'NOWPayments stand-in (sandbox): no coins move';
  const storeCoins = options.storeCoins ?? ['BTC', 'ETH', 'LTC', 'USDTTRC20', 'USDTERC20', 'USDTBSC', 'TRX'];
  const invoices = new Map<string, StandInInvoice>();
  const requests: NowPaymentsApiRequest[] = [];
  const deliveries: IpnDelivery[] = [];
  const failures: NowPaymentsErrorReply[] = [];
  let ipnUrl: string | undefined;
  let origin = '';

  function known(id: string): StandInInvoice {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`No such invoice: ${id}`);
    return invoice;
  }

  /** The invoice's open payment, made when the buyer starts paying (its coin: the invoice's or USDT). */
  function paymentOf(invoice: StandInInvoice): StandInPayment {
    const open = invoice.payments.find((p) => PAYING.includes(p.status));
    if (open) return open;
    const payCurrency = invoice.payCurrency ?? 'usdttrc20';
    const coin = COINS[payCurrency] ?? { rate: 1, decimals: 6, minUsd: 1 };
    const payment: StandInPayment = {
      paymentId: randomInt(4_000_000_000, 6_000_000_000),
      payCurrency,
      payAddress: `T${randomBytes(20).toString('hex').slice(0, 33)}`,
      payAmount: round(invoice.priceAmount / coin.rate, coin.decimals),
      actuallyPaid: 0,
      purchaseId: String(randomInt(4_000_000_000, 6_000_000_000)),
      status: 'waiting',
    };
    invoice.payments.push(payment);
    return payment;
  }

  function ipnBody(invoice: StandInInvoice, payment: StandInPayment): IpnBody {
    const coin = COINS[payment.payCurrency] ?? { rate: 1, decimals: 6, minUsd: 1 };
    return {
      payment_id: payment.paymentId,
      parent_payment_id: null,
      invoice_id: Number(invoice.id),
      payment_status: payment.status,
      pay_address: payment.payAddress,
      payin_extra_id: null,
      price_amount: invoice.priceAmount,
      price_currency: invoice.priceCurrency,
      pay_amount: payment.payAmount,
      actually_paid: payment.actuallyPaid,
      actually_paid_at_fiat: round(payment.actuallyPaid * coin.rate, 2),
      pay_currency: payment.payCurrency,
      order_id: invoice.orderId,
      order_description: invoice.orderDescription,
      purchase_id: payment.purchaseId,
      outcome_amount: round(payment.actuallyPaid * coin.rate * 0.995, 6),
      outcome_currency: 'usdttrc20',
      payment_extra_ids: null,
      fee: {
        currency: 'usdttrc20',
        depositFee: 0,
        withdrawalFee: 0,
        serviceFee: round(payment.actuallyPaid * coin.rate * 0.005, 6),
      },
      updated_at: Date.now(),
    };
  }

  async function deliver(body: IpnBody, signing?: IpnSigningOptions): Promise<IpnDelivery> {
    if (options.ipnStepMs) await new Promise((resolve) => setTimeout(resolve, options.ipnStepMs));
    const invoice = body.invoice_id === null ? undefined : invoices.get(String(body.invoice_id));
    const url = ipnUrl ?? invoice?.ipnCallbackUrl ?? undefined;
    const answered = await sendSigned({ url, missing: 'No IPN URL' }, () =>
      signedIpn(body, ipnSecret, signing),
    );
    const delivery = {
      paymentId: body.payment_id,
      status: body.payment_status,
      httpStatus: answered.status,
      response: answered.response,
    };
    deliveries.push(delivery);
    return delivery;
  }

  /** Moves the payment through these statuses, one IPN each, in order. */
  async function advance(invoice: StandInInvoice, payment: StandInPayment, statuses: string[]) {
    const sent: IpnDelivery[] = [];
    for (const status of statuses) {
      payment.status = status;
      sent.push(await deliver(ipnBody(invoice, payment)));
    }
    return sent;
  }

  async function pay(invoice: StandInInvoice, share: number): Promise<IpnDelivery[]> {
    const payment = paymentOf(invoice);
    const coin = COINS[payment.payCurrency] ?? { rate: 1, decimals: 6, minUsd: 1 };
    const waiting = payment.status === 'waiting' ? [await deliver(ipnBody(invoice, payment))] : [];
    payment.actuallyPaid = round(payment.payAmount * share, coin.decimals);
    const final = payment.actuallyPaid >= payment.payAmount ? 'finished' : 'partially_paid';
    return [...waiting, ...(await advance(invoice, payment, ['confirming', 'confirmed', 'sending', final]))];
  }

  function api(request: NowPaymentsApiRequest): { status: number; body: unknown } {
    if (request.headers['x-api-key'] !== apiKey) {
      return errorReply({ status: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' });
    }
    const failure = failures.shift();
    if (failure) return errorReply(failure);
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/invoice') return createInvoice(request.body);
    if (method === 'GET' && path === '/v1/merchant/coins')
      return { status: 200, body: { selectedCurrencies: storeCoins } };
    if (method === 'GET' && path === '/v1/currencies')
      return { status: 200, body: { currencies: Object.keys(COINS) } };
    if (method === 'GET' && path === '/v1/min-amount') return minAmount(request.query);
    return errorReply({ status: 404, code: 'NOT_FOUND', message: `Cannot ${method} ${path}` });
  }

  /** NOWPayments' answer: the coin's minimum in the coin, and in the fiat currency asked for. */
  function minAmount(query: Record<string, string>): { status: number; body: unknown } {
    const from = (query.currency_from ?? '').toLowerCase();
    const coin = COINS[from];
    if (!coin)
      return errorReply({
        status: 400,
        code: 'INVALID_REQUEST_PARAMS',
        message: `"currency_from" ${from || 'undefined'} is not supported`,
      });
    const fiat = (query.fiat_equivalent ?? '').toLowerCase();
    return {
      status: 200,
      body: {
        currency_from: from,
        currency_to: (query.currency_to ?? 'usdttrc20').toLowerCase(),
        min_amount: round(coin.minUsd / coin.rate, coin.decimals),
        ...(FIAT.has(fiat) ? { fiat_equivalent: coin.minUsd } : {}),
      },
    };
  }

  function createInvoice(body: unknown): { status: number; body: unknown } {
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const invalid = (message: string) => errorReply({ status: 400, code: 'INVALID_REQUEST_PARAMS', message });
    const price = input.price_amount;
    if (typeof price !== 'number') return invalid('"price_amount" must be a number');
    if (price <= 0) return invalid('"price_amount" must be greater than 0');
    const priceCurrency = typeof input.price_currency === 'string' ? input.price_currency.toLowerCase() : '';
    if (!priceCurrency) return invalid('"price_currency" is required');
    if (!FIAT.has(priceCurrency)) return invalid(`"price_currency" ${priceCurrency} is not supported`);
    const payCurrency = typeof input.pay_currency === 'string' ? input.pay_currency.toLowerCase() : null;
    const coin = payCurrency ? COINS[payCurrency] : undefined;
    if (payCurrency && !coin) return invalid(`"pay_currency" ${payCurrency} is not supported`);
    if (coin && price < coin.minUsd)
      return errorReply({ status: 400, code: 'AMOUNT_MINIMAL_ERROR', message: 'amountTo is too small' });
    const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
    const invoice: StandInInvoice = {
      id: String(randomInt(4_000_000_000, 6_000_000_000)),
      priceAmount: price,
      priceCurrency,
      payCurrency,
      orderId: text('order_id'),
      orderDescription: text('order_description'),
      ipnCallbackUrl: text('ipn_callback_url'),
      successUrl: text('success_url'),
      cancelUrl: text('cancel_url'),
      createdAt: new Date().toISOString(),
      payments: [],
    };
    invoices.set(invoice.id, invoice);
    return { status: 200, body: invoiceObject(invoice) };
  }

  function invoiceObject(invoice: StandInInvoice) {
    return {
      id: invoice.id,
      token_id: randomBytes(6).toString('base64url'),
      order_id: invoice.orderId,
      order_description: invoice.orderDescription,
      price_amount: String(invoice.priceAmount),
      price_currency: invoice.priceCurrency,
      pay_currency: invoice.payCurrency,
      ipn_callback_url: invoice.ipnCallbackUrl,
      invoice_url: `${origin}/payment/?iid=${invoice.id}`,
      success_url: invoice.successUrl,
      cancel_url: invoice.cancelUrl,
      partially_paid_url: null,
      payout_currency: null,
      created_at: invoice.createdAt,
      updated_at: invoice.createdAt,
      is_fixed_rate: false,
      is_fee_paid_by_user: false,
    };
  }

  async function invoicePage(res: ServerResponse, method: string, url: URL) {
    const invoice = invoices.get(url.searchParams.get('iid') ?? '');
    if (!invoice) return sendHtml(res, 404, '<!doctype html><p>Not found</p>');
    const open = invoice.payments.every((p) => PAYING.includes(p.status));
    if (method === 'GET' && url.pathname === '/payment/') {
      return sendHtml(res, open ? 200 : 410, open ? paymentPage(invoice, label) : closedPage(invoice, label));
    }
    if (method !== 'POST' || !open) return sendHtml(res, 405, '<!doctype html><p>Not allowed</p>');
    if (url.pathname === '/payment/cancel') return redirect(res, invoice.cancelUrl ?? 'about:blank');
    const paying = pay(invoice, url.pathname === '/payment/pay-half' ? 0.5 : 1);
    if (options.ipnStepMs === undefined) await paying;
    return redirect(res, invoice.successUrl ?? 'about:blank');
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/payment/')) return invoicePage(res, method, url);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const query = Object.fromEntries(url.searchParams);
    const request = { method, path: url.pathname, query, headers: req.headers, body };
    requests.push(request);
    const reply = api(request);
    res
      .writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(reply.body));
  });
  origin = await listenAt(server, host, port);

  return {
    url: origin,
    requests,
    deliveries,
    invoice: (id) => invoices.get(id),
    setIpnUrl(url) {
      ipnUrl = url;
    },
    failNext: failNextInto(failures),
    pay: (id, share = 1) => pay(known(id), share),
    async expire(id, status = 'expired') {
      const invoice = known(id);
      const payment = paymentOf(invoice);
      return advance(invoice, payment, payment.status === 'waiting' ? ['waiting', status] : [status]);
    },
    async refund(id) {
      const invoice = known(id);
      const payment = invoice.payments.at(-1);
      if (!payment || !['finished', 'partially_paid'].includes(payment.status))
        throw new Error(`Invoice ${id} has no paid payment to refund`);
      const [sent] = await advance(invoice, payment, ['refunded']);
      if (!sent) throw new Error('no IPN sent');
      return sent;
    },
    ipn(id, status) {
      const invoice = known(id);
      const payment = invoice.payments.at(-1) ?? paymentOf(invoice);
      return { ...ipnBody(invoice, payment), payment_status: status };
    },
    sign: (body, signing) => signedIpn(body, ipnSecret, signing),
    deliver,
    close: () => closeNow(server),
  };
}

function errorReply(reply: NowPaymentsErrorReply) {
  return {
    status: reply.status,
    body: { status: false, statusCode: reply.status, code: reply.code, message: reply.message },
  };
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location }).end();
}
