import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Telegram Bot API server (https://core.telegram.org/bots/api): /bot<token>/<method> with a
 * JSON body; every answer is `{ok, result}` or `{ok: false, error_code, description}`, 429 carrying
 * `parameters.retry_after`. getMe, sendMessage and getUpdates (offset confirms earlier updates).
 */
export interface TelegramStandIn {
  readonly url: string;
  readonly token: string;
  readonly botUsername: string;
  /** What sendMessage accepted, oldest first. */
  readonly sent: { chat_id: string | number; text: string; parse_mode?: string }[];
  /** A user writes to the bot (e.g. `/start <code>` after opening the start link). */
  userWrites(params: { chatId: number; text: string; firstName?: string }): void;
  set(options: {
    rateLimited?: number;
    retryAfterSeconds?: number;
    serverErrors?: number;
    blockedChats?: number[];
  }): void;
  readonly attempts: number;
  close(): Promise<void>;
}

/**
 * With `control` (the browser tests' copy, run as its own process by serve-telegram.ts), two test-only
 * calls stand for the Telegram user and the user's chat window:
 * `POST /_stand-in/updates {chatId, text}` (the user writes to the bot: `/start <code>` after opening
 * the start link, queued for getUpdates as Telegram would) and `GET /_stand-in/sent` (what the bot sent).
 */
export async function startTelegramStandIn(
  options: { token?: string; botUsername?: string; port?: number; control?: boolean } = {},
): Promise<TelegramStandIn> {
  const token = options.token ?? '123456:TEST-stand-in-token';
  const botUsername = options.botUsername ?? 'linkwatch_test_bot';
  const sent: TelegramStandIn['sent'] = [];
  const updates: { update_id: number; message: unknown }[] = [];
  let nextUpdateId = 1000;
  const state = {
    rateLimited: 0,
    retryAfterSeconds: 1,
    serverErrors: 0,
    blockedChats: [] as number[],
    attempts: 0,
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, description: string, parameters?: unknown) =>
    answer(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (options.control && req.url?.startsWith('/_stand-in/'))
        return control(req.method, req.url, chunks, res);
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return fail(res, 404, 'Not Found');
      if (match[1] !== token) return fail(res, 401, 'Unauthorized');
      let body: Record<string, unknown> = {};
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return fail(res, 400, "Bad Request: can't parse JSON");
      }
      const method = match[2];
      if (method === 'getMe') {
        return answer(res, 200, {
          ok: true,
          result: { id: 123456, is_bot: true, first_name: 'Linkwatch', username: botUsername },
        });
      }
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        // An offset confirms every update before it: Telegram forgets them.
        while (updates.length > 0 && updates[0].update_id < offset) updates.shift();
        return answer(res, 200, { ok: true, result: updates.slice(0, Number(body.limit ?? 100)) });
      }
      if (method === 'sendMessage') {
        state.attempts++;
        if (state.rateLimited > 0) {
          state.rateLimited--;
          return fail(res, 429, `Too Many Requests: retry after ${state.retryAfterSeconds}`, {
            retry_after: state.retryAfterSeconds,
          });
        }
        if (state.serverErrors > 0) {
          state.serverErrors--;
          return fail(res, 502, 'Bad Gateway');
        }
        if (body.chat_id === undefined || typeof body.text !== 'string' || body.text === '') {
          return fail(res, 400, 'Bad Request: message text is empty');
        }
        if (state.blockedChats.includes(Number(body.chat_id))) {
          return fail(res, 403, 'Forbidden: bot was blocked by the user');
        }
        if (String(body.text).length > 4096) return fail(res, 400, 'Bad Request: message is too long');
        sent.push(body as TelegramStandIn['sent'][number]);
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: sent.length,
            chat: { id: body.chat_id },
            date: Math.floor(Date.now() / 1000),
            text: body.text,
          },
        });
      }
      return fail(res, 404, 'Not Found: method not found');
    });
  });
  const control = (method: string | undefined, url: string, chunks: Buffer[], res: ServerResponse) => {
    if (method === 'GET' && url === '/_stand-in/sent') return answer(res, 200, { sent });
    if (method === 'POST' && url === '/_stand-in/updates') {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (typeof body.chatId !== 'number' || typeof body.text !== 'string') throw new Error('chatId, text');
        stand.userWrites({ chatId: body.chatId, text: body.text, firstName: body.firstName });
        return answer(res, 200, { ok: true });
      } catch {
        return fail(res, 400, 'Bad Request: {chatId: number, text: string} expected');
      }
    }
    return fail(res, 404, 'Not Found');
  };

  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stand: TelegramStandIn = {
    url,
    token,
    botUsername,
    sent,
    userWrites({ chatId, text, firstName = 'Test' }) {
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          date: Math.floor(Date.now() / 1000),
          text,
          from: { id: chatId, is_bot: false, first_name: firstName },
          chat: { id: chatId, type: 'private', first_name: firstName },
        },
      });
    },
    set(options) {
      Object.assign(state, options);
    },
    get attempts() {
      return state.attempts;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return stand;
}
