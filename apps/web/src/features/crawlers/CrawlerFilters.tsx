import { CRAWLER_SOURCES, CRAWLER_STATUSES, PAGE_SIZES } from '@linkwatch/shared';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Input } from '@/ui/Input.tsx';
import { FilterSelect, filterRowClass } from '@/ui/Select.tsx';
import type { CrawlerFilterState, CrawlerListState } from './listState.ts';

const QUERY_DELAY_MS = 300;

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-subtle sm:min-w-36 sm:grow sm:basis-auto">
      <label htmlFor={id}>{label}</label>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className="h-8" />
    </div>
  );
}

/** Search, source, status, first-seen dates and page size of the crawlers table; all in the URL. */
export function CrawlerFilters({ list, trailing }: { list: CrawlerListState; trailing?: ReactNode }) {
  const { t } = useTranslation();
  const { filters, setFilter } = list;
  const [text, setText] = useState(filters.query);
  const setFilterRef = useRef(setFilter);
  setFilterRef.current = setFilter;

  useEffect(() => setText(filters.query), [filters.query]);
  useEffect(() => {
    if (text === filters.query) return;
    const timer = setTimeout(() => setFilterRef.current('query', text), QUERY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.query]);

  const all = t('general.select.allOption');
  const set = (key: keyof CrawlerFilterState) => (value: string) => setFilter(key, value);

  return (
    <search aria-label={t('crawlersUi.filters.label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-56 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilter('query', text);
            }}
            placeholder={t('crawlersUi.filters.query')}
            aria-label={t('crawlersUi.filters.query')}
            className="h-9 pl-9"
          />
        </div>
        {list.hasFilters ? (
          <Button
            variant="ghost"
            size="sm"
            icon={<X className="size-4" aria-hidden />}
            onClick={list.resetFilters}
          >
            {t('crawlersUi.filters.reset')}
          </Button>
        ) : null}
        {trailing}
      </div>
      <div className={filterRowClass}>
        <FilterSelect
          label={t('crawlersUi.filters.source')}
          value={filters.source}
          onChange={(e) => setFilter('source', e.target.value)}
          placeholder={all}
          options={CRAWLER_SOURCES.map((s) => ({ value: String(s), label: t(`crawlersUi.source.${s}`) }))}
        />
        <FilterSelect
          label={t('crawlersUi.filters.status')}
          value={filters.status}
          onChange={(e) => setFilter('status', e.target.value)}
          placeholder={all}
          options={CRAWLER_STATUSES.map((s) => ({ value: String(s), label: t(`crawlersUi.status.${s}`) }))}
        />
        <DateFilter label={t('crawlersUi.filters.dateFrom')} value={filters.from} onChange={set('from')} />
        <DateFilter label={t('crawlersUi.filters.dateTo')} value={filters.to} onChange={set('to')} />
        <FilterSelect
          label={t('crawlersUi.filters.pageSize')}
          value={String(list.size)}
          onChange={(e) => list.setSize(Number(e.target.value))}
          options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
        />
      </div>
    </search>
  );
}
