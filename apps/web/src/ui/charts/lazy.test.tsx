import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// This file's modules afresh: in a worker another file may have loaded the chart kit and shown a page.
async function freshModules() {
  vi.resetModules();
  const { Donut } = await import('./lazy.tsx');
  const { markPageShown } = await import('@/lib/afterPageLoad.ts');
  return { Donut, markPageShown };
}

describe('a chart on a cold load', () => {
  it('waits for the first page to be shown before the chart kit is fetched, then draws', async () => {
    const { Donut, markPageShown } = await freshModules();
    // The kit's module evaluated already: drawn at once, were it not held back.
    await import('./charts.tsx');
    const { container } = render(<Donut label="Codes" slices={[{ key: 'good', value: 5 }]} />);
    // Past React's 300 ms before it reveals a boundary's content in place of its placeholder.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('img', { name: 'Codes' })).toBeNull();
    expect(container.querySelector('.animate-pulse')).not.toBeNull();

    markPageShown();
    expect(await screen.findByRole('img', { name: 'Codes' })).toBeDefined();
  });

  it('draws at once once the kit is in: a later page shows no placeholder', async () => {
    const { Donut, markPageShown } = await freshModules();
    markPageShown();
    render(<Donut label="First" slices={[{ key: 'good', value: 1 }]} />);
    await screen.findByRole('img', { name: 'First' });

    render(<Donut label="Later" slices={[{ key: 'good', value: 1 }]} />);
    expect(screen.getByRole('img', { name: 'Later' })).toBeDefined();
  });
});
