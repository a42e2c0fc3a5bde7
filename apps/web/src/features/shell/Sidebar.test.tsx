import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

describe('sidebar', () => {
  it('shows count badges when the endpoints answer and the help link of the referral domain', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ locale: 'ru' }),
      'GET actions/count': json(200, { data: { count: 3 } }),
      'GET reports/new': json(200, { data: { count: 12 } }),
      'GET wiki/count': json(200, { data: { attributes: { count: 1 } } }),
      'GET settings': json(200, {
        data: { id: 1, type: 'settings', attributes: { referralDomain: 'ref.example.com', warning: null } },
      }),
    });
    renderApp('/ru');
    expect(await screen.findByText('Новых: 3')).toBeTruthy();
    expect(screen.getByText('Новых: 12')).toBeTruthy();
    expect(screen.getByText('Новых: 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Помощь/ }).getAttribute('href')).toBe(
      'https://ref.example.com/ru/contacts',
    );
    const [countCall] = server.fetchMock.mock.calls.filter(([url]) => String(url).includes('actions/count'));
    expect(String(countCall[0])).toBe('/api/actions/count?filter[statuses][]=2&filter[statuses][]=0');
  });

  it('shows no badge when the count endpoints do not exist yet', async () => {
    resetTokenForTests('tok');
    const server = mockApi({ 'GET user/me': meReply() });
    renderApp('/en');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(server.find('GET wiki/count')).toHaveLength(1));
    expect(screen.queryByText(/\d+ new/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows the service warning until it is dismissed, and remembers that in a cookie', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET user/me': meReply(),
      'GET settings': json(200, {
        data: {
          id: 1,
          type: 'settings',
          attributes: { warning: 'Maintenance tonight', referralDomain: null },
        },
      }),
    });
    const first = renderApp('/en');
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    screen.getByRole('button', { name: 'Dismiss the announcement' }).click();
    await waitFor(() => expect(screen.queryByText('Maintenance tonight')).toBeNull());
    expect(document.cookie).toMatch(/warning_dismissed=/);
    first.unmount();

    renderApp('/en/balance');
    await screen.findByRole('heading', { name: 'Coming soon' });
    expect(screen.queryByText('Maintenance tonight')).toBeNull();
  });
});
