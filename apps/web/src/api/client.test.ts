import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { ApiError, api, buildQuery } from './client.ts';
import { getEndReason, getToken, resetTokenForTests, setToken } from './token.ts';

afterEach(() => i18n.changeLanguage('en'));

describe('api client', () => {
  it('sends the locale, Accept and, once logged in, the bearer token', async () => {
    await i18n.changeLanguage('ua');
    resetTokenForTests('tok-1');
    const server = mockApi({ 'POST user/change-password': json(200, true) });

    await expect(api.post('user/change-password', { a: 1 })).resolves.toBe(true);

    const [call] = server.calls;
    expect(call.headers).toMatchObject({
      'x-localization': 'ua',
      Accept: 'application/json',
      Authorization: 'Bearer tok-1',
      'Content-Type': 'application/json',
    });
    expect(call.body).toEqual({ a: 1 });
    expect(String(server.fetchMock.mock.calls[0][0])).toBe('/api/user/change-password');
  });

  it('sends no Authorization header and no body type when there is neither', async () => {
    const server = mockApi({ 'POST auth/logout': json(200, true) });
    await api.post('auth/logout');
    expect(server.calls[0].headers.Authorization).toBeUndefined();
    expect(server.calls[0].headers['Content-Type']).toBeUndefined();
  });

  it('maps 422 to field errors, lists or single strings alike', async () => {
    mockApi({
      'POST auth/register': json(422, {
        message: 'The given data was invalid.',
        errors: { email: 'The email has already been taken', 'domains.0': ['Bad domain', 'Too long'] },
      }),
    });
    const error = await api.post('auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      fieldErrors: { email: ['The email has already been taken'], 'domains.0': ['Bad domain', 'Too long'] },
    });
    expect((error as ApiError).fullMessage).toBe(
      'The given data was invalid. The email has already been taken Bad domain Too long',
    );
  });

  it('resets the session on 401 and keeps the server message', async () => {
    resetTokenForTests('stale');
    mockApi({ 'GET user/me': json(401, { message: 'Unauthenticated.' }) });
    await expect(api.get('user/me')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(getToken()).toBeNull();
    expect(getEndReason()).toBe('expired');
  });

  it('keeps the session when the 401 answers one already left (an operator leaving a customer’s session)', async () => {
    resetTokenForTests('acting');
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    mockApi({ 'GET reports/new': () => pending });
    const read = api.get('reports/new').catch((e: unknown) => e);
    setToken('operator'); // the acting session ends while the read is on its way
    answer({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(await read).toMatchObject({ status: 401 });
    expect(getToken()).toBe('operator');
  });

  it.each([403, 404, 429, 500])(
    'throws a typed error for %i without touching the session',
    async (status) => {
      resetTokenForTests('tok');
      mockApi({ 'GET thing': json(status, { message: `status ${status}` }) });
      await expect(api.get('thing')).rejects.toMatchObject({
        status,
        message: `status ${status}`,
        fieldErrors: {},
      });
      expect(getToken()).toBe('tok');
    },
  );

  it('falls back to a localized message when the body has none, and to status 0 when offline', async () => {
    mockApi({ 'GET forbidden': json(403) });
    await expect(api.get('forbidden')).rejects.toMatchObject({ status: 403, message: 'Access forbbiden' });

    mockApi({});
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    globalThis.fetch = offline as typeof fetch;
    await expect(api.get('anything')).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('writes JSON:API style queries', () => {
    expect(buildQuery({ 'page[number]': 1, 'page[size]': 100, sort: 'isFavorite', skip: undefined })).toBe(
      '?page[number]=1&page[size]=100&sort=isFavorite',
    );
    expect(buildQuery({ 'filter[statuses]': [2, 0], 'filter[query]': 'a b&c' })).toBe(
      '?filter[statuses][]=2&filter[statuses][]=0&filter[query]=a%20b%26c',
    );
    expect(buildQuery()).toBe('');
  });
});
