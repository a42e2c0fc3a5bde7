import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n } from '@/lib/i18n.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { createAppQueryClient, renderWithProviders } from '@/test/renderApp.tsx';
import { linkKeys } from './api/keys.ts';
import { LinkDrawerPanel } from './LinkDrawerPanel.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('the link panel of a link that is gone', () => {
  it.each([
    ['en', 'This link no longer exists: it may have been deleted.'],
    ['ru', 'Этой ссылки больше нет: возможно, её удалили.'],
    ['ua', 'Цього посилання більше немає: можливо, його видалили.'],
  ])('says so in the panel instead of turning the page into the 404 page (%s)', async (locale, text) => {
    await i18n.changeLanguage(locale);
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply(), 'GET links/9': json(404, { message: 'Not found' }) });
    const client = createAppQueryClient();
    const list = linkKeys.list({ campaign: 1 });
    client.setQueryData(list, { data: [] });
    renderWithProviders(<LinkDrawerPanel linkId={9} onClose={() => {}} />, client);
    expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The list that still shows the link is read again.
    await waitFor(() => expect(client.getQueryState(list)?.isInvalidated).toBe(true));
  });
});
