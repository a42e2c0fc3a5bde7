import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** Messages for this field (422 or client validation); each is shown under the input. */
  error?: readonly string[];
  hint?: ReactNode;
  optionalLabel?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, a control and its messages, wired with aria-describedby and aria-invalid. */
export function Field({ label, error, hint, optionalLabel, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = Boolean(error && error.length > 0);
  const describedBy =
    [hasError ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="flex items-baseline justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        {optionalLabel ? <span className="text-xs font-normal text-ink-subtle">{optionalLabel}</span> : null}
      </label>
      {children({ id, 'aria-invalid': hasError || undefined, 'aria-describedby': describedBy })}
      {hasError ? (
        <div id={errorId} className="space-y-0.5 text-sm text-rose-600" data-field-error>
          {error?.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {hint && !hasError ? (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
