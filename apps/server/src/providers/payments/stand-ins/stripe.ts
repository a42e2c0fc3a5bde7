import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeNow, failNextInto, listenAt } from './listen.ts';
import { sendSigned } from './post-signed.ts';
import { checkoutPage, closedPage } from './stripe-checkout-page.ts';
import { type FormObject, parseStripeForm } from './stripe-form.ts';
import {
  createSession,
  randomId,
  type StandInSession,
  type StripeErrorReply,
  sessionObject,
} from './stripe-sessions.ts';
import {
  type Delivery,
  type SignedDelivery,
  type SigningOptions,
  type StripeEventBody,
  signedDelivery,
  stripeEvent,
} from './stripe-webhooks.ts';

/**
 * A loopback server answering as Stripe does for a Checkout integration, for the adapter's tests, the
 * browser test and the offline demo:
 * - the API the SDK calls: `POST /v1/checkout/sessions` (form-encoded, `Authorization: Bearer <secret
 *   key>`, `Idempotency-Key` replayed as Stripe does), `GET /v1/checkout/sessions[/<id>]` (the list
 *   filtered by `payment_intent`), `POST /v1/checkout/sessions/<id>/expire`; a wrong key is a 401 with
 *   Stripe's body, bad parameters are 400s with its codes;
 * - the hosted page at the session's `url` with Pay and Decline buttons. Pay completes the session,
 *   delivers a signed `checkout.session.completed` to the webhook URL and sends the browser to
 *   `success_url` (`{CHECKOUT_SESSION_ID}` filled in). Decline leaves the session open and sends the
 *   browser to `cancel_url` with `reason=card_declined`: real Checkout keeps the customer on its own
 *   page with its message, but this page has no card form, so the app's declined-card message (spec 8)
 *   shows on its return instead;
 * - the events an endpoint subscribed to `checkout.session.*` and `charge.dispute.created` receives:
 *   `expire()`, `dispute()` and `deliver()` of any event, signed well or badly.
 */
export interface StripeStandInOptions {
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Where events go, e.g. `<APP_URL>/api/payments/webhooks/stripe`; set later with setWebhookUrl. */
  webhookUrl?: string;
  /** The hosted page's banner: says what this is (the demo: a demo card service, no money moves). */
  label?: string;
  /** Pay redirects first and delivers this much later, as Stripe's webhooks trail the redirect. */
  deliverAfterMs?: number;
  port?: number;
  host?: string;
}

export interface ApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: FormObject;
}

export interface StripeStandIn {
  /** The API's origin: STRIPE_BASE_URL. */
  readonly url: string;
  /** The API calls received, oldest first. */
  readonly requests: ApiRequest[];
  /** The webhook deliveries made, oldest first. */
  readonly deliveries: Delivery[];
  session(id: string): StandInSession | undefined;
  setWebhookUrl(url: string | undefined): void;
  /** The next `times` API calls fail with this error before they run (not saved under their Idempotency-Key). */
  failNext(reply: StripeErrorReply, times?: number): void;
  /** What the hosted page's Pay does, without a browser. */
  pay(sessionId: string): Promise<Delivery>;
  /** What `POST /v1/checkout/sessions/<id>/expire` (or the 24 hours running out) does. */
  expire(sessionId: string): Promise<Delivery>;
  /** The customer's bank disputes a paid session's charge: `charge.dispute.created`. */
  dispute(sessionId: string): Promise<Delivery>;
  /** The merchant refunds a paid session's charge in full (the dashboard's Refund): `charge.refunded`. */
  refund(sessionId: string): Promise<Delivery>;
  /** An event carrying a session as the API shows it now. */
  sessionEvent(type: string, sessionId: string): StripeEventBody;
  /** An event signed for the endpoint (or not, per options), not sent: for the adapter's own tests. */
  sign(event: StripeEventBody, options?: SigningOptions): SignedDelivery;
  /** Sends any event to the webhook URL, signed well or badly per options. */
  deliver(event: StripeEventBody, options?: SigningOptions): Promise<Delivery>;
  /** Sends an event again, as Stripe retries a failed delivery or the dashboard's Resend does. */
  redeliver(eventId: string): Promise<Delivery>;
  /** The events sent so far, by id. */
  readonly events: Map<string, StripeEventBody>;
  close(): Promise<void>;
}

export const STRIPE_DECLINED_REASON = 'card_declined';

const API_VERSION_HEADER = '2026-10-28.endive';

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const { secretKey, webhookSecret, port = 0, host = '127.0.0.1' } = options;
  const label = options.label ?? 'Stripe stand-in (test mode): no card is charged';
  const sessions = new Map<string, StandInSession>();
  const requests: ApiRequest[] = [];
  const deliveries: Delivery[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: StripeErrorReply[] = [];
  const events = new Map<string, StripeEventBody>();
  let webhookUrl = options.webhookUrl;
  let origin = '';

  const pagePath = (id: string) => `/c/pay/${id}`;
  const pageUrl = (id: string) => `${origin}${pagePath(id)}`;
  const shown = (session: StandInSession) => sessionObject(session, pageUrl);

  function sign(event: StripeEventBody, signing?: SigningOptions) {
    return signedDelivery(event, webhookSecret, signing);
  }

  async function deliver(event: StripeEventBody, signing?: SigningOptions): Promise<Delivery> {
    events.set(event.id, event);
    const answered = await sendSigned({ url: webhookUrl, missing: 'No webhook URL set' }, () =>
      sign(event, signing),
    );
    const delivery = { eventId: event.id, type: event.type, ...answered };
    deliveries.push(delivery);
    return delivery;
  }

  function known(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    return session;
  }

  function complete(session: StandInSession): StripeEventBody {
    if (session.status !== 'open') throw new Error(`Checkout session ${session.id} is ${session.status}`);
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.paymentIntent = randomId('pi_test');
    return stripeEvent('checkout.session.completed', shown(session));
  }

  function expireSession(session: StandInSession): StripeEventBody | StripeErrorReply {
    if (session.status !== 'open') {
      const message = 'Only Checkout Sessions with a status in ["open"] can be expired.';
      return { status: 400, error: { type: 'invalid_request_error', message } };
    }
    session.status = 'expired';
    return stripeEvent('checkout.session.expired', shown(session));
  }

  function disputeEvent(session: StandInSession): StripeEventBody {
    if (!session.paymentIntent) throw new Error(`Checkout session ${session.id} has no payment to dispute`);
    return stripeEvent('charge.dispute.created', {
      id: randomId('dp_test'),
      object: 'dispute',
      amount: session.amountCents,
      currency: session.currency,
      charge: randomId('ch_test'),
      payment_intent: session.paymentIntent,
      reason: 'fraudulent',
      status: 'needs_response',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
    });
  }

  function refundEvent(session: StandInSession): StripeEventBody {
    if (!session.paymentIntent) throw new Error(`Checkout session ${session.id} has no payment to refund`);
    return stripeEvent('charge.refunded', {
      id: randomId('ch_test'),
      object: 'charge',
      amount: session.amountCents,
      amount_captured: session.amountCents,
      amount_refunded: session.amountCents,
      captured: true,
      currency: session.currency,
      paid: true,
      payment_intent: session.paymentIntent,
      refunded: true,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
    });
  }

  /** The API's answers, by path; the hosted page's in hostedPage. */
  function api(request: ApiRequest): { status: number; body: unknown } {
    const refused = authenticate(request.headers.authorization, secretKey);
    if (refused) return errorBody(refused);
    const failure = failures.shift();
    if (failure) return errorBody(failure);
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = createSession(request.form);
      if ('error' in session) return errorBody(session);
      sessions.set(session.id, session);
      return { status: 200, body: shown(session) };
    }
    if (method === 'GET' && path === '/v1/checkout/sessions')
      return { status: 200, body: list(request.form) };
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (match && !session) {
      const message = `No such checkout.session: '${match[1]}'`;
      return errorBody({
        status: 404,
        error: { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message },
      });
    }
    if (session && method === 'GET' && !match?.[2]) return { status: 200, body: shown(session) };
    if (session && method === 'POST' && match?.[2]) {
      const expired = expireSession(session);
      if ('error' in expired) return errorBody(expired);
      void deliver(expired);
      return { status: 200, body: shown(session) };
    }
    const message = `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
    return errorBody({ status: 404, error: { type: 'invalid_request_error', message } });
  }

  function list(query: FormObject) {
    const limit = Math.min(100, Number(query.limit ?? 10) || 10);
    const data = [...sessions.values()]
      .filter((s) => !query.payment_intent || s.paymentIntent === query.payment_intent)
      .reverse()
      .slice(0, limit)
      .map(shown);
    return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
  }

  function withIdempotency(request: ApiRequest): { status: number; body: unknown; replayed: boolean } {
    const key = request.method === 'POST' ? header(request.headers['idempotency-key']) : undefined;
    const saved = key ? idempotent.get(key) : undefined;
    if (saved) return { ...saved, replayed: true };
    const failing = failures.length > 0;
    const reply = api(request);
    // A request refused before it ran (auth, an injected outage) is not saved, as Stripe does.
    if (key && !failing && reply.status !== 401) idempotent.set(key, reply);
    return { ...reply, replayed: false };
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /^\/c\/pay\/([^/]+)(?:\/(pay|decline))?$/.exec(path);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (!match || !session) return sendHtml(res, 404, '<!doctype html><p>Not found</p>');
    const action = match[2];
    if (session.status !== 'open') return sendHtml(res, 410, closedPage({ session, label }));
    if (!action && req.method === 'GET') {
      return sendHtml(res, 200, checkoutPage({ session, label, path: pagePath(session.id) }));
    }
    if (req.method !== 'POST') return sendHtml(res, 405, '<!doctype html><p>Method not allowed</p>');
    if (action === 'decline') return redirect(res, declinedReturn(session));
    const event = complete(session);
    const successUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
    const delay = options.deliverAfterMs ?? 0;
    if (delay > 0) {
      setTimeout(() => void deliver(event), delay);
      return redirect(res, successUrl);
    }
    await deliver(event);
    return redirect(res, successUrl);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const address = new URL(req.url ?? '/', 'http://stand-in');
    if (address.pathname.startsWith('/c/pay/')) return hostedPage(req, res, address.pathname);
    const body = Buffer.concat(chunks).toString('utf8');
    const form = parseStripeForm(req.method === 'GET' ? address.search.slice(1) : body);
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      path: address.pathname,
      headers: req.headers,
      form,
    };
    requests.push(request);
    const reply = withIdempotency(request);
    res.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Request-Id': randomId('req'),
      'Stripe-Version': header(req.headers['stripe-version']) ?? API_VERSION_HEADER,
      ...(reply.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      ...(reply.status === 401 ? { 'WWW-Authenticate': 'Basic realm="Stripe"' } : {}),
    });
    res.end(JSON.stringify(reply.body, null, 2));
  });
  origin = await listenAt(server, host, port);

  return {
    url: origin,
    requests,
    deliveries,
    session: (id) => sessions.get(id),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    failNext: failNextInto(failures),
    pay: (id) => deliver(complete(known(id))),
    async expire(id) {
      const expired = expireSession(known(id));
      if ('error' in expired) throw new Error(expired.error.message);
      return deliver(expired);
    },
    dispute: (id) => deliver(disputeEvent(known(id))),
    refund: (id) => deliver(refundEvent(known(id))),
    sessionEvent: (type, id) => stripeEvent(type, shown(known(id))),
    sign,
    deliver,
    events,
    redeliver(eventId) {
      const event = events.get(eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      return deliver(event);
    },
    close: () => closeNow(server),
  };
}

/** Where Decline sends the browser: the cancel URL, marked so the app can say the card was declined. */
function declinedReturn(session: StandInSession): string {
  const back = new URL(session.cancelUrl ?? session.successUrl);
  back.searchParams.set('reason', STRIPE_DECLINED_REASON);
  return back.href.replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), session.id);
}

/** Stripe takes the secret key as a Bearer token or as Basic auth's user name. */
function authenticate(authorization: string | undefined, secretKey: string): StripeErrorReply | undefined {
  const [scheme = '', credential = ''] = (authorization ?? '').split(' ');
  const key =
    scheme.toLowerCase() === 'bearer'
      ? credential
      : scheme.toLowerCase() === 'basic'
        ? (Buffer.from(credential, 'base64').toString('utf8').split(':')[0] ?? '')
        : '';
  if (key === secretKey) return undefined;
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
  return { status: 401, error: { type: 'invalid_request_error', message } };
}

function errorBody(reply: StripeErrorReply) {
  return { status: reply.status, body: { error: reply.error } };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location }).end();
}
