import { BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../cn.ts';

/** What a chart's place says when there is nothing to draw yet, and how to get there. */
export function ChartEmpty({
  title,
  body,
  action,
  className,
}: {
  title?: ReactNode;
  body: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="note"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-200 px-6 py-6 text-center',
        className,
      )}
    >
      <BarChart3 className="size-5 text-slate-400" aria-hidden />
      {title ? <p className="text-sm font-medium text-ink">{title}</p> : null}
      <p className="max-w-md text-sm text-ink-subtle">{body}</p>
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}
