import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { useTaskCost } from './api/tasks.ts';

function Price() {
  const cost = useTaskCost({ action: 2, campaign: '5' });
  return <p>{cost.isError ? 'no price' : cost.isPending ? 'waiting' : `price ${cost.data?.cost}`}</p>;
}

describe('a task’s price beside its button', () => {
  it('refused (a member the page has not read the role of yet) stays beside the button, not a 403 page', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET user/me': meReply(),
      'GET actions/2/balance': json(403, { message: 'Access forbbiden' }),
    });
    renderWithProviders(<Price />);
    expect(await screen.findByText('no price', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
