import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type Tone = 'success' | 'info' | 'warning' | 'error';

export const toneStyles: Record<Tone, { box: string; icon: string; Icon: typeof Info }> = {
  success: {
    box: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    icon: 'text-emerald-600',
    Icon: CheckCircle2,
  },
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: 'text-sky-600', Icon: Info },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-600', Icon: AlertTriangle },
  error: { box: 'bg-rose-50 text-rose-900 ring-rose-200', icon: 'text-rose-600', Icon: XCircle },
};

export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon, Icon } = toneStyles[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset', box, className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', icon)} aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
