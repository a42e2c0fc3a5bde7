import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useCampaigns } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Select } from '@/ui/Select.tsx';
import { useTrackCrawlers } from './api/crawlerWrites.ts';

/**
 * "Add to campaign" (`POST crawlers/track`): the chosen records' referring pages become links of one
 * of the project's campaigns; pages it already has are counted, not added twice.
 */
export function TrackDialog({
  project,
  ids,
  onOpenChange,
  onDone,
  refreshLinks,
}: {
  project: string;
  /** The records to add; null keeps the dialog closed. */
  ids: readonly number[] | null;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
  /** The links feature's refresh: added pages show in the campaign's lists (the page composes both). */
  refreshLinks: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const open = ids !== null;
  const [campaign, setCampaign] = useState('');
  const campaigns = useCampaigns({ project }, open);
  const count = ids?.length ?? 0;
  const track = useTrackCrawlers(
    { project: Number(project), campaign: Number(campaign), ids: [...(ids ?? [])] },
    {
      refreshAlso: refreshLinks,
      onSuccess: (result) => {
        notify.success(
          t('crawlersUi.track.done', {
            added: format.number(result.added),
            already: format.number(result.already),
          }),
        );
        close(false);
        onDone();
      },
    },
  );
  const errors = isApiError(track.error, 422) ? track.error.fieldErrors : {};
  const generalError =
    track.error && !errors.campaign
      ? isApiError(track.error)
        ? track.error.fullMessage
        : track.error.message
      : null;
  const close = (next: boolean) => {
    if (!next) {
      setCampaign('');
      track.reset();
    }
    onOpenChange(next);
  };
  const options = (campaigns.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.attributes.name} · ${t(`projects.tier.t${c.attributes.tier === 2 ? 2 : 1}`)}`,
  }));

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('crawlersUi.track.title', { count, value: format.number(count) })}
      description={t('crawlersUi.track.body')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!campaign} loading={track.isPending} onClick={() => track.mutate()}>
            {t('crawlersUi.track.submit')}
          </Button>
        </>
      }
    >
      {campaigns.data?.length === 0 ? (
        <Alert tone="info">{t('crawlersUi.track.noCampaigns')}</Alert>
      ) : (
        <Field label={t('crawlersUi.track.campaign')} error={errors.campaign}>
          {(control) => (
            <Select
              {...control}
              name="campaign"
              className="w-full"
              value={campaign}
              onChange={(e) => setCampaign(e.target.value)}
              placeholder={t('crawlersUi.track.placeholder')}
              options={options}
            />
          )}
        </Field>
      )}
      {generalError ? (
        <Alert tone="error" className="mt-4">
          {generalError}
        </Alert>
      ) : null}
    </Modal>
  );
}
