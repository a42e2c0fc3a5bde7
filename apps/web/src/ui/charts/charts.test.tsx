import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Donut, labelledIndexes, SeriesChart } from './charts.tsx';
import { Legend } from './Legend.tsx';
import { allZero, dailyPoints, ordered } from './series.ts';

const legendOrder = (container: HTMLElement) =>
  [...container.querySelectorAll('li[data-series]')].map((li) => li.getAttribute('data-series'));

describe('series order and colours', () => {
  it('lists series in the one legend order, whatever order a chart names them in', () => {
    expect(ordered(['lost', 'found'])).toEqual(['found', 'lost']);
    expect(ordered(['indexed', 'bad', 'good', 'bad'])).toEqual(['good', 'bad', 'indexed']);
    const { container } = render(<Legend series={['indexed', 'checked', 'added']} />);
    expect(legendOrder(container)).toEqual(['added', 'checked', 'indexed']);
    expect(screen.getByRole('list', { name: 'Legend' })?.textContent).toContain('AddedCheckedIndexed');
  });
});

describe('daily points', () => {
  it('has a point for every day from the first to the last, a skipped day or count being zero', () => {
    const points = dailyPoints(
      [
        { date: '2026-02-27', found: 2 },
        { date: '2026-03-02', found: 1, lost: 3 },
      ],
      ['found', 'lost'],
    );
    expect(points).toEqual([
      { key: '2026-02-27', values: { found: 2, lost: 0 } },
      { key: '2026-02-28', values: { found: 0, lost: 0 } },
      { key: '2026-03-01', values: { found: 0, lost: 0 } },
      { key: '2026-03-02', values: { found: 1, lost: 3 } },
    ]);
    expect(dailyPoints([], ['found'])).toEqual([]);
    expect(allZero(points)).toBe(false);
    expect(allZero(dailyPoints([{ date: '2026-03-02' }], ['found']))).toBe(true);
  });

  it('labels the last point and thins out the others to fit', () => {
    expect([...labelledIndexes(30, 600, 56)].sort((a, b) => a - b)).toEqual([
      2, 5, 8, 11, 14, 17, 20, 23, 26, 29,
    ]);
    expect([...labelledIndexes(3, 600, 56)].sort()).toEqual([0, 1, 2]);
  });
});

const days = dailyPoints(
  [
    { date: '2026-03-01', found: 2, lost: 1 },
    { date: '2026-03-03', found: 0, lost: 4 },
  ],
  ['found', 'lost'],
);

describe('series chart', () => {
  it('draws a bar per non-zero value from a zero baseline, the days named on the x axis', () => {
    const { container } = render(
      <SeriesChart points={days} series={['lost', 'found']} kind="bars" x="day" label="Trend" width={600} />,
    );
    expect(container.querySelector('[data-tick-y="0"]')?.textContent).toContain('0');
    const ticks = [...container.querySelectorAll('[data-tick-x]')].map((t) => t.textContent);
    expect(ticks).toEqual(['Mar 1', 'Mar 2', 'Mar 3']);
    // 1 March: found and lost; 2 March: nothing; 3 March: lost only.
    const bars = [...container.querySelectorAll('rect[data-series]')].map((b) =>
      b.getAttribute('data-series'),
    );
    expect(bars).toEqual(['found', 'lost', 'lost']);
    expect(legendOrder(container)).toEqual(['found', 'lost']);
  });

  it('tells each day with the keyboard, the zero days too', () => {
    render(
      <SeriesChart points={days} series={['found', 'lost']} kind="bars" x="day" label="Trend" width={600} />,
    );
    const slider = screen.getByRole('slider', { name: 'Trend' });
    fireEvent.focus(slider);
    expect(slider.getAttribute('aria-valuetext')).toBe('Mar 3, 2026: Found 0, Lost 4');
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip?.textContent).toContain('Mar 3, 2026');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Mar 2, 2026: Found 0, Lost 0');
    expect(
      within(screen.getByTestId('chart-tooltip'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Found0', 'Lost0']);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(slider.getAttribute('aria-valuetext')).toBe('Mar 1, 2026: Found 2, Lost 1');
    fireEvent.keyDown(slider, { key: 'Escape' });
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('names categories by their label and draws lines for a line chart', () => {
    const { container } = render(
      <SeriesChart
        points={[
          { key: '1', label: 'Shoes', values: { good: 3, bad: 1 } },
          { key: '2', label: 'Hats', values: { good: 0, bad: 2 } },
        ]}
        series={['good', 'bad']}
        kind="lines"
        x="category"
        label="Health"
        width={600}
      />,
    );
    expect([...container.querySelectorAll('[data-tick-x]')].map((t) => t.textContent)).toEqual([
      'Shoes',
      'Hats',
    ]);
    expect(
      [...container.querySelectorAll('g[data-series]')].map((g) => g.getAttribute('data-series')),
    ).toEqual(['good', 'bad']);
  });
});

describe('donut', () => {
  it('draws the slices in the legend order and a grey ring for an empty whole', () => {
    const { container, rerender } = render(
      <Donut
        label="Codes"
        slices={[
          { key: 'unchecked', value: 1 },
          { key: 'good', value: 5 },
          { key: 'bad', value: 0 },
        ]}
      />,
    );
    screen.getByRole('img', { name: 'Codes' });
    expect(
      [...container.querySelectorAll('path[data-series]')].map((p) => p.getAttribute('data-series')),
    ).toEqual(['good', 'unchecked']);
    rerender(<Donut label="Codes" slices={[{ key: 'good', value: 0 }]} />);
    expect(container.querySelectorAll('path[data-series]')).toHaveLength(0);
    expect(container.querySelector('circle')).not.toBeNull();
  });
});
