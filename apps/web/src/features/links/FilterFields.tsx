import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/ui/cn.ts';
import { Input } from '@/ui/Input.tsx';
import { Select, type SelectOption } from '@/ui/Select.tsx';
import type { FilterModeValue } from './listQuery.ts';

const TEXT_DELAY_MS = 300;

/**
 * A text the user types, sent `delay` ms after the last key (or at once on Enter), and taken again from
 * `value` when it changes elsewhere (back/forward, reset).
 */
export function useDebouncedText(value: string, commit: (text: string) => void, delay = TEXT_DELAY_MS) {
  const [text, setText] = useState(value);
  // The latest commit without restarting the debounce: parents re-render often while tasks run.
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => commitRef.current(text), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);
  return { text, setText, flush: () => commitRef.current(text) };
}

/** Where a filter's values read as "is / is not", and where (a title) as "contains / does not contain". */
export type ModeWording = 'is' | 'contains';

type ModeSelectProps = {
  /** The filter's visible label: the control's accessible name says which filter it governs. */
  filter: string;
  mode: FilterModeValue;
  onChange: (mode: FilterModeValue) => void;
  wording: ModeWording;
};

/** Include or exclude (spec 4 Filter 1/2) of one filter: a small native select on the filter's label row. */
function ModeSelect({ filter, mode, onChange, wording }: ModeSelectProps) {
  const { t } = useTranslation();
  const [include, exclude] =
    wording === 'contains'
      ? [t('linksUi.filters.modes.contains'), t('linksUi.filters.modes.notContains')]
      : [t('linksUi.filters.modes.is'), t('linksUi.filters.modes.isNot')];
  const excluding = mode === 'exclude';
  return (
    <span className="relative inline-flex min-w-0">
      <select
        aria-label={t('linksUi.filters.modeLabel', { filter })}
        value={mode}
        onChange={(e) => onChange(e.target.value === 'exclude' ? 'exclude' : '')}
        className={cn(
          // h-5 in a 16 px line (-my-0.5): the row's labels stay level with those of the filters without a mode.
          // field-sizing: as wide as the chosen option, so "is" is not padded to the width of "is not".
          '-my-0.5 h-5 min-w-0 appearance-none [field-sizing:content] truncate rounded-md border-0 pr-5 pl-1.5 text-xs font-medium ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none',
          excluding
            ? 'bg-rose-50 text-rose-800 ring-1 ring-rose-200'
            : 'bg-transparent text-ink-subtle hover:bg-slate-100',
        )}
      >
        <option value="">{include}</option>
        <option value="exclude">{exclude}</option>
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-1 size-3.5 -translate-y-1/2 opacity-70"
        aria-hidden
      />
    </span>
  );
}

type FieldProps = {
  label: string;
  mode: FilterModeValue;
  onModeChange: (mode: FilterModeValue) => void;
  wording?: ModeWording;
  children: (id: string) => ReactNode;
};

/**
 * A filter with its include/exclude control: the label, then "is / is not" beside it, then the value, so
 * the row reads "Response is not Bad" and Tab reaches the mode before the value. Sized like FilterSelect.
 */
function ModeField({ label, mode, onModeChange, wording = 'is', children }: FieldProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 max-w-full flex-col gap-1 text-xs font-medium text-ink-subtle sm:min-w-36 sm:max-w-72 sm:shrink-0 sm:grow sm:basis-auto">
      <div className="flex min-w-0 items-center gap-1">
        <label htmlFor={id} className="shrink-0">
          {label}
        </label>
        <ModeSelect filter={label} mode={mode} onChange={onModeChange} wording={wording} />
      </div>
      {children(id)}
    </div>
  );
}

type ModeSelectFilterProps = Omit<FieldProps, 'children'> & {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: readonly SelectOption[];
};

/** A select filter of the links table that can also leave out what it names. */
export function ModeSelectFilter({ value, onChange, placeholder, options, ...field }: ModeSelectFilterProps) {
  return (
    <ModeField {...field}>
      {(id) => (
        <Select
          id={id}
          size="sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          options={options}
        />
      )}
    </ModeField>
  );
}

type ModeTextFilterProps = Omit<FieldProps, 'children'> & {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
};

/** A typed filter (an anchor, a title) that can also leave out what it names; sent as the user pauses. */
export function ModeTextFilter({ value, onChange, placeholder, ...field }: ModeTextFilterProps) {
  const { text, setText, flush } = useDebouncedText(value, onChange);
  return (
    <ModeField {...field}>
      {(id) => (
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') flush();
          }}
          placeholder={placeholder}
          compact
          className="font-normal"
        />
      )}
    </ModeField>
  );
}
