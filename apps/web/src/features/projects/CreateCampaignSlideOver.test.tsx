import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { CreateCampaignSlideOver } from './CreateCampaignSlideOver.tsx';
import { CreateCampaignProvider, useCreateCampaign } from './createCampaign.tsx';

// jsdom has no ResizeObserver; Radix's radio items measure themselves with it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));

function Opened() {
  const { setOpen } = useCreateCampaign();
  useEffect(() => setOpen(true), [setOpen]);
  return <CreateCampaignSlideOver />;
}

function renderSlideOver(path = '/en', locale: 'en' | 'ru' | 'ua' = 'en') {
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
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const title = {
    en: 'Create project or campaign',
    ru: 'Создать проект или кампанию',
    ua: 'Створити проєкт або кампанію',
  };
  return { router, dialog: () => screen.getByRole('dialog', { name: title[locale] }) };
}

describe('create project/campaign slide-over', () => {
  it('fills the project name from the first domain while the name is empty, and keeps a typed name', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSlideOver();
    const domain = await screen.findByLabelText('Main domain');
    await user.type(domain, 'example.com');
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'example.com');

    await user.clear(screen.getByLabelText('Project name'));
    await user.type(screen.getByLabelText('Project name'), 'My shop');
    await user.type(domain, '.ua');
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'My shop');
  });

  it.each([
    ['en', 'Add redirect (301, 302)', 'Redirect domain', 'Remove domain'],
    ['ru', 'Добавить редирект (301, 302)', 'Домен с редиректом', 'Удалить домен'],
    ['ua', 'Додати редирект (301, 302)', 'Домен із редиректом', 'Видалити домен'],
  ] as const)(
    "adds redirect rows with '(301, 302)' and removes any row but the first (%s)",
    async (locale, addLabel, rowLabel, remove) => {
      await i18n.changeLanguage(locale);
      try {
        mockApi({});
        const user = userEvent.setup();
        renderSlideOver(`/${locale}`, locale);
        const add = await screen.findByRole('button', { name: addLabel });
        await user.click(add);
        await user.click(add);
        expect(screen.getAllByLabelText(rowLabel)).toHaveLength(2);
        await user.type(screen.getAllByLabelText(rowLabel)[0], 'old.example.com');
        await user.click(screen.getByRole('button', { name: `${remove} old.example.com` }));
        expect(screen.getAllByLabelText(rowLabel)).toHaveLength(1);
        // The main domain has no remove icon.
        expect(screen.getAllByRole('button', { name: new RegExp(`^${remove}`) })).toHaveLength(1);
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('asks before closing with unsaved changes; Cancel keeps the form, Close drops it', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { dialog } = renderSlideOver();
    await user.type(await screen.findByLabelText('Campaign name'), 'Spring');
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]);
    const warning = await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(warning.textContent).toContain('Are you sure you want to leave? Unsaved changes will be lost');

    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Campaign name')).toHaveProperty('value', 'Spring');

    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Create project or campaign' })).toBeNull();
  });

  it('closes at once when nothing was entered', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { dialog } = renderSlideOver();
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Create project or campaign' })).toBeNull();
  });

  it('shows server field errors under their inputs (domains.{i}, campaignName)', async () => {
    const server = mockApi({
      'POST projects/': json(422, {
        message: 'The given data was invalid.',
        errors: {
          'domains.1': ['The domain is already used by another project'],
          campaignName: 'Taken name',
        },
      }),
    });
    const user = userEvent.setup();
    renderSlideOver();
    await user.type(await screen.findByLabelText('Main domain'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Add redirect (301, 302)' }));
    await user.type(screen.getByLabelText('Redirect domain'), 'www.example.com');
    await user.type(screen.getByLabelText('Campaign name'), 'Guest posts');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    const redirect = screen.getByLabelText('Redirect domain');
    expect(await screen.findByText('The domain is already used by another project')).toBeTruthy();
    expect(redirect.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Main domain').getAttribute('aria-invalid')).toBeNull();
    const described = screen.getByLabelText('Campaign name').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ')[0])?.textContent).toBe('Taken name');
    expect(server.find('POST projects/')[0].body).toEqual({
      domains: ['example.com', 'www.example.com'],
      mainDomain: 'example.com',
      projectName: 'example.com',
      campaignName: 'Guest posts',
      category: null,
    });
  });

  it('checks the fields before sending: a domain with a protocol and a missing campaign name', async () => {
    const server = mockApi({});
    const user = userEvent.setup();
    renderSlideOver();
    await user.type(await screen.findByLabelText('Main domain'), 'http://example.com');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(screen.getByLabelText('Main domain').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Campaign name').getAttribute('aria-invalid')).toBe('true');
    expect(server.find('POST projects/')).toHaveLength(0);
  });

  const project = json(200, {
    data: { id: 5, type: 'projects', attributes: { name: 'Demo Shop', mainDomain: 'shop.example' } },
  });

  it('opened over a project page, starts on "Existing project" with that project chosen', async () => {
    mockApi({ 'GET projects/5': project });
    const user = userEvent.setup();
    const { dialog } = renderSlideOver('/en/project/active/1/5');
    const tab = await screen.findByRole('tab', { name: 'Existing project' });
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    expect(within(dialog()).getByRole('combobox', { name: 'Project' })).toHaveProperty('value', 'Demo Shop');
    // The chosen project is no unsaved change: closing asks nothing.
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Create project or campaign' })).toBeNull();
  });

  it('opened over a campaign page, chooses the campaign’s project', async () => {
    mockApi({
      'GET campaigns/7': json(200, {
        data: { id: 7, type: 'campaigns', attributes: { projectId: 5, tier: 1 } },
      }),
      'GET projects/5': project,
    });
    const { dialog } = renderSlideOver('/ru/campaign/active/1/7');
    await waitFor(() => expect(within(dialog()).getByRole('combobox')).toHaveProperty('value', 'Demo Shop'));
  });

  it('opened elsewhere, starts on "New project"', async () => {
    mockApi({});
    renderSlideOver('/en/tasks');
    const tab = await screen.findByRole('tab', { name: 'New project' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });
});
