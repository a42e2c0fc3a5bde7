import { Search, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { type DataColumn, DataTable, dataColumns, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Input } from '@/ui/Input.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { useAdminUsers } from './api/admin.ts';
import type { AdminUser } from './api/types.ts';
import { useUsersState } from './usersState.ts';

const col = dataColumns<AdminUser>();

export function UserFlags({ user }: { user: AdminUser['attributes'] }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {user.isBlocked ? <Badge tone="danger">{t('admin.users.flags.blocked')}</Badge> : null}
      {user.isPartner ? <Badge tone="brand">{t('admin.users.flags.partner')}</Badge> : null}
      {user.isAdmin ? <Badge tone="warning">{t('admin.users.flags.admin')}</Badge> : null}
      {user.emailConfirmed ? null : <Badge>{t('admin.users.flags.unconfirmed')}</Badge>}
    </span>
  );
}

function useColumns(): DataColumn<AdminUser>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  return useMemo(
    () => [
      col.display({
        id: 'email',
        meta: { label: t('admin.users.columns.email'), sort: 'email', fixed: true, card: 'lead' },
        cell: ({ row }) => (
          <div className="min-w-0">
            <Link
              to={to(`/admin/users/${row.original.id}`)}
              className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {row.original.attributes.email}
            </Link>
            <p className="truncate text-xs text-ink-subtle">
              #{row.original.id} · {row.original.attributes.name}
            </p>
          </div>
        ),
      }),
      col.display({
        id: 'balance',
        meta: { label: t('admin.users.columns.balance'), sort: 'balance', align: 'right', card: 'essential' },
        cell: ({ row }) => (
          <span className="tabular-nums">{format.number(row.original.attributes.balance)}</span>
        ),
      }),
      col.display({
        id: 'flags',
        meta: { label: t('admin.users.columns.flags'), card: 'field' },
        cell: ({ row }) => <UserFlags user={row.original.attributes} />,
      }),
      col.display({
        id: 'createdAt',
        meta: {
          label: t('admin.users.columns.createdAt'),
          sort: 'createdAt',
          className: 'whitespace-nowrap',
        },
        cell: ({ row }) => format.date(row.original.attributes.createdAt),
      }),
      col.display({
        id: 'lastLoginAt',
        meta: { label: t('admin.users.columns.lastLoginAt'), className: 'whitespace-nowrap' },
        cell: ({ row }) => format.date(row.original.attributes.lastLoginAt, true),
      }),
    ],
    [t, format, to],
  );
}

function SearchForm({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  return (
    <form
      aria-label={t('admin.users.search')}
      className="flex gap-2 border-b border-line px-5 py-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <Input
        type="search"
        aria-label={t('admin.users.search')}
        placeholder={t('admin.users.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="max-w-md"
      />
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden />
        {t('admin.users.search')}
      </Button>
    </form>
  );
}

/** The customers: search, sortable columns, pages; each row opens the customer's page. */
export function UsersTable() {
  const { t } = useTranslation();
  const state = useUsersState();
  const users = useAdminUsers(state.filters);
  const table = useDataTable({
    name: 'admin-users',
    columns: useColumns(),
    rows: users.data?.data ?? [],
    rowId: (row) => String(row.id),
    sort: state.sort,
    onSort: state.setSort,
  });
  return (
    <Card className="overflow-clip">
      <SearchForm value={state.filters.query ?? ''} onSearch={state.setQuery} />
      {users.isError ? (
        <div className="p-5">
          <Alert tone="error">{users.error.message}</Alert>
        </div>
      ) : (
        <DataTable
          table={table}
          label={t('admin.users.title')}
          loading={users.isPending}
          rowProps={(row) => ({ 'data-user-id': row.id })}
          message={
            <EmptyState icon={<UsersRound className="size-6" aria-hidden />} title={t('admin.users.empty')} />
          }
        />
      )}
      {users.data && users.data.meta.page.lastPage > 1 ? (
        <div className="border-t border-line px-5 py-3">
          <Pager meta={users.data.meta.page} onPage={state.setPage} summary />
        </div>
      ) : null}
    </Card>
  );
}
