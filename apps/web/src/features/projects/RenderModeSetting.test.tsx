import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import type { Project } from './api/types.ts';
import { ProjectSettingsModal } from './SettingsModals.tsx';

const project: Project = {
  id: 7,
  type: 'projects',
  attributes: {
    name: 'Shop',
    mainDomain: 'shop.example.com',
    domains: ['shop.example.com'],
    isFavorite: false,
    categoryId: null,
    categoryName: null,
    renderMode: 'missing',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

afterEach(() => i18n.changeLanguage('en'));

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProjectSettingsModal project={project} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the project render mode setting', () => {
  it('shows the stored mode and saves the chosen one with PUT projects/{id}', async () => {
    const api = mockApi({
      'GET projects/7/index-now': json(200, {
        data: {
          id: 7,
          type: 'indexNowKeys',
          attributes: { enabled: false, key: null, keyFileUrl: null, verifiedAt: null },
        },
      }),
      'PUT projects/7': json(200, {
        data: { ...project, attributes: { ...project.attributes, renderMode: 'never' } },
      }),
    });
    renderModal();
    const select = (await screen.findByLabelText('Render pages in a browser')) as HTMLSelectElement;
    expect(select.value).toBe('missing');
    expect([...select.options].map((o) => o.text)).toEqual([
      'When the link is missing from the HTML (recommended)',
      'Always',
      'Never',
    ]);
    fireEvent.change(select, { target: { value: 'never' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT projects/7')).toHaveLength(1));
    expect(api.find('PUT projects/7')[0].body).toMatchObject({ renderMode: 'never' });
  }, 15_000);

  it.each([
    ['ru', 'Отрисовывать страницы в браузере', 'Никогда'],
    ['ua', 'Відмальовувати сторінки в браузері', 'Ніколи'],
  ])('is translated (%s)', async (locale, label, never) => {
    await i18n.changeLanguage(locale);
    mockApi({ 'GET projects/7/index-now': json(200, { data: null }) });
    renderModal();
    const select = (await screen.findByLabelText(label)) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toContain(never);
  });
});
