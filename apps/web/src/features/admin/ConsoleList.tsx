import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/ui/Alert.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { Table } from '@/ui/Table.tsx';

type Page<T> = {
  data: T[];
  meta: { page: { currentPage: number; perPage?: number; total?: number; lastPage: number } };
};

/**
 * A console list of one page of rows, in its four states: the error, a skeleton while it loads, the empty
 * card, or the table (the caller's head and rows) with its pager.
 */
export function ConsoleList<T>(props: {
  list: UseQueryResult<Page<T>, Error>;
  skeletonClassName: string;
  emptyTitle: string;
  head: ReactNode;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  const { list } = props;
  if (list.isError) return <Alert tone="error">{list.error.message}</Alert>;
  if (list.isPending) return <Skeleton className={props.skeletonClassName} />;
  if (list.data.data.length === 0)
    return (
      <Card>
        <EmptyState title={props.emptyTitle} />
      </Card>
    );
  return (
    <Card className="overflow-x-auto">
      <Table>
        <thead>{props.head}</thead>
        <tbody>{props.children(list.data.data)}</tbody>
      </Table>
      <Pager meta={list.data.meta.page} onPage={props.onPage} summary />
    </Card>
  );
}
