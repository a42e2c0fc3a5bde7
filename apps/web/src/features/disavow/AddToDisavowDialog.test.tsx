import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { AddToDisavowDialog, type DisavowSelection } from './AddToDisavowDialog.tsx';

function renderDialog(selection: DisavowSelection) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/en/project/1/7']}>
      <QueryClientProvider client={client}>
        <AddToDisavowDialog open onOpenChange={() => {}} projectId={7} selection={selection} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const version = (number: number) => ({
  data: {
    id: 1,
    type: 'disavow-versions',
    attributes: {
      number,
      reason: 'Link farm',
      actorId: 1,
      actorName: 'Ada',
      createdAt: '2026-11-27T10:00:00.000Z',
      domains: 2,
      urls: 0,
      added: 2,
      removed: 0,
    },
  },
});

describe('the add-to-disavow dialog', () => {
  it('sends the ticked links with the mode and reason, then links to the disavow list', async () => {
    const api = mockApi({ 'POST projects/7/disavow': json(201, version(3)) });
    renderDialog({ links: [11, 12] });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the disavow list' });
    expect(within(dialog).getByTestId('disavow-count').textContent).toBe('2 selected links');
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Only the page/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Link farm' } });
    fireEvent.click(add);
    const link = await within(dialog).findByRole('link', { name: 'Open the disavow list' });
    expect(link.getAttribute('href')).toBe('/en/disavow/7');
    expect(within(dialog).getByText('Disavow list version 3 saved.')).toBeTruthy();
    expect(api.find('POST projects/7/disavow')[0].body).toEqual({
      reason: 'Link farm',
      mode: 'url',
      links: [11, 12],
    });
  });

  it('sends the table’s filters with the spam score, and shows the server’s refusal', async () => {
    const api = mockApi({
      'POST projects/7/disavow': json(422, {
        message: 'No links of this project are selected',
        errors: { links: ['No links of this project are selected'] },
      }),
    });
    renderDialog({
      filter: { 'filter[project]': 7, 'filter[type]': 2, 'filter[query]': 'casino' },
      count: 40,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add to the disavow list' });
    expect(within(dialog).getByTestId('disavow-count').textContent).toBe('40 links match the filters');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Casino spam' } });
    fireEvent.change(within(dialog).getByLabelText(/spam score above/), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('No links of this project are selected')).toBeTruthy();
    expect(api.find('POST projects/7/disavow')[0].body).toEqual({
      reason: 'Casino spam',
      mode: 'domain',
      filter: {
        'filter[project]': 7,
        'filter[type]': 2,
        'filter[query]': 'casino',
        'filter[spamScoreAbove]': '60',
      },
    });
  });
});
