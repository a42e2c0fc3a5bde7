import type { TAdminReferralSetupResponse } from '@linkwatch/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { Input } from '@/ui/Input.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { FilterSelect } from '@/ui/Select.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  useAdminPartners,
  useAdminPayouts,
  usePayoutCancel,
  usePayoutPaid,
  useReferralSetup,
  useSaveLevels,
  useSaveMethods,
  useSaveMinimum,
} from './api/partners.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

const usd = (value: number) => `$${value.toFixed(2)}`;
const STATUS_KEYS = { 0: 'referral.status.0', 1: 'referral.status.1', 2: 'referral.status.2' } as const;

function PartnersTable() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const found = useAdminPartners({ query, page });
  const rows = found.data?.data ?? [];
  return (
    <section className="space-y-3" aria-labelledby="console-partners">
      <h2 id="console-partners" className="text-lg font-semibold text-ink">
        {t('referral.admin.partners')}
      </h2>
      <TextField
        label={t('referral.admin.search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(1);
        }}
        className="max-w-sm"
      />
      <Card className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('referral.admin.partner')}</Th>
              <Th className="text-right">{t('referral.admin.links')}</Th>
              <Th className="text-right">{t('referral.admin.referred')}</Th>
              <Th className="text-right">{t('referral.summary.pending')}</Th>
              <Th className="text-right">{t('referral.summary.available')}</Th>
              <Th className="text-right">{t('referral.summary.requested')}</Th>
              <Th className="text-right">{t('referral.summary.paidOut')}</Th>
            </tr>
          </thead>
          <tbody>
            {found.isPending ? <SkeletonRows rows={3} columns={7} /> : null}
            {found.isSuccess && rows.length === 0 ? (
              <TableMessage columns={7}>
                <p className="p-5 text-sm text-ink-muted">{t('referral.admin.none')}</p>
              </TableMessage>
            ) : null}
            {rows.map((p) => (
              <Tr key={p.id}>
                <Td>
                  <span className="font-medium">#{p.id}</span> {p.attributes.email}
                </Td>
                <Td className="text-right tabular-nums">{p.attributes.links}</Td>
                <Td className="text-right tabular-nums">{p.attributes.referredUsers}</Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.pending)}</Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.available)}</Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.requested)}</Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.paidOut)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Card>
      {found.data && found.data.meta.page.lastPage > 1 ? (
        <Pager meta={found.data.meta.page} onPage={setPage} />
      ) : null}
    </section>
  );
}

function PayoutRequests() {
  const { t } = useTranslation();
  const format = useFormat();
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const found = useAdminPayouts({ status, page });
  const paid = usePayoutPaid();
  const cancel = usePayoutCancel();
  const [paying, setPaying] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const rows = found.data?.data ?? [];
  return (
    <section className="space-y-3" aria-labelledby="console-payouts">
      <h2 id="console-payouts" className="text-lg font-semibold text-ink">
        {t('referral.admin.payouts')}
      </h2>
      <FilterSelect
        label={t('referral.payouts.status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
        placeholder={t('referral.admin.allStatuses')}
        options={[0, 1, 2].map((s) => ({ value: String(s), label: t(STATUS_KEYS[s as 0 | 1 | 2]) }))}
      />
      <Card className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('referral.payouts.date')}</Th>
              <Th>{t('referral.admin.partner')}</Th>
              <Th>{t('referral.payouts.method')}</Th>
              <Th className="text-right">{t('referral.payouts.amount')}</Th>
              <Th className="text-right">{t('referral.payouts.arrives')}</Th>
              <Th>{t('referral.payouts.status')}</Th>
              <Th>
                <span className="sr-only">{t('referral.admin.markPaid')}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {found.isPending ? <SkeletonRows rows={3} columns={7} /> : null}
            {found.isSuccess && rows.length === 0 ? (
              <TableMessage columns={7}>
                <p className="p-5 text-sm text-ink-muted">{t('referral.admin.none')}</p>
              </TableMessage>
            ) : null}
            {rows.map((p) => (
              <Tr key={p.id}>
                <Td className="text-ink-muted">{format.dateTime(p.attributes.createdAt)}</Td>
                <Td>{p.attributes.partnerEmail}</Td>
                <Td>
                  {p.attributes.paymentMethod}
                  {p.attributes.email ? (
                    <span className="block text-xs text-ink-muted">{p.attributes.email}</span>
                  ) : null}
                </Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.amount)}</Td>
                <Td className="text-right tabular-nums">{usd(p.attributes.net)}</Td>
                <Td>
                  {t(STATUS_KEYS[p.attributes.statusId as 0 | 1 | 2] ?? 'referral.status.0')}
                  {p.attributes.reference ? (
                    <span className="block text-xs text-ink-muted">{p.attributes.reference}</span>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap text-right">
                  {p.attributes.statusId === 0 ? (
                    <span className="flex justify-end gap-2">
                      <Button size="sm" onClick={() => setPaying(p.id)}>
                        {t('referral.admin.markPaid')}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setCancelling(p.id)}>
                        {t('referral.admin.cancel')}
                      </Button>
                    </span>
                  ) : null}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Card>
      {found.data && found.data.meta.page.lastPage > 1 ? (
        <Pager meta={found.data.meta.page} onPage={setPage} />
      ) : null}
      <ReasonDialog
        open={paying !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPaying(null);
            setReference('');
          }
        }}
        title={t('referral.admin.markPaid')}
        body={
          <TextField
            label={t('referral.admin.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
          />
        }
        confirmLabel={t('referral.admin.markPaid')}
        onConfirm={async (reason) => {
          await paid.mutateAsync({ id: paying ?? 0, reference, reason });
          notify.success(t('referral.admin.paidDone'));
          setReference('');
        }}
      />
      <ReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title={t('referral.admin.cancel')}
        body={t('referral.admin.cancelDone')}
        tone="danger"
        confirmLabel={t('referral.admin.cancel')}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ id: cancelling ?? 0, reason });
          notify.success(t('referral.admin.cancelDone'));
        }}
      />
    </section>
  );
}

type Setup = TAdminReferralSetupResponse['data'];

function SetupForms({ setup }: { setup: Setup }) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState(setup.levels.map(({ min, max, percent }) => ({ min, max, percent })));
  const [methods, setMethods] = useState(setup.methods);
  const [minimum, setMinimum] = useState(String(setup.minPayout));
  const saveLevels = useSaveLevels();
  const saveMethods = useSaveMethods();
  const saveMinimum = useSaveMinimum();
  useEffect(() => setMinimum(String(setup.minPayout)), [setup.minPayout]);
  const failure = [saveLevels.error, saveMethods.error, saveMinimum.error].find((e) => e instanceof ApiError);
  const done = () => notify.success(t('referral.admin.saved'));
  const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
  const submitLevels = (e: FormEvent) => {
    e.preventDefault();
    saveLevels.mutate({ levels }, { onSuccess: done });
  };
  const submitMethods = (e: FormEvent) => {
    e.preventDefault();
    saveMethods.mutate(
      { methods: methods.map((m) => ({ ...m, id: m.id || undefined, type: m.type === 1 ? 1 : 2 })) },
      { onSuccess: done },
    );
  };
  const submitMinimum = (e: FormEvent) => {
    e.preventDefault();
    saveMinimum.mutate({ minPayout: num(minimum) }, { onSuccess: done });
  };
  return (
    <section className="space-y-4" aria-labelledby="console-setup">
      <h2 id="console-setup" className="text-lg font-semibold text-ink">
        {t('referral.admin.setup')}
      </h2>
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
      <Card className="p-5">
        <form onSubmit={submitLevels} className="space-y-3">
          <h3 className="font-semibold text-ink">{t('referral.admin.levels')}</h3>
          {levels.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows edited in place, in their order
            <div key={i} className="grid grid-cols-3 gap-2 sm:max-w-lg">
              <Input
                aria-label={t('referral.admin.levelMin')}
                inputMode="decimal"
                value={String(l.min)}
                onChange={(e) =>
                  setLevels(levels.map((x, j) => (j === i ? { ...x, min: num(e.target.value) } : x)))
                }
              />
              <Input
                aria-label={t('referral.admin.levelMax')}
                inputMode="decimal"
                value={l.max === null ? '' : String(l.max)}
                placeholder="∞"
                onChange={(e) =>
                  setLevels(
                    levels.map((x, j) =>
                      j === i ? { ...x, max: e.target.value.trim() === '' ? null : num(e.target.value) } : x,
                    ),
                  )
                }
              />
              <Input
                aria-label={t('referral.admin.levelPercent')}
                inputMode="numeric"
                value={String(l.percent)}
                onChange={(e) =>
                  setLevels(levels.map((x, j) => (j === i ? { ...x, percent: num(e.target.value) } : x)))
                }
              />
            </div>
          ))}
          <p className="text-xs text-ink-muted">
            {t('referral.admin.levelMin')} · {t('referral.admin.levelMax')} ·{' '}
            {t('referral.admin.levelPercent')}
          </p>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setLevels([...levels, { min: 0, max: null, percent: 0 }])}
            >
              {t('referral.admin.addLevel')}
            </Button>
            <Button type="submit" size="sm" loading={saveLevels.isPending}>
              {t('referral.admin.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card className="p-5">
        <form onSubmit={submitMethods} className="space-y-3">
          <h3 className="font-semibold text-ink">{t('referral.admin.methods')}</h3>
          {methods.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows edited in place, in their order
            <div key={i} className="grid grid-cols-[2fr_1fr_auto] items-center gap-2 sm:max-w-xl">
              <Input
                aria-label={t('referral.admin.methodName')}
                value={m.name}
                onChange={(e) =>
                  setMethods(methods.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                }
              />
              <Input
                aria-label={t('referral.admin.methodFee')}
                inputMode="numeric"
                value={String(m.percent)}
                onChange={(e) =>
                  setMethods(methods.map((x, j) => (j === i ? { ...x, percent: num(e.target.value) } : x)))
                }
              />
              <span className="flex items-center gap-2 text-sm text-ink">
                <Checkbox
                  id={`method-enabled-${i}`}
                  checked={m.enabled}
                  onChange={(e) =>
                    setMethods(methods.map((x, j) => (j === i ? { ...x, enabled: e.target.checked } : x)))
                  }
                />
                <label htmlFor={`method-enabled-${i}`}>
                  {t('referral.admin.enabled')} (
                  {t(m.type === 1 ? 'referral.methodTypes.1' : 'referral.methodTypes.2')})
                </label>
              </span>
            </div>
          ))}
          <div className="flex gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                setMethods([...methods, { id: 0, name: '', percent: 0, type: 2, enabled: true }])
              }
            >
              {t('referral.admin.addMethod')}
            </Button>
            <Button type="submit" size="sm" loading={saveMethods.isPending}>
              {t('referral.admin.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card className="p-5">
        <form onSubmit={submitMinimum} className="flex flex-wrap items-end gap-3">
          <TextField
            label={t('referral.admin.minPayout')}
            inputMode="decimal"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
            className="max-w-xs"
          />
          <Button type="submit" size="sm" loading={saveMinimum.isPending}>
            {t('referral.admin.save')}
          </Button>
        </form>
      </Card>
    </section>
  );
}

/** The console's partner section: who partners, what they asked to be paid, and the programme's terms. */
export function PartnersConsole() {
  const setup = useReferralSetup();
  return (
    <div className="space-y-8">
      <PayoutRequests />
      <PartnersTable />
      {setup.data ? <SetupForms setup={setup.data} /> : null}
      {setup.isError ? <Alert tone="error">{setup.error.message}</Alert> : null}
    </div>
  );
}
