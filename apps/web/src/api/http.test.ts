import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { api } from './client.ts';
import { sendEarlyRead, takeEarlyRead } from './http.ts';
import { resetTokenForTests } from './token.ts';

afterEach(() => vi.useRealTimers());

describe('early reads', () => {
  it('hands the answer to the first call for the same URL, whatever the order of its query, once', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({ 'GET links': json(200, { data: ['early'] }) });
    sendEarlyRead({ url: '/api/links?filter[campaign]=7&page[number]=1', locale: 'ru' });

    const first = await api.get('links', { query: { 'page[number]': 1, 'filter[campaign]': 7 } });
    const second = await api.get('links', { query: { 'page[number]': 1, 'filter[campaign]': 7 } });

    expect(first).toEqual({ data: ['early'] });
    expect(second).toEqual({ data: ['early'] });
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0].headers).toMatchObject({
      Accept: 'application/json',
      'x-localization': 'ru',
      Authorization: 'Bearer tok-1',
    });
  });

  it('hands nothing for another session or once the answer is no longer fresh', async () => {
    mockApi({ 'GET user/me': json(200, {}) });
    resetTokenForTests('tok-1');
    sendEarlyRead({ url: '/api/user/me', locale: 'en' });
    resetTokenForTests('tok-2');
    expect(takeEarlyRead('/api/user/me')).toBeUndefined();

    vi.useFakeTimers();
    sendEarlyRead({ url: '/api/user/me', locale: 'en' });
    vi.advanceTimersByTime(15_000);
    expect(takeEarlyRead('/api/user/me')).toBeUndefined();
  });

  it('lets the call that takes a failed read report the failure as its own', async () => {
    resetTokenForTests('tok-1');
    mockApi({ 'GET projects': json(500, { message: 'Database down' }) });
    sendEarlyRead({ url: '/api/projects', locale: 'en' });
    await expect(api.get('projects')).rejects.toMatchObject({ status: 500, message: 'Database down' });
  });

  it('is only for reads: another method with the same URL is sent anew', async () => {
    resetTokenForTests('tok-1');
    const server = mockApi({ 'GET projects': json(200, []), 'POST projects': json(201, { id: 1 }) });
    sendEarlyRead({ url: '/api/projects', locale: 'en' });
    await expect(api.post('projects', { name: 'x' })).resolves.toEqual({ id: 1 });
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(takeEarlyRead('/api/projects')).toBeDefined();
  });
});
