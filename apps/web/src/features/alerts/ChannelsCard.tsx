import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { intlTag } from '@/lib/locale.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  type AlertChannel,
  type AlertOverview,
  type TelegramConnect,
  useConnectSlack,
  useConnectTelegram,
  useRemoveChannel,
  useResumeChannel,
} from './api/alerts.ts';

const TONE = { active: 'success', pending: 'warning', paused: 'danger' } as const;

function StatusLine({ channel, readOnly }: { channel: AlertChannel; readOnly: boolean }) {
  const { t } = useTranslation();
  const remove = useRemoveChannel();
  const resume = useResumeChannel();
  const { status, target, lastError } = channel.attributes;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink">
        <Badge tone={TONE[status]}>{t(`alerts.statuses.${status}`)}</Badge>
        {status !== 'pending' && target ? (
          <span className="break-all">{t('alerts.ui.connectedTo', { target })}</span>
        ) : null}
        {readOnly ? null : (
          <span className="ml-auto flex gap-2">
            {status === 'paused' ? (
              <Button
                size="sm"
                variant="secondary"
                loading={resume.isPending}
                onClick={() => resume.mutate(channel.id)}
              >
                {t('alerts.ui.resume')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => remove.mutate(channel.id)}
            >
              {t('alerts.ui.remove')}
            </Button>
          </span>
        )}
      </div>
      {status === 'paused' ? (
        <Alert tone="warning">{t('alerts.ui.pausedHint', { error: lastError ?? '' })}</Alert>
      ) : null}
    </div>
  );
}

function SlackSection({ channel, readOnly }: { channel: AlertChannel | undefined; readOnly: boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const connect = useConnectSlack();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(url, { onSuccess: () => setUrl('') });
  };
  const fieldErrors = isApiError(connect.error, 422) ? connect.error.fieldErrors.url : undefined;
  return (
    <section aria-labelledby="alerts-slack" className="space-y-3">
      <h3 id="alerts-slack" className="text-sm font-semibold text-ink">
        {t('alerts.channels.slack')}
      </h3>
      {channel ? <StatusLine channel={channel} readOnly={readOnly} /> : null}
      {readOnly ? (
        channel ? null : (
          <p className="text-sm text-ink-muted">{t('alerts.ui.notConnected')}</p>
        )
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <TextField
            label={t('alerts.ui.slackUrl')}
            hint={t('alerts.ui.slackHelp')}
            type="url"
            required
            placeholder="https://hooks.slack.com/services/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={fieldErrors ?? (connect.isError && !fieldErrors ? [connect.error.message] : undefined)}
            className="min-w-0 flex-1 basis-72"
          />
          <Button type="submit" variant="secondary" loading={connect.isPending}>
            {t('alerts.ui.connectSlack')}
          </Button>
        </form>
      )}
    </section>
  );
}

function TelegramSection({
  channel,
  available,
  readOnly,
}: {
  channel: AlertChannel | undefined;
  available: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [started, setStarted] = useState<TelegramConnect | null>(null);
  const connect = useConnectTelegram();
  const waiting = channel?.attributes.status === 'pending';
  // A first link shows until the chat connects; a new link for a connected chat, until the page is left.
  const showLink = started !== null && (waiting || started.channel.attributes.status === 'active');
  const time = started
    ? new Intl.DateTimeFormat(intlTag(locale), { timeStyle: 'short' }).format(new Date(started.expiresAt))
    : '';
  return (
    <section aria-labelledby="alerts-telegram" className="space-y-3">
      <h3 id="alerts-telegram" className="text-sm font-semibold text-ink">
        {t('alerts.channels.telegram')}
      </h3>
      {!available ? (
        <Alert tone="info">{t('alerts.ui.telegramOff')}</Alert>
      ) : (
        <>
          {channel ? <StatusLine channel={channel} readOnly={readOnly} /> : null}
          {readOnly && !channel ? (
            <p className="text-sm text-ink-muted">{t('alerts.ui.notConnected')}</p>
          ) : null}
          {showLink ? (
            <div className="space-y-2 text-sm text-ink">
              <p>{t('alerts.ui.telegramStart', { time })}</p>
              <a
                href={started.startUrl}
                target="_blank"
                rel="noreferrer"
                className={buttonClass({ variant: 'primary' })}
              >
                {t('alerts.ui.openTelegram')}
              </a>
              <p role="status" className="text-ink-muted">
                {t('alerts.ui.waiting')}
              </p>
            </div>
          ) : null}
          {readOnly ? null : (
            <Button
              variant="secondary"
              loading={connect.isPending}
              onClick={() => connect.mutate(undefined, { onSuccess: setStarted })}
            >
              {channel ? t('alerts.ui.newTelegramLink') : t('alerts.ui.connectTelegram')}
            </Button>
          )}
          {connect.isError ? <Alert tone="error">{connect.error.message}</Alert> : null}
        </>
      )}
    </section>
  );
}

/** The user's Slack webhook and Telegram chat, shared by all projects; `readOnly` shows their state only. */
export function ChannelsCard({
  overview,
  readOnly = false,
}: {
  overview: AlertOverview;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const of = (kind: string) => overview.channels.find((c) => c.attributes.kind === kind);
  return (
    <Card>
      <CardHeader title={t('alerts.ui.channelsTitle')} />
      <CardBody className="space-y-8">
        <SlackSection channel={of('slack')} readOnly={readOnly} />
        <TelegramSection
          channel={of('telegram')}
          available={overview.telegram.available}
          readOnly={readOnly}
        />
      </CardBody>
    </Card>
  );
}
