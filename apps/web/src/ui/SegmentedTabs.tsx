import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type SegmentItem<T extends string> = { value: T; label: ReactNode; count?: number | null };

/**
 * Tabs that change the page's URL or state (active/history/disallow, tier 1/2). A tablist of
 * buttons; arrow keys move between them.
 */
export function SegmentedTabs<T extends string>({
  items,
  value,
  onChange,
  label,
  className,
}: {
  items: readonly SegmentItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  const segment = (of: T) => document.querySelector<HTMLButtonElement>(`[data-segment="${label}-${of}"]`);
  const move = (from: number, delta: number) => {
    const next = items[(from + delta + items.length) % items.length];
    onChange(next.value);
    // The focus moves with the key, at once. Only a change that draws the tabs anew (another page's) drops
    // it to the body: it is given back once they are drawn, unless the reader has gone on meanwhile (a
    // click into the field below within that frame lost its typing to the tab).
    segment(next.value)?.focus();
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) segment(next.value)?.focus();
    });
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      // Wraps on a phone rather than pushing the page sideways (ru and ua words are long).
      className={cn(
        'inline-flex max-w-full flex-wrap gap-0.5 rounded-lg bg-slate-100 p-0.5 sm:gap-1 sm:p-1',
        className,
      )}
    >
      {items.map((item, index) => {
        const active = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            data-segment={`${label}-${item.value}`}
            onClick={() => onChange(item.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(index, 1);
              if (e.key === 'ArrowLeft') move(index, -1);
            }}
            className={cn(
              // Narrower on a phone: the three list tabs with their counts fit one line at 390 px in ru and ua.
              'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 sm:gap-2 sm:px-3',
              active ? 'bg-white text-ink shadow-sm' : 'text-ink-muted hover:text-ink',
            )}
          >
            {item.label}
            {item.count !== undefined && item.count !== null ? (
              <span
                className={cn(
                  'rounded-full px-1 text-xs tabular-nums sm:px-1.5',
                  active ? 'bg-brand-50 text-brand-700' : 'bg-slate-200/80 text-ink-subtle',
                )}
              >
                {item.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
