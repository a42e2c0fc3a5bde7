import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export function EmptyState({
  icon,
  title,
  body,
  action,
  className,
  level = 2,
}: {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** 1 on a page whose only content it is (a failed confirmation): the page's own heading. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={cn('flex flex-col items-center px-6 py-14 text-center', className)}>
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          {icon}
        </div>
      ) : null}
      <Heading className="text-lg font-semibold text-ink">{title}</Heading>
      {body ? <p className="mt-2 max-w-md text-sm leading-6 text-ink-muted">{body}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
