import { TaskStatus } from '@linkwatch/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { Button } from '@/ui/Button.tsx';
import { Select } from '@/ui/Select.tsx';
import { useTaskDates, useTaskTypes } from './api/tasks.ts';
import type { TaskFilters as Filters } from './api/types.ts';

type FilterName = 'status' | 'action' | 'date' | 'project';

function FilterSelect({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  name: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1 text-xs font-medium text-ink-subtle sm:max-w-56">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        name={name}
        size="sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        options={options}
        placeholder={t('tasksUi.filters.all')}
      />
    </div>
  );
}

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
  const any = Boolean(filters.status || filters.action || filters.date || filters.project);
  return (
    <fieldset className="flex flex-wrap items-end gap-3 border-b border-line px-5 py-4">
      <legend className="sr-only">{t('tasksUi.filters.label')}</legend>
      <FilterSelect
        name="status"
        label={t('tasksUi.filters.status')}
        value={filters.status}
        options={statusOptions}
        onChange={(v) => onChange('status', v)}
      />
      <FilterSelect
        name="action"
        label={t('tasksUi.filters.action')}
        value={filters.action}
        options={types.map((type) => ({
          value: String(type.id),
          label: t(`tasks.actions.${type.id}` as 'tasks.actions.2', { defaultValue: type.name }),
        }))}
        onChange={(v) => onChange('action', v)}
      />
      <FilterSelect
        name="date"
        label={t('tasksUi.filters.date')}
        value={filters.date}
        options={dates.map((day) => ({ value: day, label: format.day(day) }))}
        onChange={(v) => onChange('date', v)}
      />
      <FilterSelect
        name="project"
        label={t('tasksUi.filters.project')}
        value={filters.project}
        options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(v) => onChange('project', v)}
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
