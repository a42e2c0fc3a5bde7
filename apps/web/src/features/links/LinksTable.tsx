import { NOT_AVAILABLE } from '@linkwatch/shared';
import { ExternalLink, MessageSquarePlus, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { cn } from '@/ui/cn.ts';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import type { Link } from './api/links.ts';
import { IndexingBadge, LinkStatusBadge, PageVerdict, ResponseCodeBadge } from './cells.tsx';
import type { ViewType } from './listState.ts';

type LinksTableProps = {
  links: readonly Link[];
  loading: boolean;
  view: ViewType;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (link: Link) => void;
  onComment: (link: Link) => void;
  /** Shown instead of rows when there are none (empty or error state). */
  message?: ReactNode;
  campaignName?: (id: number) => string | undefined;
};

/**
 * The links table: ticking rows feeds the selected-count bar; the URL opens the side panel.
 * Compact view keeps the columns a user scans most.
 */
export function LinksTable({
  links,
  loading,
  view,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  onComment,
  message,
  campaignName,
}: LinksTableProps) {
  const { t } = useTranslation();
  const { date: formatDate, number: formatNumber } = useFormat();
  const full = view === 'table';
  const allChecked = links.length > 0 && links.every((l) => selected.has(l.id));
  const someChecked = !allChecked && links.some((l) => selected.has(l.id));
  const columns = (full ? 11 : 6) + (campaignName ? 1 : 0);

  return (
    <Table aria-label={t('linksUi.table.label')} className={cn(!full && '[&_td]:py-2')}>
      <thead>
        <tr>
          <Th className="w-10">
            <Checkbox
              aria-label={t('linksUi.table.selectAll')}
              checked={allChecked}
              indeterminate={someChecked}
              disabled={links.length === 0}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
          </Th>
          <Th>{t('linksUi.table.url')}</Th>
          {full ? <Th>{t('linksUi.table.title')}</Th> : null}
          {campaignName ? <Th>{t('linksUi.table.campaign')}</Th> : null}
          <Th>{t('linksUi.table.responseCode')}</Th>
          <Th>{t('linksUi.table.linkStatus')}</Th>
          <Th>{t('linksUi.table.indexing')}</Th>
          {full ? <Th>{t('linksUi.table.robots')}</Th> : null}
          <Th className="text-right">{t('linksUi.table.backlinks')}</Th>
          {full ? <Th>{t('linksUi.table.lastCheck')}</Th> : null}
          {full ? <Th>{t('linksUi.table.comment')}</Th> : null}
        </tr>
      </thead>
      <tbody>
        {loading && links.length === 0 ? (
          <SkeletonRows columns={columns} />
        ) : links.length === 0 && message ? (
          <TableMessage columns={columns}>{message}</TableMessage>
        ) : (
          links.map((link) => {
            const a = link.attributes;
            const checked = selected.has(link.id);
            return (
              <Tr key={link.id} selected={checked} data-link-row={a.urlWithoutProtocol}>
                <Td className="w-10">
                  <Checkbox
                    aria-label={t('linksUi.table.selectRow', { url: a.urlWithoutProtocol })}
                    checked={checked}
                    onChange={() => onToggle(link.id)}
                  />
                </Td>
                <Td className="max-w-[22rem] min-w-56">
                  <div className="flex items-center gap-1.5">
                    <button
                      type="button"
                      onClick={() => onOpen(link)}
                      title={a.url}
                      aria-label={t('linksUi.table.open', { url: a.urlWithoutProtocol })}
                      className="min-w-0 truncate rounded text-left font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {a.urlWithoutProtocol}
                    </button>
                    <a
                      href={a.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="shrink-0 rounded text-slate-400 hover:text-slate-600"
                      aria-label={t('linksUi.table.openExternal')}
                    >
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  </div>
                  {!full && a.title ? <p className="truncate text-xs text-ink-subtle">{a.title}</p> : null}
                </Td>
                {full ? (
                  <Td className="max-w-56 truncate text-ink-muted" title={a.title ?? undefined}>
                    {a.title ?? '—'}
                  </Td>
                ) : null}
                {campaignName ? (
                  <Td className="max-w-40 truncate text-ink-muted">{campaignName(a.campaignId) ?? '—'}</Td>
                ) : null}
                <Td>
                  <ResponseCodeBadge link={a} />
                </Td>
                <Td>
                  <LinkStatusBadge link={a} short />
                </Td>
                <Td>
                  <IndexingBadge link={a} />
                </Td>
                {full ? (
                  <Td className="whitespace-nowrap text-ink-muted">
                    <PageVerdict link={a} />
                  </Td>
                ) : null}
                <Td className="text-right tabular-nums">
                  {a.countBacklinks === NOT_AVAILABLE ? (
                    <span className="text-ink-subtle">{t('common.notAvailable')}</span>
                  ) : (
                    formatNumber(a.countBacklinks)
                  )}
                </Td>
                {full ? (
                  <Td className="whitespace-nowrap text-ink-muted">{formatDate(a.dateCheckData)}</Td>
                ) : null}
                {full ? (
                  <Td className="max-w-48">
                    <button
                      type="button"
                      onClick={() => onComment(link)}
                      className="flex max-w-full items-center gap-1.5 rounded text-left text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                      aria-label={a.comment ? t('linksUi.table.editComment') : t('linksUi.table.addComment')}
                      title={a.comment ?? undefined}
                    >
                      {a.comment ? (
                        <>
                          <MessageSquareText className="size-4 shrink-0 text-slate-400" aria-hidden />
                          <span className="truncate">{a.comment}</span>
                        </>
                      ) : (
                        <MessageSquarePlus className="size-4 text-slate-300" aria-hidden />
                      )}
                    </button>
                  </Td>
                ) : null}
              </Tr>
            );
          })
        )}
      </tbody>
    </Table>
  );
}
