import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { ProjectPicker } from './ProjectPicker.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('the project dropdown', () => {
  it.each([
    ['en', 'No options'],
    ['ru', 'Нет вариантов'],
    ['ua', 'Немає варіантів'],
  ])('%s: with no project it reads general.select.noOptions', async (locale, text) => {
    mockApi({
      'GET projects': json(200, {
        data: [],
        meta: { page: { currentPage: 1, perPage: 100, total: 0, lastPage: 1 } },
      }),
    });
    await i18n.changeLanguage(locale);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ProjectPicker value={null} onChange={() => {}} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await userEvent.setup().click(screen.getByRole('combobox'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(i18n.t('general.select.noOptions')).toBe(text);
  });
});
