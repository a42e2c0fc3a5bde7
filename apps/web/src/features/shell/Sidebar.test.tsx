import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// Placeholder pages, whose frame is the whole page: a real page would call endpoints these tests do not
// mock, and its 404 would replace the frame with the error page mid-test.
describe('sidebar', () => {
  it('shows count badges when the endpoints answer and the help link of the referral domain', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ locale: 'ru' }),
      'GET actions/count': json(200, { data: { count: 3 } }),
      'GET reports/new': json(200, { data: { count: 12 } }),
      'GET settings': json(200, {
        data: { id: 1, type: 'settings', attributes: { referralDomain: 'ref.example.com', warning: null } },
      }),
    });
    renderApp('/ru/balance');
    expect(await screen.findByText('3 активные задачи')).toBeTruthy();
    expect(screen.getByText('12 новых изменений')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Помощь/ }).getAttribute('href')).toBe(
      'https://ref.example.com/ru/contacts',
    );
    const [countCall] = server.fetchMock.mock.calls.filter(([url]) => String(url).includes('actions/count'));
    expect(String(countCall[0])).toBe('/api/actions/count?filter[statuses][]=2&filter[statuses][]=0');
  });

  it('shows no badge when a count cannot be read', async () => {
    resetTokenForTests('tok');
    const server = mockApi({ 'GET user/me': meReply() });
    renderApp('/en/balance');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(server.find('GET reports/new')).toHaveLength(1));
    expect(screen.queryByText(/\d+ new/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('leaves sections not built yet out of the navigation (the partner programme is in the account menu), and calls no route that does not exist', async () => {
    resetTokenForTests('tok');
    const server = mockApi({ 'GET user/me': meReply({ isPartner: true }) });
    renderApp('/en/balance');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(server.find('GET reports/new')).toHaveLength(1));
    const targets = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(targets).toContain('/en/tasks');
    expect(targets).toContain('/en/wiki');
    for (const section of ['/admin']) {
      expect(targets.filter((href) => href?.startsWith(`/en${section}`))).toEqual([]);
    }

    // The menu's trigger once the Radix menu stands behind it (after the page's first paint).
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /Account menu/, expanded: false }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Balance', 'Profile', 'Partner programme', 'My profile', 'Log out']);
  });

  it.each([
    ['en', 'Balance', '1,250 credits', '1,250'],
    ['ru', 'Баланс', '1 250 кредитов', '1 250'],
    ['ua', 'Баланс', '1 250 кредитів', '1 250'],
  ])(
    'links the balance (%s) from the sidebar, the header at every width and the account menu',
    async (locale, word, credits, number) => {
      resetTokenForTests('tok');
      mockApi({
        'GET user/me': meReply({ locale: locale as 'en' | 'ru' | 'ua' }),
        'GET user/balance': json(200, { data: { balance: 1250 } }),
      });
      renderApp(`/${locale}/tasks`);
      const nav = await screen.findByRole('navigation');
      expect(within(nav).getByRole('link', { name: word }).getAttribute('href')).toBe(`/${locale}/balance`);
      // The header's chip: a link to the page where credits are bought, its name starting with what it shows
      // (the number alone below 640 px, with the word above).
      const chip = await screen.findByTestId('balance-chip');
      expect(chip.tagName).toBe('A');
      expect(chip.getAttribute('href')).toBe(`/${locale}/balance`);
      expect(chip.getAttribute('aria-label')?.replace(/\u00a0|\u202f/g, ' ')).toMatch(
        new RegExp(`^${credits}`),
      );
      const shown = [...chip.querySelectorAll('span')].map((span) => [
        span.className,
        span.textContent?.replace(/\u00a0|\u202f/g, ' '),
      ]);
      expect(shown).toEqual([
        [expect.stringContaining('sm:hidden'), number],
        [expect.stringMatching(/hidden.*sm:inline/), credits],
      ]);
      // No class hides the chip itself at any width.
      expect(chip.className).not.toMatch(/(^|\s)hidden/);

      await userEvent
        .setup()
        .click(await screen.findByRole('button', { name: /Меню|Account menu/, expanded: false }));
      const item = await screen.findByRole('menuitem', { name: new RegExp(`^${word}`) });
      expect(item.textContent?.replace(/\u00a0|\u202f/g, ' ')).toBe(`${word}${credits}`);
    },
  );

  it("lists the projects with a link to each one's crawler data", async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET user/me': meReply(),
      'GET projects': json(200, {
        data: [{ id: 7, type: 'projects', attributes: { name: 'My Shop' } }],
        meta: { total: 1 },
      }),
    });
    renderApp('/en/balance');
    await userEvent.click(await screen.findByRole('button', { name: 'Projects' }));
    expect((await screen.findByRole('link', { name: 'My Shop' })).getAttribute('href')).toBe(
      '/en/project/active/1/7',
    );
    const crawlers = screen.getByRole('link', { name: 'Crawler data' });
    expect(crawlers.getAttribute('href')).toBe('/en/crawlers/7');
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
    const first = renderApp('/en/wiki');
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    screen.getByRole('button', { name: 'Dismiss the announcement' }).click();
    await waitFor(() => expect(screen.queryByText('Maintenance tonight')).toBeNull());
    expect(document.cookie).toMatch(/warning_dismissed=/);
    first.unmount();

    renderApp('/en/wiki');
    await screen.findByRole('heading', { level: 1, name: 'Wiki' });
    expect(screen.queryByText('Maintenance tonight')).toBeNull();
  });
});

describe('sidebar projects by category', () => {
  const projects = (list: [number, string, string | null][]) =>
    json(200, {
      data: list.map(([id, name, categoryName]) => ({
        id,
        type: 'projects',
        attributes: {
          name,
          mainDomain: 'x.example',
          domains: ['x.example'],
          isFavorite: false,
          categoryId: categoryName ? id * 10 : null,
          categoryName,
          createdAt: '',
          updatedAt: '',
        },
      })),
      meta: { page: { currentPage: 1, perPage: 100, total: list.length, lastPage: 1 } },
    });

  for (const [locale, label, none] of [
    ['en', 'Projects', 'Uncategorised'],
    ['ru', 'Проекты', 'Без категории'],
    ['ua', 'Проєкти', 'Без категорії'],
  ] as const) {
    it(`groups the projects submenu under their categories (${locale})`, async () => {
      resetTokenForTests('tok');
      mockApi({
        'GET user/me': meReply({ locale }),
        'GET projects': projects([
          [1, 'Shop one', 'Shops'],
          [2, 'Loose', null],
          [3, 'Blog one', 'Blogs'],
        ]),
      });
      renderApp(`/${locale}/balance`);
      await userEvent.setup().click(await screen.findByRole('button', { name: label }));
      const blogs = await screen.findByText('Blogs');
      const order = [...blogs.closest('ul')!.querySelectorAll('p, a')]
        .map((el) => el.textContent)
        .filter(Boolean);
      expect(order).toEqual(['Blogs', 'Blog one', 'Shops', 'Shop one', none, 'Loose']);
    });
  }
});
