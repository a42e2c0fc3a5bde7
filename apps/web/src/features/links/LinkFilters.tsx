import { DEAD_FEED_REASONS, LINK_STATUSES, LinkRole, REL_ATTRIBUTES, RobotsStatus } from '@linkwatch/shared';
import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Input } from '@/ui/Input.tsx';
import { FilterSelect, filterRowClass, Select } from '@/ui/Select.tsx';
import { ModeSelectFilter, ModeTextFilter, useDebouncedText } from './FilterFields.tsx';
import { type FilterModeValue, type ListFilters, type ModeFilter, modeKey } from './listQuery.ts';

type Props = {
  filters: ListFilters;
  onChange: (key: keyof ListFilters, value: string) => void;
  onReset: () => void;
  hasFilters: boolean;
  /** The name of the person `filters.addedBy` names, when the page's links say it. */
  addedByName?: string | null;
  /** The search page only needs the query box. */
  queryOnly?: boolean;
  /** Controls that share the query box's row (the table's view and columns). */
  trailing?: ReactNode;
};

/**
 * Query box and the labelled filters of the links table (response group, link, indexing, robots, rel,
 * anchor, title). Response, indexing, robots, anchor and title (spec 4's filter kinds) each have an
 * "is / is not" beside their label: include or exclude what they name.
 */
export function LinkFilters({
  filters,
  onChange,
  onReset,
  hasFilters,
  addedByName,
  queryOnly = false,
  trailing,
}: Props) {
  const { t } = useTranslation();
  const { text, setText, flush } = useDebouncedText(filters.query, (next) => onChange('query', next));
  const mode = (filter: ModeFilter) => ({
    mode: filters[modeKey(filter)],
    onModeChange: (next: FilterModeValue) => onChange(modeKey(filter), next),
  });

  const all = t('general.select.allOption');
  // The server's texts for the spec's robots codes (the `links` namespace).
  const robotsTexts = t('links.robotsStatus', { returnObjects: true }) as Record<string, string>;
  const linkStatusTexts = t('links.linkStatus', { returnObjects: true }) as Record<string, string>;
  const linkStatuses = LINK_STATUSES.map((v) => ({ value: v, label: linkStatusTexts[v] ?? v }));
  const robots = Object.values(RobotsStatus).map((v) => ({
    value: String(v),
    label: robotsTexts[v] ?? String(v),
  }));

  const reset = hasFilters ? (
    <Button variant="ghost" size="sm" icon={<X className="size-4" aria-hidden />} onClick={onReset}>
      {t('linksUi.filters.reset')}
    </Button>
  ) : null;

  return (
    <search aria-label={t('linksUi.filters.label')} className="flex flex-col gap-3">
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
              if (e.key === 'Enter') flush();
            }}
            placeholder={t('linksUi.filters.query')}
            aria-label={t('linksUi.filters.query')}
            className="h-9 pl-9"
          />
        </div>
        <Select
          size="sm"
          className="w-44"
          aria-label={t('linksUi.filters.role')}
          value={filters.role}
          onChange={(e) => onChange('role', e.target.value)}
          placeholder={t('linksUi.filters.roles.any')}
          options={Object.values(LinkRole).map((role) => ({
            value: String(role),
            label: t(`linksUi.filters.roles.${role}`),
          }))}
        />
        {filters.addedBy ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<X className="size-4" aria-hidden />}
            onClick={() => onChange('addedBy', '')}
            aria-label={t('linksUi.filters.addedByClear', {
              name: addedByName ?? t('linksUi.filters.addedBySomeone'),
            })}
          >
            {t('linksUi.filters.addedBy', { name: addedByName ?? t('linksUi.filters.addedBySomeone') })}
          </Button>
        ) : null}
        {reset}
        {trailing}
      </div>
      {queryOnly ? null : (
        <div className={filterRowClass}>
          <ModeSelectFilter
            label={t('linksUi.filters.responseCode')}
            {...mode('code')}
            value={filters.code}
            onChange={(value) => onChange('code', value)}
            placeholder={all}
            options={[
              { value: 'good', label: t('linksUi.filters.codes.good') },
              { value: 'bad', label: t('linksUi.filters.codes.bad') },
              ...(['1', '2', '3', '4'] as const).map((g) => ({
                value: g,
                label: t(`linksUi.filters.codes.g${g}`),
              })),
            ]}
          />
          <FilterSelect
            label={t('linksUi.filters.linkStatus')}
            value={filters.linkStatus}
            onChange={(e) => onChange('linkStatus', e.target.value)}
            placeholder={all}
            options={linkStatuses}
          />
          <FilterSelect
            label={t('linksUi.deadFeed.filter')}
            value={filters.deadFeed}
            onChange={(e) => onChange('deadFeed', e.target.value)}
            placeholder={all}
            options={[
              { value: 'any', label: t('linksUi.deadFeed.anyReason') },
              ...DEAD_FEED_REASONS.map((reason) => ({
                value: reason,
                label: t(`linksUi.deadFeed.reasons.${reason}`),
              })),
            ]}
          />
          <ModeSelectFilter
            label={t('linksUi.filters.indexing')}
            {...mode('indexing')}
            value={filters.indexing}
            onChange={(value) => onChange('indexing', value)}
            placeholder={all}
            options={(['0', '1', '2'] as const).map((v) => ({
              value: v,
              label: t(`linksUi.filters.indexingValues.v${v}`),
            }))}
          />
          <ModeSelectFilter
            label={t('linksUi.filters.robots')}
            {...mode('robots')}
            value={filters.robots}
            onChange={(value) => onChange('robots', value)}
            placeholder={all}
            options={robots}
          />
          <FilterSelect
            label={t('linksUi.filters.rel')}
            value={filters.rel}
            onChange={(e) => onChange('rel', e.target.value)}
            placeholder={all}
            options={REL_ATTRIBUTES.map((r) => ({ value: r, label: r }))}
          />
          <ModeTextFilter
            label={t('linksUi.filters.anchor')}
            {...mode('anchor')}
            value={filters.anchor}
            onChange={(value) => onChange('anchor', value)}
            placeholder={t('linksUi.filters.anchorPlaceholder')}
          />
          <ModeTextFilter
            label={t('linksUi.filters.title')}
            {...mode('title')}
            wording="contains"
            value={filters.title}
            onChange={(value) => onChange('title', value)}
            placeholder={t('linksUi.filters.titlePlaceholder')}
          />
        </div>
      )}
    </search>
  );
}
