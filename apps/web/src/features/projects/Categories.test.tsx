import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { CreateCampaignSlideOver } from './CreateCampaignSlideOver.tsx';
import { CreateCampaignProvider, useCreateCampaign } from './createCampaign.tsx';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => i18n.changeLanguage('en'));

function Opened() {
  const { setOpen } = useCreateCampaign();
  useEffect(() => setOpen(true), [setOpen]);
  return <CreateCampaignSlideOver />;
}

function renderSlideOver() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CreateCampaignProvider>
            <Opened />
          </CreateCampaignProvider>
        ),
      },
    ],
    { initialEntries: ['/en'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const categories = json(200, {
  data: [
    {
      id: 5,
      type: 'categories',
      attributes: { name: 'Shops', projectsCount: 2, createdAt: '', updatedAt: '' },
    },
  ],
  meta: { page: { currentPage: 1, perPage: 100, total: 1, lastPage: 1 } },
});
const created = json(201, {
  data: { id: 1, type: 'projects', attributes: { name: 'x', categoryId: null, categoryName: null } },
  included: [{ id: 2, type: 'campaigns', attributes: { tier: 1, name: 'First' } }],
});

async function fillProject(
  user: ReturnType<typeof userEvent.setup>,
  labels = { domain: 'Main domain', campaign: 'Campaign name' },
) {
  await user.type(await screen.findByLabelText(labels.domain), 'shop.example.com');
  await user.type(screen.getByLabelText(labels.campaign), 'Guest posts');
}

describe('category of a new project (spec point 2, category modals)', () => {
  it('creates the project with no category by default', async () => {
    const api = mockApi({ 'GET categories': categories, 'POST projects/': created });
    const user = userEvent.setup();
    renderSlideOver();
    await fillProject(user);
    expect(screen.getByRole('radio', { name: 'No category' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(api.find('POST projects/')).toHaveLength(1));
    expect(api.find('POST projects/')[0].body).toMatchObject({ category: null });
  });

  it('creates the project in one of the user’s categories', async () => {
    const api = mockApi({ 'GET categories': categories, 'POST projects/': created });
    const user = userEvent.setup();
    renderSlideOver();
    await fillProject(user);
    await user.click(await screen.findByRole('radio', { name: 'Existing category' }));
    expect(screen.getByLabelText('Choose a category')).toHaveProperty('value', '5');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(api.find('POST projects/')).toHaveLength(1));
    expect(api.find('POST projects/')[0].body).toMatchObject({ category: 5 });
  });

  it('offers no "existing" choice to a user without categories', async () => {
    const api = mockApi({ 'GET categories': json(200, { data: [], meta: categories.body }) });
    renderSlideOver();
    await screen.findByRole('radio', { name: 'New category' });
    await waitFor(() => expect(api.find('GET categories')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: 'Existing category' })).toBeNull();
  });

  const texts = {
    en: {
      domain: 'Main domain',
      campaign: 'Campaign name',
      mode: 'New category',
      name: 'Category name',
      submit: 'Create project',
      required: 'The category name field is required',
    },
    ru: {
      domain: 'Основной домен',
      campaign: 'Название кампании',
      mode: 'Новая категория',
      name: 'Название категории',
      submit: 'Создать проект',
      required: 'Поле название категории обязательно для заполнения',
    },
    ua: {
      domain: 'Основний домен',
      campaign: 'Назва кампанії',
      mode: 'Нова категорія',
      name: 'Назва категорії',
      submit: 'Створити проєкт',
      required: "Поле назва категорії обов'язкове для заповнення",
    },
  };
  for (const [locale, text] of Object.entries(texts)) {
    it(`creates a new category by name, and asks for the name first (${locale})`, async () => {
      await i18n.changeLanguage(locale);
      const api = mockApi({ 'GET categories': categories, 'POST projects/': created });
      const user = userEvent.setup();
      renderSlideOver();
      await fillProject(user, text);
      await user.click(screen.getByRole('radio', { name: text.mode }));
      await user.click(screen.getByRole('button', { name: text.submit }));
      expect(await screen.findByText(text.required)).toBeTruthy();
      expect(api.find('POST projects/')).toEqual([]);
      await user.type(screen.getByLabelText(text.name), 'Clients');
      await user.click(screen.getByRole('button', { name: text.submit }));
      await waitFor(() => expect(api.find('POST projects/')).toHaveLength(1));
      expect(api.find('POST projects/')[0].body).toMatchObject({ categoryName: 'Clients' });
    }, 20_000);
  }
});
