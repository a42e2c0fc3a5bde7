import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { Select } from '@/ui/Select.tsx';
import { type AlertOverview, useSaveAlertSettings } from './api/alerts.ts';
import { SaveFooter } from './SaveFooter.tsx';

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...all])];
}

/** When the daily digest goes out: an hour in the user's time zone. */
export function DigestCard({ overview, readOnly = false }: { overview: AlertOverview; readOnly?: boolean }) {
  const { t } = useTranslation();
  const [timeZone, setTimeZone] = useState(overview.settings.timeZone);
  const [hour, setHour] = useState(overview.settings.digestHour);
  const save = useSaveAlertSettings();
  const zones = useMemo(
    () => timeZones(overview.settings.timeZone).map((z) => ({ value: z, label: z })),
    [overview.settings.timeZone],
  );
  const hours = Array.from({ length: 24 }, (_, h) => ({
    value: String(h),
    label: `${String(h).padStart(2, '0')}:00`,
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ timeZone, digestHour: hour });
  };
  return (
    <Card>
      <form onSubmit={submit} aria-labelledby="alerts-digest">
        <CardHeader titleId="alerts-digest" title={t('alerts.ui.digestTitle')} />
        <CardBody className="flex flex-wrap gap-4">
          <label
            htmlFor="alerts-time-zone"
            className="flex min-w-0 flex-col gap-1 text-sm font-medium text-ink"
          >
            {t('alerts.ui.timeZone')}
            <Select
              options={zones}
              disabled={readOnly}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              className="w-64 max-w-full"
            />
          </label>
          <label htmlFor="alerts-hour" className="flex flex-col gap-1 text-sm font-medium text-ink">
            {t('alerts.ui.hour')}
            <Select
              options={hours}
              disabled={readOnly}
              value={String(hour)}
              onChange={(e) => setHour(Number(e.target.value))}
              className="w-28"
            />
          </label>
          {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
        </CardBody>
        <SaveFooter save={save} readOnly={readOnly} />
      </form>
    </Card>
  );
}
