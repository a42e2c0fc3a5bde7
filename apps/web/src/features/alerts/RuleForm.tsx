import {
  ALERT_CHANNELS,
  ALERT_EVENTS,
  type AlertChannel,
  type AlertEvent,
  type AlertMode,
  type FieldErrors,
} from '@linkwatch/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { type AlertOverview, type AlertRule, useSaveAlertRule } from './api/alerts.ts';
import { SaveFooter } from './SaveFooter.tsx';

const toggled = <T,>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** A project's rule: which changes, to which channels, at once or in the digest. */
export function RuleForm({
  project,
  rule,
  overview,
  readOnly = false,
}: {
  project: string;
  rule: AlertRule;
  overview: AlertOverview;
  /** Shown, not changeable: a member without `projects.manage`. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [events, setEvents] = useState<AlertEvent[]>(rule.attributes.events);
  const [channels, setChannels] = useState<AlertChannel[]>(rule.attributes.channels);
  // An endpoint deleted since the rule was saved is no longer offered, nor sent back.
  const [webhookIds, setWebhookIds] = useState<number[]>(
    rule.attributes.webhookIds.filter((id) => overview.webhooks.some((w) => w.id === id)),
  );
  const [mode, setMode] = useState<AlertMode>(rule.attributes.mode);
  const [threshold, setThreshold] = useState(String(rule.attributes.balanceThreshold ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveAlertRule(project);
  const to = useLocalePath();
  const connected = new Set(
    overview.channels.filter((c) => c.attributes.status !== 'pending').map((c) => c.attributes.kind),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        events,
        channels,
        webhookIds,
        mode,
        balanceThreshold: threshold.trim() === '' ? null : Number(threshold),
      },
      { onError: (error) => isApiError(error, 422) && setErrors(error.fieldErrors) },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} aria-labelledby="alert-rule-title">
        <CardHeader
          titleId="alert-rule-title"
          title={t('alerts.ui.ruleTitle')}
          description={t('alerts.ui.intro')}
        />
        {/* A disabled fieldset disables every control in it, the radio cards included. */}
        <fieldset disabled={readOnly} className="min-w-0">
          <CardBody className="space-y-6">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink">{t('alerts.ui.eventsLegend')}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {ALERT_EVENTS.map((e) => (
                  <label
                    key={e}
                    htmlFor={`alert-event-${e}`}
                    className="flex items-center gap-2 text-sm text-ink"
                  >
                    <Checkbox
                      id={`alert-event-${e}`}
                      checked={events.includes(e)}
                      onChange={() => setEvents(toggled(events, e))}
                      name="events"
                      value={e}
                    />
                    {t(`alerts.events.${e}`)}
                  </label>
                ))}
              </div>
              {errors.events ? <p className="mt-1 text-sm text-rose-600">{errors.events[0]}</p> : null}
            </fieldset>
            {events.includes('balanceLow') ? (
              <TextField
                label={t('alerts.ui.threshold')}
                type="number"
                min={0}
                inputMode="numeric"
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
                error={errors.balanceThreshold}
                className="max-w-xs"
              />
            ) : null}
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink">{t('alerts.ui.channelsLegend')}</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {ALERT_CHANNELS.map((c) => {
                  const available = c === 'email' || connected.has(c);
                  return (
                    <label
                      key={c}
                      htmlFor={`alert-channel-${c}`}
                      className="flex items-center gap-2 text-sm text-ink"
                    >
                      <Checkbox
                        id={`alert-channel-${c}`}
                        checked={channels.includes(c)}
                        disabled={!available && !channels.includes(c)}
                        onChange={() => setChannels(toggled(channels, c))}
                        name="channels"
                        value={c}
                      />
                      {t(`alerts.channels.${c}`)}
                      {available ? null : (
                        <span className="text-ink-muted">({t('alerts.ui.notConnected')})</span>
                      )}
                    </label>
                  );
                })}
              </div>
              {errors.channels ? <p className="mt-1 text-sm text-rose-600">{errors.channels[0]}</p> : null}
            </fieldset>
            <fieldset aria-describedby="alert-webhooks-hint">
              <legend className="mb-1 text-sm font-medium text-ink">{t('alerts.ui.webhooksLegend')}</legend>
              <p id="alert-webhooks-hint" className="mb-2 text-sm text-ink-muted">
                {t('alerts.ui.webhooksHint')}
              </p>
              {overview.webhooks.length === 0 ? (
                <p className="text-sm text-ink-muted">
                  {t('alerts.ui.noWebhooks')}{' '}
                  <Link to={to('/profile')} className="font-medium text-brand-700 underline">
                    {t('alerts.ui.addWebhook')}
                  </Link>
                </p>
              ) : (
                <div className="flex flex-col gap-2">
                  {overview.webhooks.map((w) => (
                    <label
                      key={w.id}
                      htmlFor={`alert-webhook-${w.id}`}
                      className="flex items-center gap-2 text-sm break-all text-ink"
                    >
                      <Checkbox
                        id={`alert-webhook-${w.id}`}
                        checked={webhookIds.includes(w.id)}
                        onChange={() => setWebhookIds(toggled(webhookIds, w.id))}
                        name="webhookIds"
                        value={String(w.id)}
                      />
                      {t('alerts.ui.webhookTo', { target: w.target })}
                      {w.disabled ? (
                        <span className="text-ink-muted">({t('alerts.ui.webhookDisabled')})</span>
                      ) : null}
                    </label>
                  ))}
                </div>
              )}
              {errors.webhookIds ? (
                <p className="mt-1 text-sm text-rose-600">{errors.webhookIds[0]}</p>
              ) : null}
            </fieldset>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink">{t('alerts.ui.modeLegend')}</legend>
              <RadioCards
                label={t('alerts.ui.modeLegend')}
                value={mode}
                onChange={(value) => setMode(value as AlertMode)}
                items={[
                  { value: 'immediate', label: t('alerts.ui.immediate') },
                  { value: 'digest', label: t('alerts.ui.digest') },
                ]}
              />
            </fieldset>
            {save.isError && !isApiError(save.error, 422) ? (
              <Alert tone="error">{save.error.message}</Alert>
            ) : null}
          </CardBody>
        </fieldset>
        <SaveFooter save={save} readOnly={readOnly} />
      </form>
    </Card>
  );
}
