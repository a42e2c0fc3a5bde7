import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

const tones: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  danger: 'bg-rose-50 text-rose-700 ring-rose-600/20',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
  label,
  title,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
  /** Read by screen readers instead of the bare number. */
  label?: string;
  /** The full text when the badge says it short (a tooltip). */
  title?: string;
}) {
  return (
    // Never wraps: a badge is one short word or number; the long form goes into `title`.
    <span
      title={title}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      <span aria-hidden={label ? true : undefined}>{children}</span>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
