import { Copy, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Field } from '@/ui/Field.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Select } from '@/ui/Select.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useCreateLink, useDeleteLinks, useReferralLinks, useReferralUris } from './api/partners.ts';
import { LinksChart } from './LinksChart.tsx';
import { useDollars } from './useDollars.ts';

/** Copies a link; a browser that refuses the clipboard reads 'Something went wrong' (spec 8). */
export async function copyLink(text: string, messages: { copied: string; failed: string }) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success(messages.copied);
  } catch {
    notify.error(messages.failed);
  }
}

function CreateLinkForm() {
  const { t } = useTranslation();
  const uris = useReferralUris();
  const create = useCreateLink();
  const [key, setKey] = useState('');
  const [referralUri, setReferralUri] = useState('1');
  const errors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { key, referralUri },
      {
        // The new link appears at the top of the table; a toast there would cover its buttons.
        onSuccess: () => setKey(''),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <TextField
        label={t('referral.links.key')}
        hint={t('referral.links.keyHint')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        error={errors.key}
        maxLength={64}
        autoComplete="off"
        name="key"
      />
      <Field label={t('referral.links.page')} error={errors.referralUri}>
        {(control) => (
          <Select
            {...control}
            name="referralUri"
            value={referralUri}
            onChange={(e) => setReferralUri(e.target.value)}
            options={(uris.data ?? []).map((u) => ({ value: String(u.id), label: u.attributes.link }))}
          />
        )}
      </Field>
      <Button
        type="submit"
        loading={create.isPending}
        icon={<Plus className="size-4" aria-hidden />}
        className="sm:mt-6"
      >
        {t('referral.links.create')}
      </Button>
      {create.error && !Object.keys(errors).length ? (
        <Alert tone="error">{create.error.message}</Alert>
      ) : null}
    </form>
  );
}

/** The partner's links: create, copy, delete; clicks, sign-ups and income of each; the last 30 days. */
export function LinksPanel() {
  const { t } = useTranslation();
  const dollars = useDollars();
  const [page, setPage] = useState(1);
  const query = useReferralLinks(page);
  const remove = useDeleteLinks();
  const rows = query.data?.data ?? [];
  const columns = 6;
  const messages = { copied: t('referral.links.copied'), failed: t('referral.errors.copyFailed') };
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="px-5 pt-5 text-base font-semibold text-ink">{t('referral.links.create')}</h2>
        <CreateLinkForm />
      </Card>
      <LinksChart days={query.data?.meta.days} loading={query.isPending} />
      <Card className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('referral.links.link')}</Th>
              <Th>{t('referral.links.page')}</Th>
              <Th className="text-right">{t('referral.links.clicks')}</Th>
              <Th className="text-right">{t('referral.links.signUps')}</Th>
              <Th className="text-right">{t('referral.links.income')}</Th>
              <Th>
                <span className="sr-only">{t('referral.links.copy')}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {query.isPending ? <SkeletonRows rows={3} columns={columns} /> : null}
            {query.isError ? (
              <TableMessage columns={columns}>
                <Alert tone="error">{query.error.message}</Alert>
              </TableMessage>
            ) : null}
            {query.isSuccess && rows.length === 0 ? (
              <TableMessage columns={columns}>
                <EmptyState title={t('referral.links.empty')} />
              </TableMessage>
            ) : null}
            {rows.map((link) => (
              <Tr key={link.id} data-testid="referral-link-row">
                <Td className="max-w-xs">
                  <span className="block truncate font-medium" title={link.attributes.referralLink}>
                    {link.attributes.referralLink}
                  </span>
                </Td>
                <Td className="text-ink-muted">{link.attributes.referralPage}</Td>
                <Td className="text-right tabular-nums" data-testid="link-clicks">
                  {link.attributes.countTransition}
                </Td>
                <Td className="text-right tabular-nums" data-testid="link-signups">
                  {link.attributes.countUser}
                </Td>
                <Td className="text-right tabular-nums">{dollars(link.attributes.incomeByLink)}</Td>
                <Td className="whitespace-nowrap text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('referral.links.copy')}
                    title={t('referral.links.copy')}
                    onClick={() => copyLink(link.attributes.referralLink, messages)}
                  >
                    <Copy className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('referral.links.deleteOne', { key: link.attributes.key })}
                    title={t('referral.links.deleteOne', { key: link.attributes.key })}
                    onClick={() => {
                      if (!window.confirm(t('referral.links.deleteConfirm', { key: link.attributes.key })))
                        return;
                      remove.mutate([link.id], {
                        onSuccess: () => notify.success(t('referral.links.deleted')),
                        onError: (error) => notify.error(error.message),
                      });
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Card>
      {query.data && query.data.meta.page.lastPage > 1 ? (
        <Pager meta={query.data.meta.page} onPage={setPage} />
      ) : null}
    </div>
  );
}
