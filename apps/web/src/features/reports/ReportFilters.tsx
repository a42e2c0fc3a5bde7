import { REPORT_CHANGE_TYPES, type ReportChangeType } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '@/features/projects';
import { useCampaignOptions } from '@/features/tasks';
import { FilterSelect, filterRowClass } from '@/ui/Select.tsx';
import type { ReportFilters as Filters, ReportCounts } from './api/types.ts';

export type ReportFilterName = 'project' | 'campaign' | 'type';

/** Project (required by the report), campaign of that project, and change type with its count. */
export function ReportFilters({
  filters,
  counts,
  onChange,
}: {
  filters: Filters;
  counts: ReportCounts | undefined;
  onChange: (name: ReportFilterName, value: string) => void;
}) {
  const { t } = useTranslation();
  const projects = useProjectOptions().data ?? [];
  const campaigns = useCampaignOptions(filters.project ?? '').data ?? [];
  const typeLabel = (type: ReportChangeType) => {
    const name = t(`reports.changesTypes.${type}`);
    return counts ? `${name} (${counts.types[type] ?? 0})` : name;
  };
  return (
    <fieldset className={filterRowClass}>
      <legend className="sr-only">{t('reportsUi.filters.label')}</legend>
      <FilterSelect
        label={t('reportsUi.filters.project')}
        wide
        name="project"
        value={filters.project ?? ''}
        onChange={(e) => onChange('project', e.target.value)}
        placeholder={t('reportsUi.filters.chooseProject')}
        options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
        aria-required
      />
      <FilterSelect
        label={t('reportsUi.filters.campaign')}
        name="campaign"
        value={filters.campaign ?? ''}
        disabled={!filters.project}
        onChange={(e) => onChange('campaign', e.target.value)}
        placeholder={t('general.select.allOption')}
        options={campaigns.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FilterSelect
        label={t('reportsUi.filters.type')}
        name="type"
        value={filters.type ?? ''}
        disabled={!filters.project}
        onChange={(e) => onChange('type', e.target.value)}
        placeholder={t('general.select.allOption')}
        options={REPORT_CHANGE_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
      />
    </fieldset>
  );
}
