import { Download, ListChecks, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Field } from '@/ui/Field.tsx';
import { inputClass } from '@/ui/Input.tsx';
import { Select } from '@/ui/Select.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  type DisavowEntry,
  type DisavowVersion,
  downloadDisavowFile,
  useChangeDisavow,
  useDisavowDiff,
  useDisavowVersion,
  useDisavowVersions,
} from './api/disavow.ts';

/** The versions table's columns shown on a wide screen only; below it their values ride under the reason. */
const WIDE_CELL = 'hidden xl:table-cell';

/** `/disavow/{project}`: the versions, a version's entries (each removable), a diff, and typed additions. */
export function DisavowList({ project }: { project: string }) {
  const { t } = useTranslation();
  const versions = useDisavowVersions(project);
  // Issue 27: changing the disavow list (adding, removing lines) needs links.manage.
  const canManage = useCan('links.manage');
  const [shown, setShown] = useState<number | null>(null);
  const list = versions.data ?? [];
  const latest = list[0]?.attributes.number ?? null;

  if (versions.isError) return <Alert tone="error">{t('disavow.loadFailed')}</Alert>;
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-ink-muted">{t('disavow.description')}</p>
      <Card>
        <CardHeader title={t('disavow.versions')} />
        {versions.isPending ? (
          <Table aria-busy aria-label={t('disavow.loading')}>
            <tbody>
              <SkeletonRows rows={3} columns={2} />
            </tbody>
          </Table>
        ) : list.length === 0 ? (
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden />}
            title={t('disavow.empty')}
            body={t('disavow.emptyHint')}
          />
        ) : (
          <VersionsTable project={project} versions={list} shown={shown ?? latest} onShow={setShown} />
        )}
      </Card>
      {latest !== null ? (
        <Entries
          project={project}
          number={shown ?? latest}
          latest={canManage && (shown === null || shown === latest)}
        />
      ) : null}
      {list.length > 1 ? <Diff project={project} versions={list} /> : null}
      {canManage ? <AddTyped project={project} /> : null}
    </div>
  );
}

function VersionsTable({
  project,
  versions,
  shown,
  onShow,
}: {
  project: string;
  versions: DisavowVersion[];
  shown: number | null;
  onShow: (number: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const download = async (number: number) => {
    try {
      await downloadDisavowFile(project, number);
    } catch (error) {
      notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
    }
  };
  return (
    <div className="overflow-x-auto">
      <Table>
        <thead>
          <tr>
            <Th>{t('disavow.columns.number')}</Th>
            <Th className={WIDE_CELL}>{t('disavow.columns.date')}</Th>
            <Th className={WIDE_CELL}>{t('disavow.columns.actor')}</Th>
            <Th>{t('disavow.columns.reason')}</Th>
            <Th className={WIDE_CELL}>{t('disavow.columns.entries')}</Th>
            <Th className={WIDE_CELL}>{t('disavow.columns.changes')}</Th>
            <Th>
              <span className="sr-only">{t('disavow.columns.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {versions.map(({ id, attributes: v }) => {
            const date = format.dateTime(v.createdAt);
            const actor = v.actorName ?? t('disavow.unknownActor');
            const entries = t('disavow.entriesCount', {
              domains: format.number(v.domains),
              urls: format.number(v.urls),
            });
            const changes = t('disavow.changesCount', {
              added: format.number(v.added),
              removed: format.number(v.removed),
            });
            return (
              <Tr key={id} className={v.number === shown ? 'bg-brand-50/50' : undefined}>
                <Td className="font-medium whitespace-nowrap">
                  {t('disavow.versionNumber', { number: v.number })}
                </Td>
                <Td className={`${WIDE_CELL} whitespace-nowrap`}>{date}</Td>
                <Td className={`${WIDE_CELL} whitespace-nowrap`}>{actor}</Td>
                <Td className="max-w-xs min-w-40 break-words">
                  {v.reason}
                  {/* Below xl the date, who and counts ride under the reason instead of in columns of their own. */}
                  <span className="mt-1 block text-xs text-ink-muted xl:hidden">
                    {date} · {actor}
                    <br />
                    {entries} · {changes}
                  </span>
                </Td>
                <Td className={`${WIDE_CELL} whitespace-nowrap`}>{entries}</Td>
                <Td className={`${WIDE_CELL} whitespace-nowrap`}>{changes}</Td>
                <Td className="text-right">
                  {/* On a phone the two are icons (their names stay for screen readers), stacked. */}
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<ListChecks className="size-3.5" aria-hidden />}
                      aria-pressed={v.number === shown}
                      className="aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
                      onClick={() => onShow(v.number)}
                    >
                      <span className="max-sm:sr-only">{t('disavow.show')}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Download className="size-3.5" aria-hidden />}
                      aria-label={t('disavow.downloadVersion', { number: v.number })}
                      onClick={() => void download(v.number)}
                    >
                      <span className="max-sm:sr-only">{t('disavow.download')}</span>
                    </Button>
                  </div>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** A version's entries; on the latest one (`latest`, and links.manage) each can be removed (which makes a new version). */
function Entries({ project, number, latest }: { project: string; number: number; latest: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const version = useDisavowVersion(project, number);
  const change = useChangeDisavow(project);
  const [removing, setRemoving] = useState<DisavowEntry | null>(null);
  const entries = version.data?.attributes.entries ?? [];
  const remove = (entry: DisavowEntry) =>
    change.mutate(
      { reason: t('disavow.removeReason'), remove: [entry.line] },
      {
        onSuccess: (result) => notify.success(t('disavow.removed', { number: result.attributes.number })),
        onError: (error) => notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed')),
      },
    );
  return (
    <Card>
      <CardHeader title={t('disavow.entriesOf', { number })} />
      <div className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('disavow.entry')}</Th>
              <Th className="hidden sm:table-cell">{t('disavow.columns.reason')}</Th>
              <Th className="hidden sm:table-cell">{t('disavow.addedAt')}</Th>
              {latest ? (
                <Th>
                  <span className="sr-only">{t('disavow.columns.actions')}</span>
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {version.isPending ? (
              <SkeletonRows rows={3} columns={2} />
            ) : entries.length === 0 ? (
              <TableMessage columns={latest ? 4 : 3}>{t('disavow.noEntries')}</TableMessage>
            ) : (
              entries.map((entry) => (
                <Tr key={entry.line}>
                  <Td className={latest ? 'sm:min-w-48' : 'max-sm:pr-5 sm:min-w-48'}>
                    <span className="font-mono text-xs break-all">{entry.line}</span>
                    {/* On a phone the reason and the date go under the entry, which keeps the width. */}
                    <span className="mt-1 block text-xs text-ink-muted sm:hidden">
                      {entry.reason} · {format.date(entry.addedAt)}
                    </span>
                  </Td>
                  <Td className="hidden max-w-xs min-w-40 break-words sm:table-cell">{entry.reason}</Td>
                  <Td className="hidden whitespace-nowrap sm:table-cell">{format.date(entry.addedAt)}</Td>
                  {latest ? (
                    <Td className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('disavow.removeEntry', { value: entry.line })}
                        onClick={() => setRemoving(entry)}
                      >
                        {t('disavow.removeConfirm')}
                      </Button>
                    </Td>
                  ) : null}
                </Tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('disavow.removeTitle')}
        body={t('disavow.removeBody', { value: removing?.line ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('disavow.removeConfirm')}
        tone="danger"
        onConfirm={() => {
          if (removing) remove(removing);
          setRemoving(null);
        }}
      />
    </Card>
  );
}

function Diff({ project, versions }: { project: string; versions: DisavowVersion[] }) {
  const { t } = useTranslation();
  const numbers = versions.map((v) => v.attributes.number);
  const [to, setTo] = useState(numbers[0]);
  const [from, setFrom] = useState(numbers[1]);
  const diff = useDisavowDiff(project, { to, from });
  const options = numbers.map((n) => ({
    value: String(n),
    label: t('disavow.versionNumber', { number: n }),
  }));
  const data = diff.data;
  return (
    <Card>
      <CardHeader title={t('disavow.diff')} />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap gap-4">
          <Field label={t('disavow.diffFrom')}>
            {(control) => (
              <Select
                {...control}
                value={String(from)}
                onChange={(e) => setFrom(Number(e.target.value))}
                options={options}
              />
            )}
          </Field>
          <Field label={t('disavow.diffTo')}>
            {(control) => (
              <Select
                {...control}
                value={String(to)}
                onChange={(e) => setTo(Number(e.target.value))}
                options={options}
              />
            )}
          </Field>
        </div>
        {data && data.added.length === 0 && data.removed.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('disavow.diffNone')}</p>
        ) : data ? (
          <div className="grid gap-4 md:grid-cols-2" aria-busy={diff.isFetching}>
            <DiffLines title={t('disavow.diffAdded')} sign="+" entries={data.added} />
            <DiffLines title={t('disavow.diffRemoved')} sign="−" entries={data.removed} />
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}

function DiffLines({ title, sign, entries }: { title: string; sign: string; entries: DisavowEntry[] }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-ink">
        {title} ({entries.length})
      </h3>
      {entries.length === 0 ? (
        <p className="text-xs text-ink-subtle">—</p>
      ) : (
        <ul className="space-y-1 font-mono text-xs break-all">
          {entries.map((e) => (
            <li key={e.line}>
              {sign} {e.line}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Domains or URLs typed one per line, with the reason: a new version. */
function AddTyped({ project }: { project: string }) {
  const { t } = useTranslation();
  const change = useChangeDisavow(project);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const lines = text.split('\n').map((line) => line.trim());
  const submit = () => {
    setErrors({});
    change.mutate(
      { reason, add: lines.filter(Boolean) },
      {
        onSuccess: (result) => {
          notify.success(t('disavow.saved', { number: result.attributes.number }));
          setText('');
          setReason('');
        },
        onError: (error) => {
          if (isApiError(error, 422)) setErrors(error.fieldErrors);
          else notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
        },
      },
    );
  };
  const typed = lines.filter(Boolean);
  const lineErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith('add.'))
    .map(([field, messages]) => `${typed[Number(field.slice(4))] ?? ''}: ${messages.join(' ')}`);
  const other = Object.entries(errors)
    .filter(([field]) => field !== 'reason' && !field.startsWith('add.'))
    .flatMap(([, messages]) => messages);
  return (
    <Card>
      <CardHeader title={t('disavow.typeTitle')} />
      <CardBody className="space-y-4">
        <label className="block space-y-1.5 text-sm font-medium text-slate-700">
          <span className="block">{t('disavow.typeLabel')}</span>
          <textarea
            className={`${inputClass} min-h-28 py-2 font-mono`}
            value={text}
            placeholder={t('disavow.typePlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <TextField
          label={t('disavow.reason')}
          hint={t('disavow.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
        {lineErrors.length + other.length > 0 ? (
          <Alert tone="error">
            {[...lineErrors, ...other].map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        ) : null}
        <Button onClick={submit} loading={change.isPending} disabled={typed.length === 0 || !reason.trim()}>
          {t('disavow.submit')}
        </Button>
      </CardBody>
    </Card>
  );
}
