import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { api } from './client.ts';
import { sendEarlyReads, takeEarlyRead } from './http.ts';
import { resetTokenForTests } from './token.ts';

afterEach(() => vi.useRealTimers());

describe('early reads', () => {
  it('hands the answer to the first call for the same URL, whatever the order of its query, once', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({ 'GET links': json(200, { data: ['early'] }) });
    sendEarlyReads({ urls: ['/api/links?filter[campaign]=7&page[number]=1'], locale: 'ru' });

    const first = await api.get('links', { query: { 'page[number]': 1, 'filter[campaign]': 7 } });
    const second = await api.get('links', { query: { 'page[number]': 1, 'filter[campaign]': 7 } });

    expect(first).toEqual({ data: ['early'] });
    expect(second).toEqual({ data: ['early'] });
    expect(server.calls).toHaveLength(2);
    expect(String(server.fetchMock.mock.calls[0][0])).toMatch(/^\/api\/batch\?url=/);
    expect(server.calls[0].headers).toMatchObject({
      Accept: 'application/json',
      'x-localization': 'ru',
      Authorization: 'Bearer tok-1',
    });
  });

  it('hands nothing for another session or once the answer is no longer fresh', async () => {
    mockApi({ 'GET user/me': json(200, {}) });
    resetTokenForTests('tok-1');
    sendEarlyReads({ urls: ['/api/user/me'], locale: 'en' });
    resetTokenForTests('tok-2');
    expect(takeEarlyRead('/api/user/me')).toBeUndefined();

    vi.useFakeTimers();
    sendEarlyReads({ urls: ['/api/user/me'], locale: 'en' });
    vi.advanceTimersByTime(15_000);
    expect(takeEarlyRead('/api/user/me')).toBeUndefined();
  });

  it('lets the call that takes a failed read report the failure as its own', async () => {
    resetTokenForTests('tok-1');
    mockApi({ 'GET projects': json(500, { message: 'Database down' }) });
    sendEarlyReads({ urls: ['/api/projects'], locale: 'en' });
    await expect(api.get('projects')).rejects.toMatchObject({ status: 500, message: 'Database down' });
  });

  it('sends several reads in one call and hands each its own answer', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({
      'GET user/me': json(200, { data: { id: 1 } }),
      'GET campaigns/7': json(404, { message: 'Not found' }),
    });
    sendEarlyReads({ urls: ['/api/user/me', '/api/campaigns/7'], locale: 'en' });
    await expect(api.get('user/me')).resolves.toEqual({ data: { id: 1 } });
    await expect(api.get('campaigns/7')).rejects.toMatchObject({ status: 404, message: 'Not found' });
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends each read alone when the batch fails', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({
      'GET batch': json(503, { message: 'Unavailable' }),
      'GET user/me': json(200, { data: { id: 1 } }),
    });
    sendEarlyReads({ urls: ['/api/user/me'], locale: 'en' });
    await expect(api.get('user/me')).resolves.toEqual({ data: { id: 1 } });
    expect(server.fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual([
      '/api/batch',
      '/api/user/me',
    ]);
    expect(server.calls.find((c) => c.path === 'user/me')?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('is only for reads: another method with the same URL is sent anew', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({ 'GET projects': json(200, []), 'POST projects': json(201, { id: 1 }) });
    sendEarlyReads({ urls: ['/api/projects'], locale: 'en' });
    await expect(api.post('projects', { name: 'x' })).resolves.toEqual({ id: 1 });
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(takeEarlyRead('/api/projects')).toBeDefined();
  });
});
