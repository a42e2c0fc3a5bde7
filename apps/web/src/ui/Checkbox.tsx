import { Check, Minus } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { useEffect, useRef } from 'react';
import { cn } from './cn.ts';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Some but not all rows are ticked (the select-all box of a table). */
  indeterminate?: boolean;
};

/** A native checkbox (keyboard and forms for free) drawn in the design system's style. */
export function Checkbox({ indeterminate = false, className, checked, ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const Mark = indeterminate ? Minus : Check;
  return (
    <span className={cn('relative inline-flex size-4 shrink-0', className)}>
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        className="peer size-4 cursor-pointer appearance-none rounded border border-slate-300 bg-white shadow-sm transition-colors checked:border-brand-600 checked:bg-brand-600 indeterminate:border-brand-600 indeterminate:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <Mark
        className={cn(
          'pointer-events-none absolute inset-0 m-auto size-3 text-white',
          checked || indeterminate ? 'opacity-100' : 'opacity-0',
        )}
        strokeWidth={3}
        aria-hidden
      />
    </span>
  );
}
