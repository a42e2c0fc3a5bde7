import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { Skeleton } from './Spinner.tsx';

/** A horizontally scrollable table frame; the header stays readable on narrow screens. */
export function Table({ className, children, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full border-separate border-spacing-0 text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'sticky top-0 border-b border-line bg-slate-50/95 px-3 py-2.5 text-left text-xs font-medium tracking-wide whitespace-nowrap text-ink-subtle uppercase first:pl-5 last:pr-5',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn(
        'border-b border-slate-100 px-3 py-3 align-middle text-ink first:pl-5 last:pr-5',
        className,
      )}
      {...props}
    />
  );
}

export function Tr({
  className,
  selected,
  ...props
}: HTMLAttributes<HTMLTableRowElement> & { selected?: boolean }) {
  return (
    <tr
      className={cn(
        'transition-colors hover:bg-slate-50/80',
        selected && 'bg-brand-50/60 hover:bg-brand-50',
        className,
      )}
      aria-selected={selected}
      {...props}
    />
  );
}

/** Placeholder rows while a page of the table loads. */
export function SkeletonRows({ rows = 8, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <tr key={r}>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Td key={c}>
              <Skeleton className={cn('h-4', c === 1 ? 'w-56' : 'w-12')} />
            </Td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One full-width row for empty and error states inside a table body. */
export function TableMessage({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="p-0">
        {children}
      </td>
    </tr>
  );
}
