import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { closeNow, failNextInto, listenAt } from './listen.ts';
import {
  captureObject,
  createOrder,
  orderObject,
  type PayPalErrorReply,
  paypalError,
  paypalId,
  type StandInOrder,
} from './paypal-orders.ts';
import { approvalPage, closedPage } from './paypal-page.ts';
import {
  disputeEvent,
  type PayPalDelivery,
  type PayPalEventBody,
  type PayPalSignedDelivery,
  type PayPalSigningOptions,
  paypalEvent,
  refundEvent,
  webhookSigner,
} from './paypal-webhooks.ts';
import { sendSigned } from './post-signed.ts';

/**
 * A loopback server answering as PayPal's REST API does for an Orders v2 integration, for the
 * adapter's tests and the API tests:
 * - `POST /v1/oauth2/token` (Basic client id:secret, `grant_type=client_credentials`; a wrong pair is
 *   401 `invalid_client`), then Bearer tokens on every other call (an unknown or revoked one: 401
 *   AUTHENTICATION_FAILURE);
 * - `POST /v2/checkout/orders`, `GET /v2/checkout/orders/{id}`, `POST …/{id}/capture`,
 *   `GET /v2/payments/captures/{id}`, with `PayPal-Request-Id` replaying the first answer as PayPal
 *   does, and PayPal's 400/404/422 bodies (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED,
 *   ORDER_ALREADY_CAPTURED);
 * - `POST /v1/notifications/verify-webhook-signature` checking deliveries as PayPal does (see
 *   paypal-webhooks.ts), the public key at the cert URL;
 * - the buyer's page at the order's payer-action link: Pay (approves and sends the browser to
 *   return_url with `token` and `PayerID`), Pay with a failing card (approves, but the capture then
 *   answers INSTRUMENT_DECLINED), Cancel (to cancel_url with `token`);
 * - the webhooks a listener for PAYMENT.CAPTURE.*, CHECKOUT.ORDER.* and CUSTOMER.DISPUTE.CREATED gets:
 *   a capture delivers PAYMENT.CAPTURE.COMPLETED (or DENIED); `voidOrder`, `dispute`, `refund`,
 *   `deliver` send the others, signed well or badly.
 */
export interface PayPalStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for our endpoint; deliveries are signed for it. */
  webhookId: string;
  webhookUrl?: string;
  label?: string;
  /**
   * Also deliver CHECKOUT.ORDER.APPROVED this long after the buyer's Pay (a webhook subscribed to it);
   * unset: not sent. The offline demo turns it on, so an approval completes even if nobody captures.
   */
  approvedEventAfterMs?: number;
  /** How long a token lives (PayPal: 32,400 s). */
  tokenSeconds?: number;
  port?: number;
  host?: string;
}

export interface PayPalApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface PayPalStandIn {
  /** The API's origin: PAYPAL_BASE_URL. */
  readonly url: string;
  readonly requests: PayPalApiRequest[];
  readonly deliveries: PayPalDelivery[];
  readonly events: Map<string, PayPalEventBody>;
  order(id: string): StandInOrder | undefined;
  setWebhookUrl(url: string | undefined): void;
  /** The next `times` API calls (not the token) fail with this answer before they run. */
  failNext(reply: PayPalErrorReply, times?: number): void;
  /** Tokens issued so far stop working, as when PayPal rotates them. */
  revokeTokens(): void;
  /** What the buyer's Pay does: the order approved; the URL the browser is sent back to. */
  approve(orderId: string, options?: { instrumentDeclines?: boolean }): string;
  /** Pay, then PayPal's side of a capture: completed (or denied) with its webhook, as after our capture call. */
  completeCapture(orderId: string, status?: 'COMPLETED' | 'DENIED'): Promise<PayPalDelivery>;
  /** The order voided (the buyer never approved in time): CHECKOUT.ORDER.VOIDED. */
  voidOrder(orderId: string): Promise<PayPalDelivery>;
  /** The buyer disputes a captured order's payment: CUSTOMER.DISPUTE.CREATED. */
  dispute(orderId: string): Promise<PayPalDelivery>;
  /**
   * The merchant refunds a captured order in full (the dashboard's Refund): the capture becomes
   * REFUNDED and PAYMENT.CAPTURE.REFUNDED is delivered; `reversed` sends PAYMENT.CAPTURE.REVERSED, as
   * when PayPal itself takes the money back.
   */
  refund(orderId: string, options?: { reversed?: boolean }): Promise<PayPalDelivery>;
  /** An event about an order as the API shows it now (CHECKOUT.ORDER.* carry the order, PAYMENT.CAPTURE.* the capture). */
  orderEvent(type: string, orderId: string): PayPalEventBody;
  sign(event: PayPalEventBody, options?: PayPalSigningOptions): PayPalSignedDelivery;
  deliver(event: PayPalEventBody, options?: PayPalSigningOptions): Promise<PayPalDelivery>;
  redeliver(eventId: string): Promise<PayPalDelivery>;
  /** Resolves when the deliveries a capture started have been made. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const CERT_PATH = '/v1/notifications/certs/CERT-stand-in';
const RESOURCE_MISSING = () =>
  paypalError({
    status: 404,
    name: 'RESOURCE_NOT_FOUND',
    issue: 'INVALID_RESOURCE_ID',
    description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  });

export async function startPayPalStandIn(options: PayPalStandInOptions): Promise<PayPalStandIn> {
  const { clientId, clientSecret, port = 0, host = '127.0.0.1' } = options;
  const label = options.label ?? 'PayPal stand-in (sandbox): no money moves';
  const orders = new Map<string, StandInOrder>();
  const tokens = new Map<string, number>();
  const requests: PayPalApiRequest[] = [];
  const deliveries: PayPalDelivery[] = [];
  const events = new Map<string, PayPalEventBody>();
  const replies = new Map<string, Reply>();
  const failures: PayPalErrorReply[] = [];
  const pending = new Set<Promise<unknown>>();
  let webhookUrl = options.webhookUrl;
  let origin = '';
  const signer = webhookSigner({ webhookId: options.webhookId, certUrl: () => `${origin}${CERT_PATH}` });

  async function deliver(event: PayPalEventBody, signing?: PayPalSigningOptions): Promise<PayPalDelivery> {
    events.set(event.id, event);
    const answered = await sendSigned({ url: webhookUrl, missing: 'No webhook URL set' }, () =>
      signer.sign(event, signing),
    );
    const delivery = { eventId: event.id, type: event.event_type, ...answered };
    deliveries.push(delivery);
    return delivery;
  }

  /** Deliveries PayPal makes on its own after answering a call. */
  function deliverLater(event: PayPalEventBody) {
    const delivery = deliver(event).finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  function known(id: string): StandInOrder {
    const order = orders.get(id);
    if (!order) throw new Error(`No such order: ${id}`);
    return order;
  }

  function orderEvent(type: string, orderId: string): PayPalEventBody {
    const order = known(orderId);
    if (type.startsWith('PAYMENT.CAPTURE.')) {
      const resource = captureObject(order, origin);
      return paypalEvent({
        type,
        resourceType: 'capture',
        resource,
        summary: `Payment ${type.slice(16).toLowerCase()}`,
        origin,
      });
    }
    const resource = orderObject(order, origin);
    return paypalEvent({
      type,
      resourceType: 'checkout-order',
      resource,
      summary: `An order ${type.slice(15).toLowerCase()}`,
      origin,
    });
  }

  function approve(order: StandInOrder, instrumentDeclines = false): string {
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') {
      throw new Error(`Order ${order.id} is ${order.status}`);
    }
    order.status = 'APPROVED';
    order.payerId = paypalId(13);
    order.instrumentDeclines = instrumentDeclines;
    const back = new URL(order.returnUrl ?? 'about:blank');
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payerId);
    return back.href;
  }

  function capture(order: StandInOrder, status: 'COMPLETED' | 'DENIED'): PayPalEventBody {
    order.status = 'COMPLETED';
    const captured = status === 'COMPLETED' ? 'COMPLETED' : 'DECLINED';
    order.capture = { id: paypalId(17), status: captured, createTime: new Date().toISOString() };
    return orderEvent(`PAYMENT.CAPTURE.${status}`, order.id);
  }

  function captureCall(order: StandInOrder): Reply {
    if (order.status === 'COMPLETED') {
      return paypalError({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'ORDER_ALREADY_CAPTURED',
        description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      });
    }
    if (order.status !== 'APPROVED') {
      return paypalError({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'ORDER_NOT_APPROVED',
        description:
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      });
    }
    if (order.instrumentDeclines) {
      return paypalError({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'INSTRUMENT_DECLINED',
        description:
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      });
    }
    deliverLater(capture(order, 'COMPLETED'));
    return { status: 201, body: orderObject(order, origin) };
  }

  /** The API's answers by path, once the Bearer token is good. */
  function api(request: PayPalApiRequest): Reply {
    const { method, path } = request;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const order = createOrder(request.body);
      if ('status' in order && 'body' in order) return order;
      orders.set(order.id, order);
      return { status: 201, body: orderObject(order, origin) };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return verifyCall(request.body);
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(orderMatch[1] ?? '');
      if (!order) return RESOURCE_MISSING();
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: orderObject(order, origin) };
      if (method === 'POST' && orderMatch[2]) return captureCall(order);
    }
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (captureMatch && method === 'GET') {
      const order = [...orders.values()].find((o) => o.capture?.id === captureMatch[1]);
      return order ? { status: 200, body: captureObject(order, origin) } : RESOURCE_MISSING();
    }
    return RESOURCE_MISSING();
  }

  function verifyCall(body: unknown): Reply {
    const request = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    const absent = required.find((field) => typeof request[field] !== 'string' || request[field] === '');
    if (absent || typeof request.webhook_event !== 'object' || request.webhook_event === null) {
      return paypalError({
        status: 400,
        name: 'INVALID_REQUEST',
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A required field / parameter is missing.',
        field: `/${absent ?? 'webhook_event'}`,
      });
    }
    return { status: 200, body: { verification_status: signer.verify(request) } };
  }

  function withAuth(request: PayPalApiRequest): Reply {
    const [scheme, token = ''] = (request.headers.authorization ?? '').split(' ');
    const until = scheme === 'Bearer' ? tokens.get(token) : undefined;
    if (!until || until < Date.now()) return paypalError({ status: 401, name: 'AUTHENTICATION_FAILURE' });
    const failure = failures.shift();
    if (failure) return failure;
    const requestId = header(request.headers['paypal-request-id']);
    const key = request.method === 'POST' && requestId ? `${request.path} ${requestId}` : undefined;
    const saved = key ? replies.get(key) : undefined;
    if (saved) return saved;
    const reply = api(request);
    // Only an answer that did something is kept: a refused capture may be tried again once approved.
    if (key && reply.status < 300) replies.set(key, reply);
    return reply;
  }

  function tokenCall(headers: IncomingHttpHeaders, body: string): Reply {
    const [scheme, encoded = ''] = (headers.authorization ?? '').split(' ');
    const [id, secret] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    if (scheme !== 'Basic' || id !== clientId || secret !== clientSecret) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const seconds = options.tokenSeconds ?? 32_400;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, Date.now() + seconds * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: seconds,
        nonce: randomBytes(8).toString('hex'),
      },
    };
  }

  function buyerPage(res: ServerResponse, method: string, url: URL) {
    const order = orders.get(url.searchParams.get('token') ?? '');
    if (!order) return sendHtml(res, 404, '<!doctype html><p>Not found</p>');
    const open = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    if (method === 'GET' && url.pathname === '/checkoutnow') {
      return sendHtml(res, open ? 200 : 410, open ? approvalPage(order, label) : closedPage(order, label));
    }
    if (method !== 'POST' || !open) return sendHtml(res, 405, '<!doctype html><p>Not allowed</p>');
    const action = url.pathname.slice('/checkoutnow/'.length);
    if (action === 'cancel') {
      const back = new URL(order.cancelUrl ?? 'about:blank');
      back.searchParams.set('token', order.id);
      return redirect(res, back.href);
    }
    const back = approve(order, action === 'decline');
    if (options.approvedEventAfterMs !== undefined) {
      const event = orderEvent('CHECKOUT.ORDER.APPROVED', order.id);
      setTimeout(() => deliverLater(event), options.approvedEventAfterMs);
    }
    return redirect(res, back);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/checkoutnow')) return buyerPage(res, method, url);
    if (url.pathname === CERT_PATH)
      return res.writeHead(200, { 'Content-Type': 'application/x-pem-file' }).end(signer.certificate());
    const reply =
      url.pathname === '/v1/oauth2/token' && method === 'POST'
        ? tokenCall(req.headers, text)
        : withAuth(record({ method, path: url.pathname, headers: req.headers, text }));
    res.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Paypal-Debug-Id': randomBytes(7).toString('hex'),
    });
    res.end(JSON.stringify(reply.body));
  });

  function record(params: {
    method: string;
    path: string;
    headers: IncomingHttpHeaders;
    text: string;
  }): PayPalApiRequest {
    let body: unknown;
    try {
      body = params.text ? JSON.parse(params.text) : undefined;
    } catch {
      body = params.text;
    }
    const request = { method: params.method, path: params.path, headers: params.headers, body };
    requests.push(request);
    return request;
  }

  origin = await listenAt(server, host, port);

  return {
    url: origin,
    requests,
    deliveries,
    events,
    order: (id) => orders.get(id),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    failNext: failNextInto(failures),
    revokeTokens: () => tokens.clear(),
    approve: (id, approval) => approve(known(id), approval?.instrumentDeclines),
    completeCapture(id, status = 'COMPLETED') {
      const order = known(id);
      if (order.status !== 'APPROVED') approve(order);
      return deliver(capture(order, status));
    },
    voidOrder(id) {
      const order = known(id);
      order.status = 'VOIDED';
      return deliver(orderEvent('CHECKOUT.ORDER.VOIDED', id));
    },
    dispute(id) {
      const order = known(id);
      if (!order.capture) throw new Error(`Order ${id} has no capture to dispute`);
      return deliver(disputeEvent(order, origin));
    },
    refund(id, refunding) {
      const order = known(id);
      if (!order.capture) throw new Error(`Order ${id} has no capture to refund`);
      order.capture.status = 'REFUNDED';
      order.capture.refundId ??= paypalId(17);
      const type = refunding?.reversed ? 'PAYMENT.CAPTURE.REVERSED' : 'PAYMENT.CAPTURE.REFUNDED';
      return deliver(refundEvent(order, origin, type));
    },
    orderEvent,
    sign: (event, signing) => signer.sign(event, signing),
    deliver,
    redeliver(eventId) {
      const event = events.get(eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      return deliver(event);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => closeNow(server),
  };
}

type Reply = { status: number; body: unknown };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location }).end();
}
