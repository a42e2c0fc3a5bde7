import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { TaskFilters } from './TaskFilters.tsx';

afterEach(() => i18n.changeLanguage('en'));

const firstOption = (select: HTMLElement) => within(select).getAllByRole('option')[0];

describe('the tasks filters', () => {
  it('use the same labelled select with the spec\'s "-- all --" first (ua)', async () => {
    mockApi({
      'GET actions/dates': json(200, { data: ['2026-11-20'] }),
      'GET actions/list': json(200, {
        data: [{ id: 2, type: 'actionTypes', attributes: { id: 2, name: 'Check backlinks' } }],
      }),
    });
    await i18n.changeLanguage('ua');
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TaskFilters filters={{ page: 1 }} onChange={onChange} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    for (const label of ['Статус', 'Завдання', 'Дата', 'Проєкт'])
      expect(firstOption(screen.getByLabelText(label)).textContent).toBe('-- усі --');
    await screen.findByRole('option', { name: 'Перевірка зворотних посилань' });
    await user.selectOptions(screen.getByLabelText('Завдання'), 'Перевірка зворотних посилань');
    expect(onChange).toHaveBeenLastCalledWith('action', '2');
  });
});
