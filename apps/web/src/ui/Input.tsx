import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, useState } from 'react';
import { cn } from './cn.ts';

const inputLook = cn(
  'block w-full rounded-lg border-0 bg-white px-3 text-sm text-ink shadow-sm ring-1 ring-inset ring-slate-300',
  'placeholder:text-slate-400 transition-shadow',
  'focus:outline-none focus:ring-2 focus:ring-brand-500',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 read-only:bg-slate-50',
  'aria-invalid:ring-rose-400 aria-invalid:focus:ring-rose-500',
);

export const inputClass = cn('h-10', inputLook);

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * `compact`: as high as a small select (a filter row's). A height in `className` does not win over the
 * default one: the stylesheet, not the class order, decides between two heights.
 */
export function Input({ className, compact = false, ...props }: InputProps & { compact?: boolean }) {
  return <input className={cn(compact ? 'h-8' : 'h-10', inputLook, className)} {...props} />;
}

/** A password input with a show/hide toggle; the toggle's labels come from the caller (i18n). */
export function PasswordInput({
  className,
  showLabel,
  hideLabel,
  ...props
}: InputProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-10', className)} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
