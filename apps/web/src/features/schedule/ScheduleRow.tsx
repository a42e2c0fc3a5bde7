import {
  ActionCode,
  type FieldErrors,
  issuesToFieldErrors,
  ScheduleAction,
  ZCreateScheduleRequest,
} from '@linkwatch/shared';
import { Info } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useDemoNote, useUnavailableReason } from '@/features/tasks';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Input } from '@/ui/Input.tsx';
import { Switch } from '@/ui/Switch.tsx';
import { Td } from '@/ui/Table.tsx';
import { type Schedule, useSaveSchedule } from './api/schedule.ts';

type Draft = { isActive: boolean; interval: string; time: string; startAt: string };

const today = () => new Date().toISOString().slice(0, 10);

/** A row's values: its schedule's, or for a campaign not scheduled yet the defaults at the campaign's time. */
export function draftOf(schedule: Schedule | null, campaignTime = '00:00'): Draft {
  if (!schedule) return { isActive: false, interval: '1', time: campaignTime, startAt: today() };
  const a = schedule.attributes;
  return {
    isActive: a.isActive,
    interval: String(a.interval),
    time: a.time,
    startAt: a.startAt.slice(0, 10),
  };
}

/** An input with its messages under it; the label is for screen readers (the column header shows it). */
function Cell({
  label,
  errors,
  children,
}: {
  label: string;
  errors: string[] | undefined;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    'aria-label': string;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      {children({
        id,
        'aria-label': label,
        'aria-invalid': errors?.length ? true : undefined,
        'aria-describedby': errors?.length ? errorId : undefined,
      })}
      {errors?.length ? (
        <p id={errorId} className="mt-1 max-w-48 text-xs text-rose-600" data-field-error>
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What runs the scheduled index checks, said only when it is not a real search service: none (they
 * cannot start) or the offline demo's stand-in (they run, on its answers). Read from `GET actions/list`.
 */
function IndexingProviderNote() {
  const { t } = useTranslation();
  const unavailable = useUnavailableReason(ActionCode.CheckIndexing);
  const demo = useDemoNote(ActionCode.CheckIndexing);
  const note = unavailable ? t('scheduleUi.needsProvider') : demo ? t('scheduleUi.demoProvider') : null;
  if (!note) return null;
  return (
    <p className="mt-0.5 flex max-w-56 items-start gap-1 text-xs text-ink-subtle" data-testid="provider-note">
      <Info className="mt-0.5 size-3 shrink-0" aria-hidden />
      {note}
    </p>
  );
}

/**
 * One scheduled action of a campaign: on/off, period in days, time (UTC) and start date, saved with
 * its own button. The shared request schema checks the row first, so a negative period is refused
 * with the spec's message before any request.
 */
export function ScheduleRow({
  campaign,
  action,
  schedule,
  first,
}: {
  campaign: { id: number; name: string; time?: string };
  action: number;
  schedule: Schedule | null;
  first?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const format = useFormat();
  // Issue 27: a member without schedules.manage sees the schedule, read-only, with no save button.
  const readOnly = !useCan('schedules.manage');
  const [draft, setDraft] = useState(() => draftOf(schedule, campaign.time));
  const [errors, setErrors] = useState<FieldErrors>({});
  const saved = draftOf(schedule, campaign.time);
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((key) => draft[key] !== saved[key]);
  const task = t(`schedules.actions.${action}` as 'schedules.actions.2');
  const names = { task, campaign: campaign.name };
  const indexing = action === ScheduleAction.AutoCheckIndexing;

  const save = useSaveSchedule({
    onSuccess: () => {
      setErrors({});
      notify.success(t('scheduleUi.saved'));
    },
    onError: (error) => {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
    },
  });

  const submit = () => {
    const parsed = ZCreateScheduleRequest.safeParse({
      action,
      campaign: campaign.id,
      isActive: draft.isActive,
      interval: draft.interval.trim() === '' ? undefined : draft.interval,
      time: draft.time,
      startAt: draft.startAt || null,
    });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues, locale));
      return;
    }
    setErrors({});
    save.mutate({ id: schedule?.id ?? null, body: parsed.data });
  };

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const next = schedule?.attributes.nextRunAt;

  return (
    <tr className={cn('align-top', dirty && 'bg-amber-50/40')} data-schedule-row={`${campaign.id}-${action}`}>
      {first}
      {/* Never the table's first column, though it is its row's first cell under the campaign's rowspan:
          without first:pl-3! the second row's task took the first column's wider padding. */}
      <Td className="first:pl-3!" data-testid="schedule-task">
        <p className="text-sm whitespace-nowrap text-ink">{task}</p>
        {indexing ? <IndexingProviderNote /> : null}
      </Td>
      <Td>
        <Switch
          checked={draft.isActive}
          onCheckedChange={(isActive) => set({ isActive })}
          disabled={readOnly}
          label={t('scheduleUi.fields.active', names)}
        />
      </Td>
      <Td>
        <Cell label={t('scheduleUi.fields.interval', names)} errors={errors.interval}>
          {(props) => (
            <Input
              {...props}
              name="interval"
              disabled={readOnly}
              type="number"
              inputMode="numeric"
              step={1}
              className="h-8 w-20 tabular-nums"
              value={draft.interval}
              onChange={(e) => set({ interval: e.target.value })}
            />
          )}
        </Cell>
      </Td>
      <Td>
        <Cell label={t('scheduleUi.fields.time', names)} errors={errors.time}>
          {(props) => (
            <Input
              {...props}
              name="time"
              disabled={readOnly}
              type="time"
              className="h-8 w-28 tabular-nums"
              value={draft.time}
              onChange={(e) => set({ time: e.target.value })}
            />
          )}
        </Cell>
      </Td>
      <Td>
        <Cell label={t('scheduleUi.fields.startAt', names)} errors={errors.startAt}>
          {(props) => (
            <Input
              {...props}
              name="startAt"
              disabled={readOnly}
              type="date"
              className="h-8 w-40 tabular-nums"
              value={draft.startAt}
              onChange={(e) => set({ startAt: e.target.value })}
            />
          )}
        </Cell>
      </Td>
      <Td className="text-xs whitespace-nowrap text-ink-muted">
        {schedule?.attributes.isActive && next
          ? format.dateTime(next)
          : schedule
            ? t('scheduleUi.off')
            : t('scheduleUi.notScheduled')}
      </Td>
      <Td className="text-right">
        {readOnly ? null : (
          <Button
            size="sm"
            variant={dirty ? 'primary' : 'secondary'}
            disabled={!dirty && !Object.keys(errors).length}
            loading={save.isPending}
            onClick={submit}
          >
            {t('scheduleUi.save')}
          </Button>
        )}
      </Td>
    </tr>
  );
}
