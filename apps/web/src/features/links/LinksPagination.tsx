import { useTranslation } from 'react-i18next';
import { Pagination } from '@/ui/Pagination.tsx';

/** The page buttons under the links, anchors and index-history tables, with their labels. */
export function LinksPagination({
  meta,
  onPage,
}: {
  meta: { currentPage: number; lastPage: number };
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pagination
      page={meta.currentPage}
      lastPage={meta.lastPage}
      onPage={onPage}
      labels={{
        nav: t('linksUi.table.pagination'),
        previous: t('linksUi.table.previous'),
        next: t('linksUi.table.next'),
        page: (page) => t('linksUi.table.page', { page }),
      }}
    />
  );
}
