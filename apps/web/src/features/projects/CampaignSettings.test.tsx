import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import type { Campaign } from './api/types.ts';
import { CampaignSettingsModal } from './SettingsModals.tsx';

const campaign: Campaign = {
  id: 9,
  type: 'campaigns',
  attributes: {
    name: 'Guest posts',
    tier: 1,
    history: false,
    disallow: false,
    isSystem: false,
    projectId: 3,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    time: '00:00',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

afterEach(() => i18n.changeLanguage('en'));

function renderModal(path = '/en/campaign/active/1/9') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CampaignSettingsModal campaign={campaign} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const messages = {
  en: { save: 'Save', required: 'Choose one of the options presented', hour: 'Hour', minute: 'Minute' },
  ru: {
    save: 'Сохранить',
    required: 'Выберите один из предложенных вариантов',
    hour: 'Час',
    minute: 'Минуты',
  },
  ua: {
    save: 'Зберегти',
    required: 'Оберіть один із запропонованих варіантів',
    hour: 'Година',
    minute: 'Хвилини',
  },
};

describe('campaign settings: weekday checkboxes and time selects', () => {
  for (const [locale, text] of Object.entries(messages)) {
    it(`refuses to save with no weekday ticked, with the spec message (${locale})`, async () => {
      await i18n.changeLanguage(locale);
      const api = mockApi({ 'PUT campaigns/9': json(200, { data: campaign }) });
      const user = userEvent.setup();
      renderModal(`/${locale}/campaign/active/1/9`);
      const boxes = await screen.findAllByRole('checkbox');
      expect(boxes).toHaveLength(7);
      for (const box of boxes) await user.click(box);
      await user.click(screen.getByRole('button', { name: text.save }));
      expect(await screen.findByText(text.required)).toBeTruthy();
      expect(api.find('PUT campaigns/9')).toEqual([]);
      expect(screen.getByRole('combobox', { name: text.hour })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: text.minute })).toBeTruthy();
    }, 20_000);
  }

  it('sends the ticked weekdays and the chosen time with the name', async () => {
    const api = mockApi({ 'PUT campaigns/9': json(200, { data: campaign }) });
    const user = userEvent.setup();
    renderModal();
    const boxes = await screen.findAllByRole('checkbox');
    // Saturday and Sunday off.
    await user.click(boxes[5]);
    await user.click(boxes[6]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '09');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minute' }), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT campaigns/9')).toHaveLength(1));
    expect(api.find('PUT campaigns/9')[0].body).toEqual({
      name: 'Guest posts',
      weekdays: [1, 2, 3, 4, 5],
      time: '09:30',
    });
  });

  it('shows the server’s weekday error under the group', async () => {
    mockApi({
      'PUT campaigns/9': json(422, {
        message: 'The given data was invalid.',
        errors: { weekdays: ['Choose one of the options presented'] },
      }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose one of the options presented')).toBeTruthy();
  });
});
