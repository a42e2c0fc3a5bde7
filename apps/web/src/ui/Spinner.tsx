import { cn } from './cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex', className)}>
      {label ? <span className="sr-only">{label}</span> : null}
      <svg className="size-full animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/70', className)} />;
}

/** The whole-screen wait while the session is being restored. */
export function PageLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-brand-600">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
