import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import type { Project } from '@/features/projects';
import { i18n } from '@/lib/i18n.ts';
import { memberWithAllBut } from '@/test/accounts.ts';
import { json, mockApi } from '@/test/api.ts';
import { CategorisedProjects } from './ProjectsTable.tsx';

afterEach(() => {
  resetTokenForTests();
  return i18n.changeLanguage('en');
});

const project = (id: number, name: string, category: [number, string] | null): Project => ({
  id,
  type: 'projects',
  attributes: {
    name,
    mainDomain: `${name.toLowerCase()}.example`,
    domains: [`${name.toLowerCase()}.example`],
    isFavorite: false,
    categoryId: category?.[0] ?? null,
    categoryName: category?.[1] ?? null,
    renderMode: 'missing',
    createdAt: '',
    updatedAt: '',
  },
});

function renderList(projects: Project[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CategorisedProjects projects={projects} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = (section: HTMLElement) =>
  within(section)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('dashboard projects grouped by category', () => {
  const list = [
    project(1, 'Zeta', [7, 'Shops']),
    project(2, 'Alpha', null),
    project(3, 'Beta', [8, 'Blogs']),
  ];
  const headings = { en: 'Uncategorised', ru: 'Без категории', ua: 'Без категорії' };
  for (const [locale, none] of Object.entries(headings)) {
    it(`lists categories by name, the uncategorised last (${locale})`, async () => {
      await i18n.changeLanguage(locale);
      mockApi({});
      renderList(list);
      const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
      expect(titles).toEqual(['Blogs', 'Shops', none]);
      expect(names(screen.getByRole('region', { name: 'Shops' }))).toEqual(['Zeta']);
    });
  }

  it('shows one plain table while no project has a category', () => {
    mockApi({});
    renderList([project(1, 'Alpha', null)]);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alpha' })).toBeTruthy();
  });

  it.each([
    ['en', 'Delete category Shops', 'Delete category "Shops"?', 'Its projects stay', 'Delete'],
    ['ru', 'Удалить категорию Shops', 'Удалить категорию «Shops»?', 'Её проекты останутся', 'Удалить'],
    ['ua', 'Видалити категорію Shops', 'Видалити категорію «Shops»?', 'Її проєкти залишаться', 'Видалити'],
  ])('deletes a category after confirmation (%s)', async (locale, label, title, body, confirm) => {
    await i18n.changeLanguage(locale);
    const api = mockApi({ 'DELETE categories/7': json(200, true) });
    const user = userEvent.setup();
    renderList(list);
    await user.click(screen.getByRole('button', { name: label }));
    const dialog = await screen.findByRole('alertdialog', { name: title }, { timeout: 10_000 });
    expect(dialog.textContent).toContain(body);
    await user.click(within(dialog).getByRole('button', { name: confirm }));
    await waitFor(() => expect(api.find('DELETE categories/7')).toHaveLength(1));
  });

  it('a member without projects.manage sees the categories but cannot delete them or mark favourites (issue 27)', async () => {
    resetTokenForTests('tok');
    const api = mockApi({ 'GET user/accounts': memberWithAllBut('projects.manage') });
    renderList(list);
    await waitFor(() => expect(api.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete category Shops' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Shops', level: 3 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /favourite|favorite/i })).toBeNull();
  });
});
