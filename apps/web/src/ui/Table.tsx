import {
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from 'react';
import { cn } from './cn.ts';
import { Skeleton } from './Spinner.tsx';

/** Whether the element's content is wider than its box, followed as either resizes. */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A horizontally scrollable table frame; the header stays readable on narrow screens. When the table
 * is wider than the frame, the frame takes the focus so the keyboard can scroll it (WCAG 2.1.1).
 */
export function Table({ className, children, ...props }: HTMLAttributes<HTMLTableElement>) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(frame);
  return (
    <div ref={frame} className="overflow-x-auto" tabIndex={scrolls ? 0 : undefined}>
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
