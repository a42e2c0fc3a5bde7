import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Pagination } from './Pagination.tsx';

type PageMeta = { currentPage: number; perPage?: number; total?: number; lastPage: number };

type PagerProps = {
  meta: PageMeta | undefined;
  onPage: (page: number) => void;
  /** Under a table card: a bar with "51–100 of 240" beside the buttons (tasks, reports, schedule). */
  summary?: boolean;
};

/** The one pager of the app: page buttons with their labels, optionally with the row summary. */
export function Pager({ meta, onPage, summary = false }: PagerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!meta) return null;
  const pagination = (
    <Pagination
      page={meta.currentPage}
      lastPage={meta.lastPage}
      onPage={onPage}
      labels={{
        nav: t('tasksUi.pager.nav'),
        previous: t('tasksUi.pager.previous'),
        next: t('tasksUi.pager.next'),
        page: (page) => t('tasksUi.pager.page', { page }),
      }}
    />
  );
  if (!summary) return pagination;
  const { total = 0, perPage = 0 } = meta;
  if (total === 0) return null;
  const from = (meta.currentPage - 1) * perPage + 1;
  const to = Math.min(total, meta.currentPage * perPage);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-5 py-3">
      <p className="text-sm text-ink-muted tabular-nums">
        {t('tasksUi.pager.summary', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(total),
        })}
      </p>
      {pagination}
    </div>
  );
}
