import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';

type PaginationProps = {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  labels: { nav: string; previous: string; next: string; page: (n: number) => string };
  className?: string;
};

/** Pages as 1 … 4 5 [6] 7 8 … 20; the current one is marked for screen readers. */
export function pageWindow(page: number, lastPage: number): (number | 'gap')[] {
  const pages = new Set([1, lastPage, page - 1, page, page + 1]);
  if (page <= 3) for (const p of [2, 3, 4]) pages.add(p);
  if (page >= lastPage - 2) for (const p of [lastPage - 3, lastPage - 2, lastPage - 1]) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1 && p <= lastPage).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && p - prev > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

export function Pagination({ page, lastPage, onPage, labels, className }: PaginationProps) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={labels.nav} className={cn('flex items-center gap-1', className)}>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={labels.previous}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </Button>
      {pageWindow(page, lastPage).map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${i}`} className="px-1 text-ink-subtle" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            onClick={() => onPage(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={labels.page(p)}
            className={cn(
              'h-8 min-w-8 rounded-md px-2 text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
              p === page ? 'bg-brand-600 font-medium text-white' : 'text-ink-muted hover:bg-slate-100',
            )}
          >
            {p}
          </button>
        ),
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
        aria-label={labels.next}
      >
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
