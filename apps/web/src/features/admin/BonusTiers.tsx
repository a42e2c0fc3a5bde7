import { ADMIN_REASON_MAX, PAYMENT_LEVELS_MAX } from '@linkwatch/shared';
import { Gift, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { type BonusTier, usePaymentLevels, useSavePaymentLevels } from './api/admin.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Draft = { min: string; max: string; percent: string; reason: string };
/** The tier a dialog edits: its index in the list sent (the list's length for a new one). */
type Editing = { index: number; draft: Draft };

const draftOf = (tier?: BonusTier): Draft => ({
  min: tier ? String(tier.min) : '',
  max: tier?.max == null ? '' : String(tier.max),
  percent: tier ? String(tier.percent) : '',
  reason: '',
});

/** A blank number is sent as NaN so the server names the field (an empty "to" is no upper bound). */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * The bonus tiers (payment levels, issue 28): what a payment earns by its amount. Every change sends
 * the whole set; the server refuses overlapping tiers with the field of the tier at fault (422), shown
 * at that field of the dialog. Deleting asks first. Each change is an audit row with before and after.
 */
export function BonusTiers() {
  const { t } = useTranslation();
  const format = useFormat();
  const levels = usePaymentLevels();
  const save = useSavePaymentLevels();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const tiers = levels.data ?? [];
  const headers = ['min', 'max', 'percent'] as const;
  const failure = isApiError(save.error) ? save.error : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const { index, draft } = editing;
    const tier: BonusTier = {
      min: number(draft.min),
      max: draft.max.trim() === '' ? null : number(draft.max),
      percent: number(draft.percent),
    };
    const next = [...tiers];
    next[index] = tier;
    save.mutate(
      { levels: next, reason: draft.reason.trim() || undefined },
      {
        onSuccess: () => {
          setEditing(null);
          notify.success(t('admin.levels.saved'));
        },
      },
    );
  };
  const fieldError = (field: keyof BonusTier) =>
    editing ? failure?.fieldErrors[`levels.${editing.index}.${field}`] : undefined;
  // An error of another tier (the one a new range overlaps) or of the whole request.
  const otherErrors =
    failure && editing
      ? Object.entries(failure.fieldErrors)
          .filter(([field]) => !field.startsWith(`levels.${editing.index}.`))
          .flatMap(([, messages]) => messages)
      : [];
  const set = (key: keyof Draft, value: string) =>
    setEditing((current) => (current ? { ...current, draft: { ...current.draft, [key]: value } } : current));
  const open = (index: number) => {
    save.reset();
    setEditing({ index, draft: draftOf(tiers[index]) });
  };

  return (
    <Card className="overflow-clip">
      <CardHeader
        title={t('admin.levels.title')}
        description={t('admin.levels.description')}
        actions={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => open(tiers.length)}
            disabled={levels.isPending || tiers.length >= PAYMENT_LEVELS_MAX}
          >
            <Plus className="size-4" aria-hidden />
            {t('admin.levels.add')}
          </Button>
        }
      />
      {levels.isError ? (
        <div className="p-5">
          <Alert tone="error">{levels.error.message}</Alert>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t('admin.levels.title')}>
            <thead>
              <tr>
                {headers.map((h) => (
                  <Th key={h}>{t(`admin.levels.${h}`)}</Th>
                ))}
                <Th>
                  <span className="sr-only">{t('admin.levels.edit')}</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {levels.isPending ? (
                <SkeletonRows columns={headers.length + 1} rows={2} />
              ) : tiers.length === 0 ? (
                <TableMessage columns={headers.length + 1}>
                  <EmptyState
                    icon={<Gift className="size-6" aria-hidden />}
                    title={t('admin.levels.empty')}
                  />
                </TableMessage>
              ) : (
                tiers.map((tier, i) => (
                  <Tr key={`${tier.min}-${tier.max}`}>
                    <Td className="tabular-nums">{format.number(tier.min)}</Td>
                    <Td className="tabular-nums">
                      {tier.max === null ? t('admin.levels.maxNone') : format.number(tier.max)}
                    </Td>
                    <Td className="tabular-nums">{format.number(tier.percent)}</Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button size="sm" variant="ghost" onClick={() => open(i)}>
                        <Pencil className="size-4" aria-hidden />
                        {t('admin.levels.edit')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(i)}>
                        <Trash2 className="size-4" aria-hidden />
                        {t('admin.levels.delete')}
                      </Button>
                    </Td>
                  </Tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}

      <Modal
        open={editing !== null}
        onOpenChange={(next) => !next && setEditing(null)}
        title={
          editing && editing.index < tiers.length ? t('admin.levels.editTitle') : t('admin.levels.addTitle')
        }
        closeLabel={t('admin.common.close')}
        size="sm"
      >
        {editing ? (
          <form onSubmit={submit} className="space-y-4">
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t('admin.levels.min')}
                inputMode="decimal"
                value={editing.draft.min}
                onChange={(e) => set('min', e.target.value)}
                error={fieldError('min')}
              />
              <TextField
                label={t('admin.levels.max')}
                inputMode="decimal"
                placeholder={t('admin.levels.maxNone')}
                value={editing.draft.max}
                onChange={(e) => set('max', e.target.value)}
                error={fieldError('max')}
              />
            </div>
            <TextField
              label={t('admin.levels.percent')}
              inputMode="numeric"
              value={editing.draft.percent}
              onChange={(e) => set('percent', e.target.value)}
              error={fieldError('percent')}
            />
            <TextField
              label={t('admin.common.reason')}
              hint={t('admin.common.reasonHint')}
              optional
              maxLength={ADMIN_REASON_MAX}
              value={editing.draft.reason}
              onChange={(e) => set('reason', e.target.value)}
            />
            {otherErrors.length > 0 || (failure && Object.keys(failure.fieldErrors).length === 0) ? (
              <Alert tone="error">{otherErrors.length > 0 ? otherErrors.join(' ') : failure?.message}</Alert>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setEditing(null)}>
                {t('admin.common.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {t('admin.common.save')}
              </Button>
            </div>
          </form>
        ) : null}
      </Modal>

      <ReasonDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('admin.levels.deleteTitle', { min: `$${format.number(tiers[deleting ?? 0]?.min ?? 0)}` })}
        body={t('admin.levels.deleteBody')}
        confirmLabel={t('admin.levels.delete')}
        tone="danger"
        onConfirm={(reason) =>
          save.mutateAsync({
            levels: tiers.filter((_, i) => i !== deleting),
            reason: reason || undefined,
          })
        }
      />
    </Card>
  );
}
