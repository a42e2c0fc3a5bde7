import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCampaigns, useDropdownSearch } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { Button } from '@/ui/Button.tsx';
import { Combobox, type ComboOption } from '@/ui/Combobox.tsx';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';

/** Move to another campaign: a searchable campaign dropdown (`filter[query]` empty or ≥ 3 characters). */
export function MoveDialog({
  open,
  onOpenChange,
  count,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  projectId?: string | number;
  pending: boolean;
  onConfirm: (campaignId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [target, setTarget] = useState<ComboOption | null>(null);
  const [search, setSearch] = useState('');
  const query = useDropdownSearch(search);
  const campaigns = useCampaigns({ query: query ?? '' }, open && query !== null);
  const options = (campaigns.data ?? []).map(
    (c): ComboOption => ({
      value: String(c.id),
      label: c.attributes.name,
      hint: `${c.attributes.projectName ?? ''} · ${t(`projects.tier.t${c.attributes.tier === 2 ? 2 : 1}`)}`,
    }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('linksUi.bulk.moveTitle', { count, value: format.number(count) })}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!target} loading={pending} onClick={() => target && onConfirm(target.value)}>
            {t('linksUi.bulk.move')}
          </Button>
        </>
      }
    >
      <Field label={t('linksUi.bulk.moveTarget')}>
        {(control) => (
          <Combobox
            {...control}
            value={target}
            onChange={setTarget}
            search={search}
            onSearch={setSearch}
            options={options}
            loading={campaigns.isFetching}
            placeholder={t('linksUi.bulk.movePlaceholder')}
            noOptionsText={t('general.select.noOptions')}
          />
        )}
      </Field>
    </Modal>
  );
}
