import { TaskStatus } from '@linkwatch/shared';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { FilterSelect, filterRowClass } from '@/ui/Select.tsx';
import { useTaskDates, useTaskTypes } from './api/tasks.ts';
import type { TaskFilters as Filters } from './api/types.ts';

type FilterName = 'status' | 'action' | 'date' | 'project';

/** Status, task type, day (from actions/dates) and project; each change goes to the URL. */
export function TaskFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (name: FilterName, value: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const types = useTaskTypes().data ?? [];
  const dates = useTaskDates().data ?? [];
  const projects = useProjectOptions().data ?? [];
  const statusOptions = [
    { value: 'active', label: t('tasksUi.filters.active') },
    ...[TaskStatus.Waiting, TaskStatus.Process, TaskStatus.Done, TaskStatus.Fail].map((code) => ({
      value: String(code),
      label: t(`tasks.statuses.${code}` as 'tasks.statuses.0'),
    })),
  ];
  const all = t('general.select.allOption');
  const any = Boolean(filters.status || filters.action || filters.date || filters.project);
  return (
    <fieldset className={cn(filterRowClass, 'border-b border-line px-5 py-4')}>
      <legend className="sr-only">{t('tasksUi.filters.label')}</legend>
      <FilterSelect
        name="status"
        placeholder={all}
        label={t('tasksUi.filters.status')}
        value={filters.status ?? ''}
        options={statusOptions}
        onChange={(e) => onChange('status', e.target.value)}
      />
      <FilterSelect
        name="action"
        placeholder={all}
        label={t('tasksUi.filters.action')}
        value={filters.action ?? ''}
        options={types.map((type) => ({
          value: String(type.id),
          label: t(`tasks.actions.${type.id}` as 'tasks.actions.2', { defaultValue: type.name }),
        }))}
        onChange={(e) => onChange('action', e.target.value)}
      />
      <FilterSelect
        name="date"
        placeholder={all}
        label={t('tasksUi.filters.date')}
        value={filters.date ?? ''}
        options={dates.map((day) => ({ value: day, label: format.day(day) }))}
        onChange={(e) => onChange('date', e.target.value)}
      />
      <FilterSelect
        name="project"
        placeholder={all}
        label={t('tasksUi.filters.project')}
        value={filters.project ?? ''}
        options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(e) => onChange('project', e.target.value)}
      />
      {any ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<X className="size-3.5" aria-hidden />}
          onClick={() => {
            for (const name of ['status', 'action', 'date', 'project'] as const) onChange(name, '');
          }}
        >
          {t('tasksUi.filters.reset')}
        </Button>
      ) : null}
    </fieldset>
  );
}
