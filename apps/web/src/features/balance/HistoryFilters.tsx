import { BalanceTransactionType } from '@linkwatch/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Input } from '@/ui/Input.tsx';
import { FilterSelect, filterRowClass } from '@/ui/Select.tsx';
import type { HistoryFilters as Filters } from './api/types.ts';
import type { HistoryFilterName } from './historyState.ts';

function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-subtle sm:w-44">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="date"
        className="h-8!"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The ledger type (spec 3's typeText names) and a range of days; each change goes to the URL. */
export function HistoryFilters({
  filters,
  onChange,
  onReset,
}: {
  filters: Filters;
  onChange: (name: HistoryFilterName, value: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const any = Boolean(filters.type || filters.dateFrom || filters.dateTo);
  return (
    <fieldset className={cn(filterRowClass, 'border-b border-line px-5 py-4')}>
      <legend className="sr-only">{t('balanceUi.history.filters.label')}</legend>
      <FilterSelect
        name="type"
        label={t('balanceUi.history.filters.type')}
        placeholder={t('general.select.allOption')}
        value={filters.type ?? ''}
        options={Object.values(BalanceTransactionType).map((type) => ({
          value: String(type),
          label: t(`balance.types.${type}` as 'balance.types.1'),
        }))}
        onChange={(e) => onChange('type', e.target.value)}
      />
      <DayFilter
        label={t('balanceUi.history.filters.from')}
        value={filters.dateFrom}
        max={filters.dateTo}
        onChange={(value) => onChange('dateFrom', value)}
      />
      <DayFilter
        label={t('balanceUi.history.filters.to')}
        value={filters.dateTo}
        min={filters.dateFrom}
        onChange={(value) => onChange('dateTo', value)}
      />
      {any ? (
        <Button variant="ghost" size="sm" icon={<X className="size-3.5" aria-hidden />} onClick={onReset}>
          {t('balanceUi.history.filters.reset')}
        </Button>
      ) : null}
    </fieldset>
  );
}
