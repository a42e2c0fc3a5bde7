import {
  type FieldErrors,
  type TWebhookDeliveryResource,
  type TWebhookResource,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from '@linkwatch/shared';
import { Plus, RotateCw, Trash2, Webhook } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  useCreateWebhook,
  useDeliveries,
  useEnableWebhook,
  useRemoveWebhook,
  useResendDelivery,
  useWebhooks,
} from './api/webhooks.ts';
import { ShownOnce } from './ShownOnce.tsx';

const errorMessage = (error: unknown, fallback: string) => (isApiError(error) ? error.fullMessage : fallback);
/** `link.changed` → the catalogue's `link_changed` (a dot would nest the key). */
const eventKey = (event: WebhookEventType) => event.replace('.', '_') as 'link_changed';
const STATUS_TONE = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

function DeliveryRow({ delivery, endpointId }: { delivery: TWebhookDeliveryResource; endpointId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = delivery.attributes;
  const resend = useResendDelivery(endpointId, {
    onSuccess: () => notify.success(t('webhooks.resent')),
    onError: (error) => notify.error(errorMessage(error, t('common.requestFailed'))),
  });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-xs" data-delivery={a.eventId}>
      <Badge tone={STATUS_TONE[a.status]}>{t(`webhooks.status.${a.status}`)}</Badge>
      <code className="text-ink">{a.eventType}</code>
      <span className="text-ink-muted">{format.dateTime(a.createdAt)}</span>
      <span className="text-ink-muted">{t('webhooks.attempts', { count: a.attempts })}</span>
      <span className="text-ink-muted">
        {a.lastStatusCode !== null
          ? t('webhooks.response', { code: a.lastStatusCode })
          : t('webhooks.noResponse')}
      </span>
      {a.nextAttemptAt ? (
        <span className="text-ink-muted">
          {t('webhooks.nextAttempt', { date: format.dateTime(a.nextAttemptAt) })}
        </span>
      ) : null}
      {a.lastError ? (
        <span className="w-full truncate text-rose-700" title={a.lastError}>
          {a.lastError}
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="ml-auto"
        loading={resend.isPending}
        icon={<RotateCw className="size-3.5" aria-hidden />}
        onClick={() => resend.mutate(delivery.id)}
      >
        {t('webhooks.resend')}
      </Button>
    </li>
  );
}

function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const log = useDeliveries(endpointId, true);
  if (log.isPending) return <Skeleton className="my-2 h-4 w-1/2" />;
  if (log.isError) return <p className="py-2 text-sm text-rose-600">{t('webhooks.logFailed')}</p>;
  if (!log.data.length) return <p className="py-2 text-sm text-ink-muted">{t('webhooks.logEmpty')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {log.data.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} endpointId={endpointId} />
      ))}
    </ul>
  );
}

function WebhookRow({ endpoint }: { endpoint: TWebhookResource }) {
  const { t } = useTranslation();
  const format = useFormat();
  const logId = useId();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const { url, events, disabledAt, failingSince } = endpoint.attributes;
  const onError = (error: Error) => notify.error(errorMessage(error, t('common.requestFailed')));
  const remove = useRemoveWebhook(endpoint.id, {
    onSuccess: () => notify.success(t('webhooks.removed')),
    onError,
  });
  const enable = useEnableWebhook(endpoint.id, {
    onSuccess: () => notify.success(t('webhooks.enabled')),
    onError,
  });
  return (
    <li className="py-3" data-webhook={url}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 text-sm font-medium text-ink">
            <Webhook className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="truncate">{url}</span>
          </p>
          <p className="mt-1 flex flex-wrap gap-1">
            {events.map((event) => (
              <Badge key={event} title={t(`webhooks.events.${eventKey(event)}`)}>
                {event}
              </Badge>
            ))}
          </p>
          {disabledAt ? (
            <p className="mt-1 text-xs text-rose-700">
              {t('webhooks.disabled', { date: format.dateTime(disabledAt) })}
            </p>
          ) : failingSince ? (
            <p className="mt-1 text-xs text-amber-700">
              {t('webhooks.failingSince', { date: format.dateTime(failingSince) })}
            </p>
          ) : null}
        </div>
        {disabledAt ? (
          <Button variant="secondary" size="sm" loading={enable.isPending} onClick={() => enable.mutate()}>
            {t('webhooks.enable')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          loading={remove.isPending}
          onClick={() => setConfirming(true)}
          aria-label={t('webhooks.remove', { url })}
        >
          {remove.isPending ? null : <Trash2 className="size-4" aria-hidden />}
        </Button>
      </div>
      <div id={logId}>{showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}</div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('webhooks.removeTitle')}
        body={t('webhooks.removeBody', { url })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('webhooks.removeConfirm')}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['link.changed', 'task.finished']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateWebhook({
    onMutate: () => setErrors({}),
    onSuccess: (endpoint) => {
      setUrl('');
      onCreated(endpoint.attributes.secret);
    },
    onError: (error) => {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else notify.error(errorMessage(error, t('common.requestFailed')));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ url, events });
  };
  const eventsError = Object.entries(errors).find(([field]) => field.startsWith('events'))?.[1];
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-b-xl border-t border-line bg-slate-50/60 px-6 py-5"
    >
      <TextField
        label={t('webhooks.url')}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/linkwatch"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('webhooks.eventsLabel')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} htmlFor={`${id}-${event}`} className="flex items-start gap-2 text-sm">
              <Checkbox
                id={`${id}-${event}`}
                className="mt-0.5"
                checked={events.includes(event)}
                onChange={(e) =>
                  setEvents((s) => (e.target.checked ? [...s, event] : s.filter((x) => x !== event)))
                }
              />
              <span>
                <code className="font-medium text-ink">{event}</code>
                <span className="block text-xs text-ink-muted">
                  {t(`webhooks.events.${eventKey(event)}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {eventsError ? <p className="mt-1 text-sm text-rose-600">{eventsError[0]}</p> : null}
      </fieldset>
      <Button type="submit" loading={create.isPending} icon={<Plus className="size-4" aria-hidden />}>
        {t('webhooks.create')}
      </Button>
    </form>
  );
}

/** Outgoing webhooks on the profile (issue 32): endpoints, the secret shown once, the log, "send again". */
export function WebhooksSection() {
  const { t } = useTranslation();
  const endpoints = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <ProfileSection title={t('webhooks.title')} description={t('webhooks.description')}>
      {secret ? (
        <ShownOnce
          label={t('webhooks.secretLabel')}
          note={t('webhooks.created')}
          value={secret}
          copyLabel={t('webhooks.copy')}
          copiedLabel={t('webhooks.copied')}
          doneLabel={t('webhooks.done')}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <div className="px-6 py-2">
        {endpoints.isPending ? (
          <div className="space-y-2 py-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : endpoints.isError ? (
          <p className="py-4 text-sm text-rose-600">{t('common.requestFailed')}</p>
        ) : endpoints.data?.length ? (
          <ul className="divide-y divide-slate-100">
            {endpoints.data.map((endpoint) => (
              <WebhookRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ) : (
          <p className="py-4 text-sm text-ink-muted">{t('webhooks.empty')}</p>
        )}
      </div>
      <CreateWebhookForm onCreated={setSecret} />
    </ProfileSection>
  );
}
