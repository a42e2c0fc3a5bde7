import { TaskStatus } from '@linkwatch/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkBar } from '@/features/links/BulkBar.tsx';
import { UploadResult } from '@/features/links/UploadResult.tsx';
import { TaskProgressBar } from '@/features/tasks/TaskProgressBar.tsx';
import { mockApi } from '@/test/api.ts';
import { i18n } from './i18n.ts';

/** Counts on screen read "5 ссылок", not "Ссылок: 5": a plural form by each language's rules, the number written its way. */

afterEach(() => i18n.changeLanguage('en'));

/** Intl separates thousands with a (narrow) no-break space in ru and uk. */
const text = () => (document.body.textContent ?? '').replace(/\u00a0|\u202f/g, ' ');

function withProviders(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

const selectedBar = (count: number) =>
  withProviders(
    <BulkBar
      type="active"
      selected={Array.from({ length: count }, (_, i) => i + 1)}
      scope={{ campaign: 5 }}
      onClear={() => {}}
    />,
  );

const progress = (currentCount: number, totalCount: number) =>
  withProviders(
    <TaskProgressBar
      id={1}
      statusId={TaskStatus.Process}
      currentCount={currentCount}
      totalCount={totalCount}
    />,
  );

const upload = (invalidCount: number) =>
  withProviders(
    <UploadResult
      result={{
        campaignId: 1,
        total: invalidCount + 1,
        added: 1,
        duplicates: 0,
        invalidCount,
        invalid: [{ line: 2, value: 'x', reason: 'bad' }],
      }}
    />,
  );

describe('counts in the web app', () => {
  it.each([
    ['en', 1, '1 link selected'],
    ['en', 1234, '1,234 links selected'],
    ['ru', 1, 'Выбрана 1 ссылка'],
    ['ru', 3, 'Выбраны 3 ссылки'],
    ['ru', 11, 'Выбрано 11 ссылок'],
    ['ru', 1021, 'Выбрана 1 021 ссылка'],
    ['ua', 2, 'Вибрано 2 посилання'],
    ['ua', 25, 'Вибрано 25 посилань'],
  ])('%s: %i selected links read "%s"', async (locale, count, expected) => {
    mockApi({});
    await i18n.changeLanguage(locale);
    render(selectedBar(count));
    expect(text()).toContain(expected);
  });

  it('a task progress counts its links in the language (ua by the Ukrainian rules)', async () => {
    await i18n.changeLanguage('ua');
    const { unmount } = render(progress(1, 1));
    expect(screen.getByText('1 з 1 посилання')).toBeTruthy();
    unmount();
    render(progress(3, 5));
    expect(screen.getByText('3 з 5 посилань')).toBeTruthy();
  });

  it('the invalid lines left out of an upload are counted in Russian', async () => {
    await i18n.changeLanguage('ru');
    render(upload(1501));
    expect(text()).toContain('и ещё 1 500 строк');
  });

  it.each([
    ['ru', 'scheduleUi.group.campaigns', 2, '2 кампании'],
    ['ru', 'tasksUi.results.success', 21, '21 ссылка проверена'],
    ['ru', 'tasksUi.cost.refunded', 5, '5 кредитов возвращено'],
    ['ru', 'reportsUi.item.changes', 4, '4 изменения'],
    ['ru', 'shell.nav.tasksBadge', 1, '1 активная задача'],
    ['ua', 'scheduleUi.group.backlinks', 3, '3 автоперевірки посилань'],
    ['ua', 'tasksUi.results.errors', 1, '1 з помилкою'],
    ['ua', 'reportsUi.selected', 5, 'Вибрано 5 змін'],
    ['ua', 'shell.nav.reportsBadge', 22, '22 нові зміни'],
    ['en', 'reportsUi.item.changes', 1, '1 change'],
  ] as const)('%s %s, %i: "%s"', async (locale, key, count, expected) => {
    await i18n.changeLanguage(locale);
    expect(i18n.t(key, { count, value: String(count) })).toBe(expected);
  });
});
