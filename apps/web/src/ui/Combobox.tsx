import { Check, ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from './cn.ts';
import { inputClass } from './Input.tsx';
import { Spinner } from './Spinner.tsx';

export type ComboOption = { value: string; label: string; hint?: string };

type ComboboxProps = {
  /** The chosen option (shown in the input while it is not being edited). */
  value: ComboOption | null;
  onChange: (option: ComboOption | null) => void;
  /** What the user typed; the caller decides when to ask the server (spec: empty or ≥ 3 characters). */
  search: string;
  onSearch: (text: string) => void;
  options: readonly ComboOption[];
  loading?: boolean;
  noOptionsText: string;
  placeholder?: string;
  name?: string;
  id?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** A searchable dropdown: an input with a listbox (ARIA 1.2 combobox pattern). */
export function Combobox({
  value,
  onChange,
  search,
  onSearch,
  options,
  loading = false,
  noOptionsText,
  placeholder,
  name,
  ...aria
}: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [activeIndex, setActive] = useState(0);
  // The options change under the highlight as search answers arrive: it stays on the list.
  const active = Math.min(activeIndex, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-o${i}`;

  const choose = (option: ComboOption) => {
    onChange(option);
    setEditing(false);
    setOpen(false);
    onSearch('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive(Math.min(active + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(active - 1, 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setEditing(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <input
            {...aria}
            name={name}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options[active] ? optionId(active) : undefined}
            autoComplete="off"
            className={cn(inputClass, 'pr-9')}
            placeholder={placeholder}
            value={editing ? search : (value?.label ?? '')}
            onFocus={() => {
              setEditing(true);
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onBlur={() => setEditing(false)}
            onChange={(e) => {
              setEditing(true);
              setOpen(true);
              setActive(0);
              onSearch(e.target.value);
            }}
            onKeyDown={onKeyDown}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-400">
            {loading ? <Spinner className="size-4" /> : <ChevronDown className="size-4" aria-hidden />}
          </span>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        {/* A popover is a dialog to Radix; this one only holds the combobox's list (focus stays in the input). */}
        <Popover.Content
          role="presentation"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if ((e.target as HTMLElement | null)?.closest?.('[role="combobox"]')) e.preventDefault();
          }}
          className="z-[80] max-h-64 w-(--radix-popover-trigger-width) min-w-56 overflow-y-auto rounded-lg bg-white p-1 shadow-pop ring-1 ring-slate-900/10"
        >
          <div id={listId} role="listbox">
            {options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-ink-subtle">{noOptionsText}</p>
            ) : (
              options.map((option, i) => {
                const selected = option.value === value?.value;
                return (
                  <div
                    key={option.value}
                    id={optionId(i)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => choose(option)}
                    onKeyDown={() => {}}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm',
                      i === active ? 'bg-slate-100 text-ink' : 'text-slate-700',
                    )}
                  >
                    <span className="min-w-0 flex-1 truncate">{option.label}</span>
                    {option.hint ? <span className="text-xs text-ink-subtle">{option.hint}</span> : null}
                    {selected ? <Check className="size-4 text-brand-600" aria-hidden /> : null}
                  </div>
                );
              })
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
