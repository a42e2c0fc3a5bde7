import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Slack's incoming-webhook protocol (https://api.slack.com/messaging/webhooks):
 * POST /services/T…/B…/secret with a JSON body answers 200 "ok" in text/plain; a bad body answers
 * 400 invalid_payload, an unknown hook 404 no_service; over the rate limit 429 with Retry-After.
 */
export interface SlackStandIn {
  readonly url: string;
  /** The webhook URL of a hook the server knows. */
  hookUrl(name?: string): string;
  readonly received: { path: string; body: { text?: string; blocks?: unknown[] } }[];
  /** Answers the next `count` posts with 429 and this Retry-After; or 500s with `serverErrors`. */
  set(options: {
    rateLimited?: number;
    retryAfterSeconds?: number;
    serverErrors?: number;
    removed?: boolean;
  }): void;
  readonly attempts: number;
  close(): Promise<void>;
}

export async function startSlackStandIn(): Promise<SlackStandIn> {
  const received: SlackStandIn['received'] = [];
  const state = { rateLimited: 0, retryAfterSeconds: 1, serverErrors: 0, removed: false, attempts: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.attempts++;
      const text = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(body);
      };
      const path = req.url ?? '/';
      if (req.method !== 'POST' || !/^\/services\/T\w+\/B\w+\/\w+$/.test(path) || state.removed) {
        return text(404, 'no_service');
      }
      if (state.rateLimited > 0) {
        state.rateLimited--;
        return text(429, 'rate_limited', { 'retry-after': String(state.retryAfterSeconds) });
      }
      if (state.serverErrors > 0) {
        state.serverErrors--;
        return text(500, 'internal_error');
      }
      let body: { text?: unknown; blocks?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return text(400, 'invalid_payload');
      }
      if (typeof body.text !== 'string' && !Array.isArray(body.blocks)) return text(400, 'no_text');
      received.push({ path, body: body as SlackStandIn['received'][number]['body'] });
      return text(200, 'ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hookUrl: (name = 'secret') => `${url}/services/T000LINK/B000WATCH/${name}`,
    received,
    get attempts() {
      return state.attempts;
    },
    set(options) {
      Object.assign(state, options);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
