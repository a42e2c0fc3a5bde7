import { useTranslation } from 'react-i18next';
import { Pagination } from '@/ui/Pagination.tsx';
import { useFormat } from '@/ui/useFormat.ts';

type PageMeta = { currentPage: number; perPage: number; total: number; lastPage: number };

/** "51–100 of 240" and the page buttons under a table (tasks, reports and schedule pages). */
export function TablePager({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!meta || meta.total === 0) return null;
  const from = (meta.currentPage - 1) * meta.perPage + 1;
  const to = Math.min(meta.total, meta.currentPage * meta.perPage);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-5 py-3">
      <p className="text-sm text-ink-muted tabular-nums">
        {t('tasksUi.pager.summary', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(meta.total),
        })}
      </p>
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
    </div>
  );
}
