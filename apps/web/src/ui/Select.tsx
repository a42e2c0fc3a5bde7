import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'size'> & {
  options: readonly SelectOption[];
  /** A first option with an empty value (spec point 9: '-- all --' by default). */
  placeholder?: string;
  size?: 'sm' | 'md';
};

/** A native select: full keyboard and screen-reader support, styled like the inputs. */
export function Select({ options, placeholder, className, size = 'md', ...props }: SelectProps) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select
        className={cn(
          'w-full appearance-none rounded-lg border-0 bg-white pr-8 pl-3 text-sm text-ink shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500',
          size === 'sm' ? 'h-8' : 'h-10',
        )}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
    </span>
  );
}
