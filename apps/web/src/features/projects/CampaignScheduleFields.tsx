import { WEEKDAYS } from '@linkwatch/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { Select } from '@/ui/Select.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: pad(h), label: pad(h) }));
const MINUTES = Array.from({ length: 60 }, (_, m) => ({ value: pad(m), label: pad(m) }));

export type CampaignSchedule = { weekdays: number[]; time: string };

/**
 * Company settings (spec point 2): the weekday checkboxes and the hour and minute selects of a
 * campaign's scheduled checks. At least one day must stay ticked (requiredOneOfTheCheckboxGroup): the
 * group's error is shown under it.
 */
export function CampaignScheduleFields({
  value,
  onChange,
  errors,
}: {
  value: CampaignSchedule;
  onChange: (next: CampaignSchedule) => void;
  errors: { weekdays?: readonly string[]; time?: readonly string[] };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [hour, minute] = value.time.split(':');
  const toggle = (day: number, on: boolean) =>
    onChange({
      ...value,
      weekdays: on ? [...value.weekdays, day].sort((a, b) => a - b) : value.weekdays.filter((d) => d !== day),
    });
  const weekdayError = errors.weekdays?.[0];
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-ink">{t('projects.settings.scheduleTitle')}</h3>
        <p className="mt-0.5 text-xs text-ink-subtle">{t('projects.settings.scheduleHint')}</p>
      </div>
      <fieldset aria-describedby={weekdayError ? `${id}-weekdays-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">
          {t('projects.settings.weekdays')}
        </legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              htmlFor={`${id}-day-${day}`}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300"
            >
              <Checkbox
                id={`${id}-day-${day}`}
                name="weekdays"
                value={day}
                checked={value.weekdays.includes(day)}
                onChange={(e) => toggle(day, e.target.checked)}
              />
              <span className="capitalize">{format.weekday(day)}</span>
            </label>
          ))}
        </div>
        {weekdayError ? (
          <p id={`${id}-weekdays-error`} className="mt-1.5 text-sm text-rose-600" data-field-error>
            {weekdayError}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('projects.settings.time')}</legend>
        <div className="flex items-center gap-2">
          <Select
            className="w-24"
            aria-label={t('projects.settings.hour')}
            name="hour"
            value={hour}
            options={HOURS}
            onChange={(e) => onChange({ ...value, time: `${e.target.value}:${minute}` })}
          />
          <span aria-hidden>:</span>
          <Select
            className="w-24"
            aria-label={t('projects.settings.minute')}
            name="minute"
            value={minute}
            options={MINUTES}
            onChange={(e) => onChange({ ...value, time: `${hour}:${e.target.value}` })}
          />
        </div>
        {errors.time?.[0] ? <p className="mt-1.5 text-sm text-rose-600">{errors.time[0]}</p> : null}
      </fieldset>
    </div>
  );
}
