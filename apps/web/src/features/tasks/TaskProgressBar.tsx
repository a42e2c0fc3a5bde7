import { type PriceUnit, TaskStatus } from '@linkwatch/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { cn } from '@/ui/cn.ts';

/** spec point 9: progress bar throttle 200 ms, duration 5 s. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;

export function progressPercent({ currentCount, totalCount }: { currentCount: number; totalCount: number }) {
  if (totalCount <= 0) return 0;
  return Math.min(100, Math.floor((currentCount / totalCount) * 100));
}

/**
 * Shows at most one new value per 200 ms however fast the socket talks, and always the last one. A
 * change arriving inside the window waits for its end (a trailing update), so the bar never stops short.
 */
export function useThrottled<T>(value: T, ms: number = PROGRESS_THROTTLE_MS): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    const wait = lastAt.current + ms - Date.now();
    if (wait <= 0) {
      lastAt.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}

const tones: Record<number, string> = {
  [TaskStatus.Waiting]: 'bg-slate-400',
  [TaskStatus.Process]: 'bg-brand-600',
  [TaskStatus.Done]: 'bg-emerald-500',
  [TaskStatus.Fail]: 'bg-rose-500',
};

type Props = {
  id: number | string;
  statusId: number;
  currentCount: number;
  totalCount: number;
  /** What the counts count: links, or a load to crawlers' one pull (shared `priceUnit`). */
  unit?: PriceUnit;
};

/**
 * A task's live progress: the bar, "n of m links" and the percent. While the task runs a sheen crosses
 * the bar every 5 s (the spec's duration) so a long task on a slow site still looks alive.
 */
export function TaskProgressBar({ id, statusId, currentCount, totalCount, unit = 'link' }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const { current, total } = useThrottled({ current: currentCount, total: totalCount });
  const percent = progressPercent({ currentCount: current, totalCount: total });
  const running = statusId === TaskStatus.Process;
  return (
    <div className="min-w-36">
      <div className="mb-1 flex items-baseline justify-between gap-3 text-xs">
        <span className="text-ink-muted tabular-nums">
          {t(unit === 'pull' ? 'tasksUi.progress.pulls' : 'tasksUi.progress.counts', {
            count: total,
            current: format.number(current),
            total: format.number(total),
          })}
        </span>
        <span className="font-medium text-ink tabular-nums" data-testid="task-percent">
          {t('tasksUi.progress.percent', { percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('tasksUi.progress.label', { id })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-200 ease-out',
            tones[statusId] ?? tones[0],
          )}
          style={{ width: `${percent}%` }}
        />
        {running ? <Sheen /> : null}
      </div>
    </div>
  );
}

/** A light band crossing the bar once per PROGRESS_DURATION_MS (Web Animations: no global keyframes needed). */
function Sheen() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element?.animate || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const animation = element.animate(
      [{ transform: 'translateX(-100%)' }, { transform: 'translateX(300%)' }],
      {
        duration: PROGRESS_DURATION_MS,
        iterations: Number.POSITIVE_INFINITY,
        easing: 'ease-in-out',
      },
    );
    return () => animation.cancel();
  }, []);
  return (
    <div
      ref={ref}
      aria-hidden
      className="pointer-events-none absolute inset-y-0 left-0 w-1/3 -translate-x-full bg-gradient-to-r from-transparent via-white/60 to-transparent"
    />
  );
}
