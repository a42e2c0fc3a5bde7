import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { Skeleton } from './Spinner.tsx';

/** A number with its label, for summary rows. */
export function StatCard({
  label,
  value,
  icon,
  tone = 'neutral',
  loading,
}: {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'brand' | 'success' | 'danger';
  loading?: boolean;
}) {
  const tones = {
    neutral: 'bg-slate-100 text-slate-600',
    brand: 'bg-brand-50 text-brand-600',
    success: 'bg-emerald-50 text-emerald-600',
    danger: 'bg-rose-50 text-rose-600',
  };
  return (
    <div className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-card ring-1 ring-slate-900/5">
      {icon ? (
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
          {icon}
        </span>
      ) : null}
      <div className="min-w-0">
        {/* The label wraps (balanced, a long word broken only if it cannot fit): ru and ua labels are long. */}
        <p className="text-xs leading-4 font-medium text-balance break-words text-ink-subtle">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-6 w-14" />
        ) : (
          <p className="text-xl font-semibold text-ink tabular-nums">{value}</p>
        )}
      </div>
    </div>
  );
}
