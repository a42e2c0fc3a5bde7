import { LINK_SORT_FIELDS, NOT_AVAILABLE } from '@linkwatch/shared';
import { ExternalLink, MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { faviconUrl } from '@/api/http.ts';
import { useFormat } from '@/lib/format.ts';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { cn } from '@/ui/cn.ts';
import {
  type DataColumn,
  DataTable,
  dataColumns,
  parseSort,
  sortParam,
  useDataTable,
} from '@/ui/DataTable.tsx';
import { Favicon } from '@/ui/Favicon.tsx';
import type { Link } from './api/links.ts';
import {
  DeadFeedBadge,
  IndexingBadge,
  LinkStatusBadge,
  PageVerdict,
  RenderedBadge,
  ResponseCodeBadge,
} from './cells.tsx';
import type { ViewType } from './listState.ts';

type LinksTableOptions = {
  /** Names the table in the remembered column choice: the campaign/project lists and search differ. */
  name: string;
  links: readonly Link[];
  view: ViewType;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (link: Link) => void;
  /** Left out when the user may not edit links (issue 27, links.manage): the comment is shown, not editable. */
  onComment?: (link: Link) => void;
  /** A name in the "Added by" column shows only the links that person added. */
  onAddedBy: (userId: number) => void;
  campaignName?: (id: number) => string | undefined;
  /** The list's `sort` value and its setter (URL state). */
  sort: string | null;
  onSort: (sort: string | null) => void;
};

const col = dataColumns<Link>();
/** The compact view keeps the columns a user scans most. */
const COMPACT_HIDES = new Set(['title', 'robots', 'lastCheck', 'comment', 'addedBy']);

function useLinkColumns({
  links,
  view,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  onComment,
  onAddedBy,
  campaignName,
}: Omit<LinksTableOptions, 'name' | 'sort' | 'onSort'>): DataColumn<Link>[] {
  const { t } = useTranslation();
  const { date: formatDate, dateNumeric, number: formatNumber } = useFormat();
  const allChecked = links.length > 0 && links.every((l) => selected.has(l.id));
  const someChecked = !allChecked && links.some((l) => selected.has(l.id));

  return useMemo(() => {
    const columns: DataColumn<Link>[] = [
      col.display({
        id: 'select',
        meta: { label: t('linksUi.table.selectAll'), fixed: true, card: 'select', className: 'w-10' },
        header: () => (
          <Checkbox
            aria-label={t('linksUi.table.selectAll')}
            checked={allChecked}
            indeterminate={someChecked}
            disabled={links.length === 0}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={t('linksUi.table.selectRow', { url: row.original.attributes.urlWithoutProtocol })}
            checked={selected.has(row.original.id)}
            onChange={() => onToggle(row.original.id)}
          />
        ),
      }),
      col.display({
        id: 'url',
        // The one column that takes what the others leave; its text is cut with the full URL as a tooltip.
        meta: {
          label: t('linksUi.table.url'),
          sort: 'url',
          fixed: true,
          card: 'lead',
          className: 'w-full min-w-32 max-w-0',
        },
        cell: ({ row, table }) => {
          const a = row.original.attributes;
          const titleShown = table.getColumn('title')?.getIsVisible();
          return (
            <>
              <div className="flex items-center gap-1.5">
                <Favicon src={faviconUrl(a.url)} />
                <button
                  type="button"
                  onClick={() => onOpen(row.original)}
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
              {!titleShown && a.title ? (
                <p className="truncate text-xs text-ink-subtle" title={a.title}>
                  {a.title}
                </p>
              ) : null}
            </>
          );
        },
      }),
      col.display({
        id: 'title',
        meta: { label: t('linksUi.table.title'), defaultHidden: true, card: 'none' },
        cell: ({ row }) => {
          const title = row.original.attributes.title;
          return (
            <p className="max-w-48 truncate text-ink-muted" title={title ?? undefined}>
              {title ?? '—'}
            </p>
          );
        },
      }),
    ];
    if (campaignName)
      columns.push(
        col.display({
          id: 'campaign',
          meta: { label: t('linksUi.table.campaign') },
          cell: ({ row }) => {
            const name = campaignName(row.original.attributes.campaignId);
            return (
              <p className="max-w-32 truncate text-ink-muted" title={name}>
                {name ?? '—'}
              </p>
            );
          },
        }),
      );
    columns.push(
      col.display({
        id: 'responseCode',
        meta: { label: t('linksUi.table.responseCode'), sort: 'responseCode', card: 'essential' },
        cell: ({ row }) => <ResponseCodeBadge link={row.original.attributes} short />,
      }),
      col.display({
        id: 'linkStatus',
        meta: { label: t('linksUi.table.linkStatus'), card: 'essential' },
        cell: ({ row }) => (
          <span className="inline-flex flex-wrap items-center gap-1">
            <LinkStatusBadge link={row.original.attributes} short />
            <RenderedBadge link={row.original.attributes} />
            <DeadFeedBadge link={row.original.attributes} short />
          </span>
        ),
      }),
      col.display({
        id: 'indexing',
        meta: { label: t('linksUi.table.indexing'), sort: 'indexing' },
        cell: ({ row }) => <IndexingBadge link={row.original.attributes} />,
      }),
      col.display({
        id: 'robots',
        // The search page lists campaigns instead; the verdict stays in the side panel and the menu.
        meta: { label: t('linksUi.table.robots'), defaultHidden: Boolean(campaignName) },
        cell: ({ row }) => (
          <p
            className="max-w-36 truncate text-ink-muted"
            title={row.original.attributes.pageVerdictText ?? undefined}
          >
            <PageVerdict link={row.original.attributes} />
          </p>
        ),
      }),
      col.display({
        id: 'backlinks',
        sortDescFirst: true,
        // Right-aligned numbers under a header aligned like the others (label, then its sort arrow):
        // `align: 'right'` would put the arrow before the label.
        meta: {
          label: t('linksUi.table.backlinks'),
          sort: 'countBacklinks',
          className: 'whitespace-nowrap text-right',
          headerClassName: 'text-right',
        },
        // The term abbreviated over a column of counts (ru "Обр. ссылки"): written out, it widened the
        // table past its card at 1280 px in ru and ua. Cards and the Columns menu keep the full word.
        header: () => <span title={t('linksUi.table.backlinks')}>{t('linksUi.table.backlinksShort')}</span>,
        cell: ({ row }) => {
          const count = row.original.attributes.countBacklinks;
          return (
            <span className="tabular-nums">
              {count === NOT_AVAILABLE ? (
                <span className="text-ink-subtle">{t('common.notAvailable')}</span>
              ) : (
                formatNumber(count)
              )}
            </span>
          );
        },
      }),
      col.display({
        id: 'lastCheck',
        sortDescFirst: true,
        meta: {
          label: t('linksUi.table.lastCheck'),
          sort: 'dateCheckData',
          card: 'essential',
          className: 'whitespace-nowrap text-ink-muted',
        },
        // In digits, with the written date as its tooltip: "27 нояб. 2026 г." took the width a ru URL needs.
        cell: ({ row }) => {
          const checked = row.original.attributes.dateCheckData;
          return <span title={checked ? formatDate(checked) : undefined}>{dateNumeric(checked)}</span>;
        },
      }),
      col.display({
        id: 'addedBy',
        // Issue 27: who of the account added the link; a team's lead turns it on in the Columns menu.
        meta: { label: t('linksUi.table.addedBy'), defaultHidden: true },
        cell: ({ row }) => {
          const { addedById, addedByName } = row.original.attributes;
          if (!addedByName || addedById == null) return <span className="text-ink-subtle">—</span>;
          return (
            <button
              type="button"
              onClick={() => onAddedBy(addedById)}
              title={t('linksUi.table.showAddedBy', { name: addedByName })}
              className="block max-w-32 truncate rounded text-left text-ink-muted hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {addedByName}
            </button>
          );
        },
      }),
      col.display({
        id: 'comment',
        meta: { label: t('linksUi.table.comment'), card: 'footer' },
        // An icon over a column of icons: the word would make it four times wider.
        header: () => (
          <span title={t('linksUi.table.comment')} className="inline-flex">
            <MessageSquareText className="size-4" aria-hidden />
            <span className="sr-only">{t('linksUi.table.comment')}</span>
          </span>
        ),
        cell: ({ row }) => {
          const comment = row.original.attributes.comment;
          if (!onComment)
            return comment ? (
              <span className="flex max-w-32 items-center gap-1.5 text-ink-muted" title={comment}>
                <MessageSquareText className="size-4 shrink-0 text-slate-400" aria-hidden />
                <span className="truncate">{comment}</span>
              </span>
            ) : null;
          return (
            <button
              type="button"
              onClick={() => onComment(row.original)}
              className="flex max-w-32 items-center gap-1.5 rounded text-left text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              aria-label={comment ? t('linksUi.table.editComment') : t('linksUi.table.addComment')}
              title={comment ?? undefined}
            >
              {comment ? (
                <>
                  <MessageSquareText className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{comment}</span>
                </>
              ) : (
                <MessageSquarePlus className="size-4 text-slate-400" aria-hidden />
              )}
            </button>
          );
        },
      }),
    );
    const shown = view === 'compact' ? columns.filter((c) => !COMPACT_HIDES.has(String(c.id))) : columns;
    // Headers stay on one line ("Last check" wrapped at 1440 px), so every label sits on one baseline.
    return shown.map((c) =>
      c.meta
        ? { ...c, meta: { ...c.meta, headerClassName: cn('whitespace-nowrap', c.meta.headerClassName) } }
        : c,
    );
  }, [
    t,
    formatDate,
    dateNumeric,
    formatNumber,
    links.length,
    allChecked,
    someChecked,
    selected,
    onToggle,
    onToggleAll,
    onOpen,
    onComment,
    onAddedBy,
    campaignName,
    view,
  ]);
}

/** The links table's state: its columns, the server's sort (from the URL) and the remembered columns. */
export function useLinksTable({ name, sort, onSort, ...options }: LinksTableOptions) {
  const columns = useLinkColumns(options);
  return useDataTable({
    name,
    columns,
    rows: options.links,
    rowId: (link) => String(link.id),
    sort: parseSort(sort, LINK_SORT_FIELDS),
    onSort: (next) => onSort(sortParam(next)),
  });
}

/**
 * The links table: ticking rows feeds the selected-count bar; the URL opens the side panel. At phone
 * width each link is a card with its status, code and last check.
 */
export function LinksTable({
  table,
  loading,
  view,
  selected,
  message,
}: {
  table: ReturnType<typeof useLinksTable>;
  loading: boolean;
  view: ViewType;
  selected: ReadonlySet<number>;
  /** Shown instead of rows when there are none (empty or error state). */
  message?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      table={table}
      label={t('linksUi.table.label')}
      loading={loading}
      message={message}
      dense={view === 'compact'}
      rowProps={(link) => ({
        selected: selected.has(link.id),
        'data-link-row': link.attributes.urlWithoutProtocol,
      })}
    />
  );
}
