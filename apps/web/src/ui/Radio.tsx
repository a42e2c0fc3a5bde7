import { RadioGroup as Radix } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from './cn.ts';

export type RadioItem = { value: string; label: ReactNode; description?: ReactNode };

/** A group of radio cards (Tier 1 / Tier 2, CSV / XLS); arrow keys move between them. */
export function RadioCards({
  items,
  value,
  onChange,
  label,
  name,
  className,
}: {
  items: readonly RadioItem[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  name?: string;
  className?: string;
}) {
  // An arrow moves the focus and checks the radio it lands on. Radix checks it only if the key is still
  // down when its focus moves (a timer after the keydown): a quick press on a busy phone moved the focus
  // and left the old choice checked. Here the arrow is remembered until the focus lands.
  const arrowed = useRef(false);
  return (
    <Radix.Root
      value={value}
      onValueChange={onChange}
      onKeyDown={(event) => {
        arrowed.current = ARROW_KEYS.includes(event.key);
      }}
      aria-label={label}
      name={name}
      className={cn('grid gap-2 sm:grid-cols-2', className)}
    >
      {items.map((item) => (
        <Radix.Item
          key={item.value}
          value={item.value}
          onFocus={() => {
            if (!arrowed.current) return;
            arrowed.current = false;
            if (item.value !== value) onChange(item.value);
          }}
          className="group flex items-start gap-3 rounded-lg p-3 text-left ring-1 ring-slate-300 transition-colors ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=checked]:bg-brand-50/60 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500"
        >
          <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full ring-1 ring-slate-300 group-data-[state=checked]:bg-brand-600 group-data-[state=checked]:ring-brand-600">
            <Radix.Indicator className="size-1.5 rounded-full bg-white" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium text-ink">{item.label}</span>
            {item.description ? (
              <span className="mt-0.5 block text-xs text-ink-subtle">{item.description}</span>
            ) : null}
          </span>
        </Radix.Item>
      ))}
    </Radix.Root>
  );
}

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
