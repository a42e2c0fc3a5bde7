import { DISAVOW_REASON_MAX, DISAVOW_SPAM_SCORE_KEY, type DisavowMode } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, type Query } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { type DisavowVersion, useChangeDisavow } from './api/disavow.ts';
import { disavowPath } from './paths.ts';

/** The ticked links, or every link the table's filters select (its `filter[...]` query) and how many. */
export type DisavowSelection = { links: readonly number[] } | { filter: Query; count: number | undefined };

/**
 * "Add to disavow" from the links table: the mode (the donors' domains or their URLs), the reason and
 * how many links; for all filtered links, the spam-score flag too. On success it says which version was
 * saved and links to the project's disavow list.
 */
export function AddToDisavowDialog({
  open,
  onOpenChange,
  projectId,
  selection,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string | number;
  selection: DisavowSelection;
  onSaved?: (version: DisavowVersion) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const [mode, setMode] = useState<DisavowMode>('domain');
  const [reason, setReason] = useState('');
  const [spamScore, setSpamScore] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState<DisavowVersion | null>(null);
  const change = useChangeDisavow(projectId);
  const filtered = 'filter' in selection;
  const count = filtered ? selection.count : selection.links.length;

  const close = (next: boolean) => {
    if (!next) {
      setSaved(null);
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = () => {
    setErrors({});
    const body = filtered
      ? {
          reason,
          mode,
          filter: {
            ...selection.filter,
            ...(spamScore.trim() ? { [DISAVOW_SPAM_SCORE_KEY]: spamScore.trim() } : {}),
          },
        }
      : { reason, mode, links: [...selection.links] };
    change.mutate(body, {
      onSuccess: (result) => {
        setSaved(result);
        notify.success(t('disavow.saved', { number: result.attributes.number }));
        onSaved?.(result);
      },
      onError: (error) => {
        if (isApiError(error, 422)) setErrors({ ...error.fieldErrors, _: [error.message] });
        else notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
      },
    });
  };

  const listLink = (
    <Link to={to(disavowPath(projectId))} className={buttonClass({ variant: saved ? 'primary' : 'ghost' })}>
      {t('disavow.openList')}
    </Link>
  );
  const other = Object.entries(errors)
    .filter(([field]) => !['reason', 'mode', '_'].includes(field) && !field.startsWith('filter.filter.spam'))
    .flatMap(([, messages]) => messages);

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('disavow.dialogTitle')}
      closeLabel={t('common.close')}
      size="md"
      footer={
        saved ? (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.close')}
            </Button>
            {listLink}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={change.isPending} disabled={reason.trim() === ''}>
              {t('disavow.submit')}
            </Button>
          </>
        )
      }
    >
      {saved ? (
        <Alert tone="success">{t('disavow.saved', { number: saved.attributes.number })}</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-muted" data-testid="disavow-count">
            {count === undefined
              ? t('disavow.addFiltered')
              : t(filtered ? 'disavow.filteredCount' : 'disavow.selectedCount', {
                  count,
                  value: format.number(count),
                })}
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('disavow.mode')}</legend>
            <RadioCards
              label={t('disavow.mode')}
              value={mode}
              onChange={(value) => setMode(value as DisavowMode)}
              items={(['domain', 'url'] as const).map((value) => ({
                value,
                label: t(`disavow.modes.${value}`),
                description: t(`disavow.modeHints.${value}`),
              }))}
            />
          </fieldset>
          <TextField
            label={t('disavow.reason')}
            hint={t('disavow.reasonHint')}
            placeholder={t('disavow.reasonPlaceholder')}
            value={reason}
            maxLength={DISAVOW_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
          {filtered ? (
            <TextField
              label={t('disavow.spamScore')}
              hint={t('disavow.spamScoreHint')}
              inputMode="numeric"
              value={spamScore}
              optional
              onChange={(e) => setSpamScore(e.target.value)}
              error={Object.entries(errors)
                .filter(([field]) => field.startsWith('filter.filter.spam'))
                .flatMap(([, messages]) => messages)}
            />
          ) : null}
          {errors._ || other.length > 0 ? (
            <Alert tone="error">{[...(other.length > 0 ? other : (errors._ ?? []))].join(' ')}</Alert>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
