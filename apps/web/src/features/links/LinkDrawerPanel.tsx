import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { LinkCrawlerRecords } from '@/features/crawlers';
import { LinkEvidence } from '@/features/evidence';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { SidePanel } from '@/ui/SidePanel.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useDeleteBacklink } from './api/backlinks.ts';
import { type Backlink, useLinkDetails } from './api/links.ts';
import { useRefreshLinks } from './api/refresh.ts';
import { DeadFeedBadge, IndexingBadge, LinkStatusBadge, PageVerdict, ResponseCodeBadge } from './cells.tsx';
import { LinkIndexing, RecheckLinkButton } from './LinkChecks.tsx';

const EditLinkForm = lazy(() => import('./EditLinkForm.tsx'));

function Section({ title, children, count }: { title: string; children: ReactNode; count?: number }) {
  return (
    <section className="mt-7 first:mt-0">
      <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
        {title}
        {count !== undefined ? <Badge>{count}</Badge> : null}
      </h3>
      {children}
    </section>
  );
}

/** Exported for its test; `onDelete` left out when the user may not change links (issue 27, links.manage). */
export function BacklinksTable({
  backlinks,
  onDelete,
}: {
  backlinks: Backlink[];
  onDelete?: (b: Backlink) => void;
}) {
  const { t } = useTranslation();
  if (backlinks.length === 0)
    return <p className="text-sm text-ink-subtle">{t('linksUi.panel.noBacklinks')}</p>;
  return (
    <ul className="space-y-2">
      {backlinks.map((b) => (
        <li key={b.id} className="rounded-lg p-3 ring-1 ring-slate-200" data-backlink>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">
                {b.attributes.anchor ? (
                  `“${b.attributes.anchor}”`
                ) : (
                  <span className="text-ink-subtle">{t('links.noAnchor')}</span>
                )}
              </p>
              <p className="mt-0.5 truncate text-xs text-ink-subtle" title={b.attributes.acceptor}>
                {t('linksUi.panel.acceptor')}: {b.attributes.acceptor}
              </p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                <Badge tone={b.attributes.attribute === 'dofollow' ? 'success' : 'warning'}>
                  {t('linksUi.panel.rel')}: {b.attributes.attribute}
                </Badge>
                <Badge tone="brand">
                  {t('linksUi.panel.kind')}: {b.attributes.typeText}
                </Badge>
                {b.attributes.rendered ? (
                  <Badge tone="warning" title={t('linksUi.panel.renderedHint')}>
                    {t('linksUi.panel.rendered')}
                  </Badge>
                ) : null}
              </div>
              {b.attributes.textBefore || b.attributes.textAfter ? (
                <p className="mt-2 text-xs leading-5 text-ink-muted">
                  <span className="sr-only">{t('linksUi.panel.context')}: </span>…{b.attributes.textBefore}{' '}
                  <mark className="rounded bg-amber-100 px-0.5 text-ink">{b.attributes.anchor}</mark>{' '}
                  {b.attributes.textAfter}…
                </p>
              ) : null}
            </div>
            {onDelete ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-slate-400 hover:text-rose-600"
                aria-label={t('linksUi.panel.deleteBacklink')}
                onClick={() => onDelete(b)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The link side panel: details, status code, robots and indexing, backlinks (deletable), history. */
export function LinkDrawerPanel({ linkId, onClose }: { linkId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { date: formatDate } = useFormat();
  const details = useLinkDetails(linkId);
  const gone = isApiError(details.error, 404);
  const refreshLinks = useRefreshLinks();
  // The list behind still shows the link that is gone: read it again so its row goes too.
  useEffect(() => {
    if (gone) void refreshLinks();
  }, [gone, refreshLinks]);
  const [editing, setEditing] = useState(false);
  // Issue 27: editing a link and deleting its backlinks need links.manage, a re-check tasks.start.
  const canManage = useCan('links.manage');
  const canStart = useCan('tasks.start');
  const [deleting, setDeleting] = useState<Backlink | null>(null);
  const removeBacklink = useDeleteBacklink({
    onDeleted: () => notify.success(t('linksUi.panel.backlinkDeleted')),
    onError: (error) => notify.error(error.message),
  });
  const link = details.data?.link;
  const a = link?.attributes;
  const typeName = a
    ? t(`linksUi.types.${a.listType === 1 ? 'history' : a.listType === 3 ? 'disallow' : 'active'}`)
    : '';

  const rows: [string, ReactNode][] = a
    ? [
        [t('linksUi.panel.responseCode'), <ResponseCodeBadge key="c" link={a} />],
        [t('linksUi.panel.linkStatus'), <LinkStatusBadge key="s" link={a} />],
        ...(a.feedsDeadTierOne
          ? [[t('linksUi.deadFeed.panel'), <DeadFeedBadge key="d" link={a} />] as [string, ReactNode]]
          : []),
        [t('linksUi.panel.indexing'), <IndexingBadge key="i" link={a} />],
        [t('linksUi.panel.robots'), <PageVerdict key="r" link={a} />],
        [t('linksUi.panel.metaRobots'), a.metaRobots ?? '—'],
        [t('linksUi.panel.redirect'), a.redirect ?? '—'],
        [t('linksUi.panel.list'), typeName],
        [t('linksUi.panel.lastCheck'), formatDate(a.dateCheckData, true)],
        [t('linksUi.panel.indexingChecked'), formatDate(a.dateCheckIndexing, true)],
        [t('linksUi.panel.addedToIndex'), formatDate(a.dateAddIndex, true)],
        [t('linksUi.panel.added'), formatDate(a.createdAt, true)],
        ...(a.addedByName ? [[t('linksUi.panel.addedBy'), a.addedByName] as [string, ReactNode]] : []),
        ...(a.movedByName
          ? [
              [
                t('linksUi.panel.movedBy'),
                t('linksUi.panel.movedByOn', {
                  name: a.movedByName,
                  date: formatDate(a.movedAt ?? null, true),
                }),
              ] as [string, ReactNode],
            ]
          : []),
      ]
    : [];

  return (
    <>
      <SidePanel
        size="details"
        open={linkId !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEditing(false);
            onClose();
          }
        }}
        title={a?.urlWithoutProtocol ?? t('linksUi.panel.title')}
        description={a?.title ?? undefined}
        closeLabel={t('common.close')}
        actions={
          <>
            {a ? (
              <Button variant="ghost" size="icon" asChild>
                <a
                  href={a.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  aria-label={t('linksUi.table.openExternal')}
                >
                  <ExternalLink className="size-4" aria-hidden />
                </a>
              </Button>
            ) : null}
            {linkId !== null && canStart ? <RecheckLinkButton linkId={linkId} /> : null}
          </>
        }
      >
        {details.isPending ? (
          <div className="space-y-3" aria-hidden>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : details.isError ? (
          <Alert tone="error">{gone ? t('linksUi.panel.gone') : t('linksUi.panel.loadFailed')}</Alert>
        ) : link && a ? (
          <>
            <Section title={t('linksUi.panel.details')}>
              {editing ? (
                <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                  <EditLinkForm link={link} onDone={() => setEditing(false)} />
                </Suspense>
              ) : (
                <>
                  <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
                    {rows.map(([label, value]) => (
                      <div key={label} className="min-w-0">
                        <dt className="text-xs text-ink-subtle">{label}</dt>
                        <dd className="mt-0.5 truncate text-sm text-ink">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
                    <p className="text-xs text-ink-subtle">{t('linksUi.panel.comment')}</p>
                    <p className="mt-0.5 whitespace-pre-wrap text-ink">{a.comment || '—'}</p>
                  </div>
                  {canManage ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-3"
                      icon={<Pencil className="size-3.5" aria-hidden />}
                      onClick={() => setEditing(true)}
                    >
                      {t('linksUi.panel.edit')}
                    </Button>
                  ) : null}
                </>
              )}
            </Section>
            <Section title={t('linksUi.panel.backlinks')} count={details.data.backlinks.length}>
              <BacklinksTable
                backlinks={details.data.backlinks}
                onDelete={canManage ? setDeleting : undefined}
              />
            </Section>
            <Section title={t('linksUi.panel.history')}>
              {details.data.histories.length === 0 ? (
                <p className="text-sm text-ink-subtle">{t('linksUi.panel.noHistory')}</p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="text-left text-xs text-ink-subtle">
                    <tr>
                      <th scope="col" className="py-1.5 font-medium">
                        {t('linksUi.panel.date')}
                      </th>
                      <th scope="col" className="py-1.5 font-medium">
                        {t('linksUi.panel.status')}
                      </th>
                      <th scope="col" className="py-1.5 font-medium">
                        {t('linksUi.panel.responseCode')}
                      </th>
                      <th scope="col" className="py-1.5 font-medium">
                        {t('linksUi.panel.source')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {details.data.histories.map((h) => (
                      <tr key={h.id} className="border-t border-slate-100">
                        <td className="py-2 whitespace-nowrap text-ink-muted">
                          {formatDate(h.attributes.date, true)}
                        </td>
                        <td className="py-2">
                          <LinkStatusBadge
                            link={{ ...h.attributes, linkStatusText: h.attributes.statusText }}
                            short
                          />
                        </td>
                        <td className="py-2 tabular-nums">
                          <ResponseCodeBadge link={h.attributes} short />
                        </td>
                        <td className="py-2 text-ink-muted">{h.attributes.crawlerText ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Section>
            <Section title={t('evidence.title')}>
              <LinkEvidence linkId={link.id} />
            </Section>
            <Section title={t('crawlersUi.panel.title')}>
              <LinkCrawlerRecords linkId={linkId} />
            </Section>
            <Section title={t('linksUi.panel.indexingOptions')}>
              <LinkIndexing link={link} history={details.data.indexHistories} />
            </Section>
          </>
        ) : null}
      </SidePanel>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('linksUi.panel.deleteBacklinkTitle')}
        body={t('linksUi.panel.deleteBacklinkBody', { acceptor: deleting?.attributes.acceptor ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('linksUi.panel.deleteBacklink')}
        onConfirm={() => deleting && removeBacklink.mutate(deleting)}
      />
    </>
  );
}
