import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { useExportLinks } from './api/linkWrites.ts';

/** spec point 2: the export modal with two radio formats, CSV and XLS (xlsx file). */
export function ExportModal({
  open,
  onOpenChange,
  query,
  selected,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list filters (tab, campaign or project, filters). */
  query: Query;
  selected: readonly number[];
}) {
  const { t } = useTranslation();
  const numbers = useFormat();
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [mailed, setMailed] = useState<number | null>(null);
  const run = useExportLinks(
    { query, selected, format },
    {
      onSuccess: (outcome) => {
        if (outcome.kind === 'mailed') return setMailed(outcome.count);
        notify.success(t('linksUi.export.downloaded'));
        onOpenChange(false);
      },
    },
  );
  const change = (next: boolean) => {
    if (!next) {
      setMailed(null);
      run.reset();
    }
    onOpenChange(next);
  };
  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={t('linksUi.export.title')}
      description={t('linksUi.export.description')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        mailed !== null ? (
          <Button onClick={() => change(false)}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => run.mutate()} loading={run.isPending}>
              {t('linksUi.export.submit')}
            </Button>
          </>
        )
      }
    >
      {mailed !== null ? (
        <Alert tone="success">
          {t('linksUi.export.mailed', { count: mailed, value: numbers.number(mailed) })}
        </Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-muted">
            {selected.length
              ? t('linksUi.export.selectedScope', {
                  count: selected.length,
                  value: numbers.number(selected.length),
                })
              : t('linksUi.export.filteredScope')}
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">
              {t('linksUi.export.format')}
            </legend>
            <RadioCards
              label={t('linksUi.export.format')}
              name="format"
              value={format}
              onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
              items={[
                { value: 'csv', label: t('linksUi.export.csv'), description: t('linksUi.export.csvHint') },
                { value: 'xlsx', label: t('linksUi.export.xls'), description: t('linksUi.export.xlsHint') },
              ]}
            />
          </fieldset>
          {run.isError ? <Alert tone="error">{run.error.message}</Alert> : null}
        </div>
      )}
    </Modal>
  );
}
