import type { TBatchResponse, TUserAttributes } from '@linkwatch/shared';
import { vi } from 'vitest';

export type Call = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The query string's parameters (the last value of a repeated one). */
  query?: Record<string, string>;
};
type Reply = { status: number; body?: unknown };
type Handler = (call: Call) => Reply | Promise<Reply>;

export function json(status: number, body?: unknown): Reply {
  return { status, body };
}

/**
 * A stand-in for the server at the fetch boundary: handlers by "METHOD path" (path without /api/
 * and without the query). Unknown calls answer 404, like the endpoints that do not exist yet. A batch's
 * reads are recorded as calls of their own (`fetchMock` has the batch).
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: Call[] = [];
  const answer = async (input: string, init: RequestInit): Promise<Reply> => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    // GET batch, as the server answers it: each read as if sent alone, with the batch's headers.
    if (method === 'GET' && path === 'batch' && !handlers['GET batch']) {
      const reads = url.searchParams.getAll('url');
      const data: TBatchResponse['data'] = [];
      for (const read of reads) {
        const reply = await answer(read, init);
        data.push({ url: read, status: reply.status, body: reply.body ?? null });
      }
      return json(200, { data });
    }
    const call: Call = {
      method,
      path,
      headers,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      query: Object.fromEntries(url.searchParams),
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (handler === undefined) {
      return path === 'page-logs/' ? json(200, true) : json(404, { message: 'Not found' });
    }
    return typeof handler === 'function' ? handler(call) : handler;
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const reply = await answer(String(input), init);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, find: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export function userAttributes(overrides: Partial<TUserAttributes> = {}): TUserAttributes {
  return {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    newEmail: null,
    uid: 'u1',
    vatNumber: null,
    regCode: null,
    index: null,
    city: null,
    address: null,
    country: null,
    isBlocked: false,
    isPartner: false,
    isAdmin: false,
    locale: 'en',
    balance: 0,
    participant: { roleId: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function meReply(overrides: Partial<TUserAttributes> = {}): Reply {
  return json(200, { data: { id: 1, type: 'users', attributes: userAttributes(overrides) } });
}
