import { ChevronDown } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from './cn.ts';

/** `disabled`: listed so users learn it exists, but not choosable (its label says why). */
export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'size'> & {
  options: readonly SelectOption[];
  /** A first option with an empty value: a filter's translated "All", or a prompt to choose. */
  placeholder?: string;
  size?: 'sm' | 'md';
};

/**
 * The app's one select: a native select styled like the inputs, so the keyboard (arrows, type-ahead,
 * Enter/Space), screen readers and a phone's own picker all work without extra code.
 */
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
          <option key={o.value} value={o.value} disabled={o.disabled}>
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

type FilterSelectProps = Omit<SelectProps, 'id' | 'size'> & {
  /** The visible label above the select. */
  label: string;
  /** A field that takes a whole row on a phone (a project's name). */
  wide?: boolean;
};

/**
 * The row of a filter form: two fields a row on a phone; from `sm` up the fields sit side by side,
 * each at least as wide as its longest option (so no chosen value is cut in any language, up to a
 * limit for long names), growing a little to fill the row and wrapping when they do not fit.
 */
export const filterRowClass = 'grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap';

/**
 * A filter of a list: its label above a small select whose first option (the `placeholder`, a
 * translated "All") clears it. Used in a `filterRowClass` row by the links, tasks and report filters.
 */
export function FilterSelect({ label, wide = false, className, ...select }: FilterSelectProps) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex min-w-0 max-w-full flex-col gap-1 text-xs font-medium text-ink-subtle sm:min-w-36 sm:shrink-0 sm:grow sm:basis-auto',
        wide ? 'col-span-2 sm:max-w-96 sm:min-w-60' : 'sm:max-w-72',
        className,
      )}
    >
      <label htmlFor={id}>{label}</label>
      <Select id={id} size="sm" {...select} />
    </div>
  );
}
