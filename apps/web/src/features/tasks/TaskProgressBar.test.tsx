import { TaskStatus } from '@linkwatch/shared';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { PROGRESS_THROTTLE_MS, progressPercent, TaskProgressBar } from './TaskProgressBar.tsx';

function bar(props: { currentCount: number; totalCount: number; statusId?: number }) {
  return (
    <I18nextProvider i18n={i18n}>
      <TaskProgressBar id={7} statusId={props.statusId ?? TaskStatus.Process} {...props} />
    </I18nextProvider>
  );
}

describe('task progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows counts and a floored percent, and never more than 100 %', () => {
    expect(progressPercent({ currentCount: 0, totalCount: 0 })).toBe(0);
    expect(progressPercent({ currentCount: 2, totalCount: 3 })).toBe(66);
    expect(progressPercent({ currentCount: 12, totalCount: 10 })).toBe(100);

    render(bar({ currentCount: 3, totalCount: 8 }));
    const progress = screen.getByRole('progressbar', { name: 'Progress of task #7' });
    expect(progress.getAttribute('aria-valuenow')).toBe('37');
    expect(screen.getByText('3 of 8 links')).toBeTruthy();
    expect(screen.getByText('37%')).toBeTruthy();
    expect((progress.firstElementChild as HTMLElement).style.width).toBe('37%');
  });

  it('shows at most one new value per 200 ms, and always ends on the last one', () => {
    vi.useFakeTimers();
    const view = render(bar({ currentCount: 0, totalCount: 10 }));
    const now = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
    act(() => vi.advanceTimersByTime(PROGRESS_THROTTLE_MS));

    view.rerender(bar({ currentCount: 1, totalCount: 10 }));
    expect(now()).toBe('10');
    view.rerender(bar({ currentCount: 2, totalCount: 10 }));
    view.rerender(bar({ currentCount: 3, totalCount: 10 }));
    // Inside the window the bar holds its value…
    expect(now()).toBe('10');
    act(() => vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1));
    expect(now()).toBe('10');
    // …and at its end jumps to the newest one, skipping the values in between.
    act(() => vi.advanceTimersByTime(1));
    expect(now()).toBe('30');

    view.rerender(bar({ currentCount: 10, totalCount: 10, statusId: TaskStatus.Done }));
    act(() => vi.advanceTimersByTime(PROGRESS_THROTTLE_MS));
    expect(now()).toBe('100');
    expect(screen.getByText('100%')).toBeTruthy();
  });
});
